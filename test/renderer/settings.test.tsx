// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiagnosticsView } from '../../shared/bridge';
import { renderApp } from './helpers';

afterEach(() => cleanup());

describe('settings: how the sign-in lasts', () => {
  it('says a sign-in that renews itself does, with no time that means nothing to the viewer', async () => {
    renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'settings' }] });
    expect(await screen.findByText('Signed in · renews automatically')).toBeTruthy();
    expect(screen.queryByText(/valid until/i)).toBeNull();
  });

  it('says when a sign-in will be needed when that is known, in the UI language', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'ja', screens: [{ name: 'settings' }] });
    const ends = '2026-11-22T19:34:00.000Z';
    const diagnostics = fake.bridge.diagnostics.bind(fake.bridge);
    fake.bridge.diagnostics = async (): Promise<DiagnosticsView> => ({ ...(await diagnostics()), tokenValidUntil: ends, signInRenews: false });
    const again = await screen.findByRole('button', { name: '再確認' });
    await act(async () => again.click());
    const when = new Intl.DateTimeFormat('ja', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ends));
    expect(await screen.findByText(`${when} までサインイン中：その後はもう一度サインインが必要です`)).toBeTruthy();
  });

  it('a guest’s access renews itself too', async () => {
    renderApp({ scenario: 'guest', language: 'zh-Hant', screens: [{ name: 'settings' }] });
    expect(await screen.findByText('以訪客身分瀏覽 · 自動續期')).toBeTruthy();
  });
});

describe('settings: how the sign-in is protected', () => {
  it('names the kiosk shell’s key file, not a keyring', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'settings' }] });
    const path = '/run/credentials/tunewall.service/tunewall-vault-key';
    await act(async () => fake.setState({ storage: { protection: 'key-file', reason: undefined, params: { path } } }));
    expect(await screen.findByText(`Your sign-in is encrypted (AES-256-GCM) with the key in ${path}.`)).toBeTruthy();
    expect(screen.queryByText(/keyring/)).toBeNull();
  });

  it.each([
    ['os-keyring', 'Your sign-in is encrypted with a key kept by the system keyring.'],
    ['weak', 'Your sign-in is stored, but this system protects it only weakly.'],
    ['memory', 'Your sign-in is kept in memory only: you will sign in again after a restart.'],
  ] as const)('%s: says so', async (protection, words) => {
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'settings' }] });
    await act(async () => fake.setState({ storage: { protection, reason: undefined } }));
    expect(await screen.findByText(words)).toBeTruthy();
  });
});

describe('settings: voice guidance', () => {
  it('turns guidance on and off; with it on and no voice of the UI language here, says so, and the shell speaks', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'ja', screens: [{ name: 'settings' }], voiceGuidance: true, shellLanguages: ['en'] });
    // No speechSynthesis in this page: the shell is asked, in the UI language, and it has only English.
    expect(await screen.findByText('この端末には日本語の音声がありません。システムの音声で読み上げます。')).toBeTruthy();
    await vi.waitFor(() => expect(fake.callsOf('speak').map((call) => call.args[0])).toContainEqual(expect.objectContaining({ text: '設定', language: 'ja' })));
    const off = await screen.findByRole('button', { name: '音声ガイド: オフ' });
    await act(async () => off.click());
    expect(fake.callsOf('setVoiceGuidance').map((call) => call.args)).toEqual([[false]]);
    await vi.waitFor(() => expect(screen.queryByText(/音声がありません/)).toBeNull());
    expect(screen.getByRole('button', { name: '音声ガイド: オフ' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says nothing and loads nothing of guidance while it is off', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'settings' }] });
    expect(await screen.findByRole('button', { name: 'Voice guidance: Off' })).toBeTruthy();
    expect(fake.callsOf('speak')).toEqual([]);
  });
});

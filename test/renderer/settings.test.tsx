// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
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

  it('a guest is told they browse as a guest, and nothing about renewing', async () => {
    renderApp({ scenario: 'guest', language: 'zh-Hant', screens: [{ name: 'settings' }] });
    await screen.findByText(/服務連線正常/);
    expect(screen.getAllByText('以訪客身分瀏覽').length).toBeGreaterThan(0);
    expect(screen.queryByText(/自動續期/)).toBeNull();
  });
});

describe('settings: a guest', () => {
  it('is offered Sign in, which pairs, and no sign-out nor how a sign-in is protected', async () => {
    const { fake } = renderApp({ scenario: 'guest', language: 'en', screens: [{ name: 'settings' }] });
    const signIn = await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(screen.queryByText('How your sign-in is protected')).toBeNull();
    expect(screen.queryByText(/Sign-in storage/)).toBeNull();
    await act(async () => signIn.click());
    expect(fake.callsOf('startPairing')).toHaveLength(1);
    expect(fake.callsOf('signOut')).toHaveLength(0);
  });
});

describe('settings: how the sign-in is protected', () => {
  it('says it in a viewer’s words, and names the key file only under Diagnostics', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'settings' }] });
    const path = '/run/credentials/tunewall.service/tunewall-vault-key';
    await act(async () => fake.setState({ storage: { protection: 'key-file', reason: undefined, params: { path } } }));
    const account = (await screen.findByText('How your sign-in is protected')).closest('section');
    expect(account?.textContent).toContain('Your sign-in is kept safely on this TV, so it lasts after a restart.');
    expect(account?.textContent).not.toContain(path);
    const technical = await screen.findByText(`Sign-in storage: encrypted (AES-256-GCM) with the key in ${path}.`);
    expect(technical.closest('section')?.querySelector('h2')?.textContent).toBe('Diagnostics');
    expect(screen.queryByText(/keyring/)).toBeNull();
  });

  it('memory only: "You\'ll need to sign in again after a restart", and under Diagnostics the reason with whom to ask', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'settings' }] });
    // The core's own words, for the log and the operator: they name the setting.
    const reason = 'No vault key is configured, so the sign-in is kept in memory only. Provide a 32-byte key file (for example the systemd credential tunewall-vault-key) or set TUNEWALL_VAULT_KEY_FILE.';
    await act(async () => fake.setState({ storage: { protection: 'memory', reason, reasonKey: 'storage.noVaultKey' } }));
    const account = (await screen.findByText('How your sign-in is protected')).closest('section');
    expect(account?.textContent).toContain("You'll need to sign in again after a restart.");
    expect(account?.textContent).not.toMatch(/systemd|TUNEWALL_|memory/);
    const why = await screen.findByText('Reason: No vault key is set up, so the sign-in is kept in memory only. Ask whoever set up this TV to give Tunewall a vault key.');
    const diagnostics = why.closest('section');
    expect(diagnostics?.querySelector('h2')?.textContent).toBe('Diagnostics');
    expect(diagnostics?.textContent).not.toMatch(/TUNEWALL_|--storage|systemd/);
  });

  it.each(['zh-Hant', 'ja'] as const)('%s: the reason under Diagnostics names no variable either', async (language) => {
    const { fake } = renderApp({ scenario: 'home', language, screens: [{ name: 'settings' }] });
    for (const reasonKey of ['storage.noVaultKey', 'storage.noKeyring', 'storage.vaultKeyInvalid'] as const) {
      await act(async () => fake.setState({ storage: { protection: 'memory', reason: 'set TUNEWALL_VAULT_KEY_FILE', reasonKey, params: { path: '/k' } } }));
      await waitFor(() => expect(document.querySelector('.diagnostics-storage')?.textContent ?? '').toMatch(/這台電視的人|このテレビを設置した人/));
      expect(document.querySelector('.settings')?.textContent).not.toMatch(/TUNEWALL_|--storage|systemd/);
    }
  });

  it.each([
    ['os-keyring', 'Your sign-in is kept safely on this TV, so it lasts after a restart.'],
    ['weak', 'Your sign-in lasts after a restart, but this TV protects it only weakly.'],
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
    await vi.waitFor(() => expect(fake.callsOf('speak').map((call) => call.args[0])).toContainEqual(expect.objectContaining({ runs: [{ text: '設定', lang: 'ja-JP' }] })));
    const off = await screen.findByRole('button', { name: '音声ガイド: オフ' });
    await act(async () => off.click());
    expect(fake.callsOf('setVoiceGuidance').map((call) => call.args)).toEqual([[false]]);
    await vi.waitFor(() => expect(screen.queryByText(/音声がありません/)).toBeNull());
    expect(screen.getByRole('button', { name: '音声ガイド: オフ' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('lists which voice reads each language here, and what helps it read, while guidance is on', async () => {
    renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'settings' }], voiceGuidance: true, shellLanguages: ['en', 'ja'] });
    const list = await screen.findByTestId('voice-list');
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'English: espeak-ng (en-us)',
      'Mandarin (Taiwan): no voice here, the default voice reads it',
      'Japanese: espeak-ng (ja), readings by kuromoji',
      'Cantonese: no voice here, the default voice reads it',
      'Mandarin (Singapore, Malaysia): no voice here, the default voice reads it',
      'Korean: espeak-ng (ko)',
    ]));
    // Said as the voice guidance choice's description.
    expect(screen.getByRole('group', { name: 'Voice guidance' }).getAttribute('aria-describedby')).toBe('voice-list');
  });

  it('says nothing and loads nothing of guidance while it is off', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'settings' }] });
    expect(await screen.findByRole('button', { name: 'Voice guidance: Off' })).toBeTruthy();
    expect(fake.callsOf('speak')).toEqual([]);
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../renderer/src/components/ErrorBoundary';
import { createI18n, resolveLanguage } from '../../renderer/src/i18n';
import { press, renderApp } from './helpers';

afterEach(() => cleanup());

describe('offline banner', () => {
  const NOW = new Date('2025-11-22T09:00:00Z').getTime();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('says when it retries, and goes away by itself when the network is back', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en', now: () => NOW });
    await screen.findByRole('region', { name: 'Charts' });
    expect(screen.queryByText(/Offline/)).toBeNull();

    await act(async () => fake.setState({ network: { online: false, retryAt: NOW + 15_000 } }));
    expect(await screen.findByText('Offline — retrying in 15 s')).toBeTruthy();

    await act(async () => fake.setState({ network: { online: true, retryAt: undefined } }));
    await waitFor(() => expect(screen.queryByText(/Offline/)).toBeNull());
  });
});

describe('config problems', () => {
  it('are shown with the key and the fix', async () => {
    renderApp({ scenario: 'config', language: 'en' });
    const panel = await screen.findByRole('alert', { name: 'Configuration problem' });
    expect(panel.querySelector('code')?.textContent).toBe('TUNEWALL_API_URL');
    expect(panel.textContent).toContain('TUNEWALL_API_URL is not a URL; using the default.');
    expect(panel.textContent?.split('TUNEWALL_API_URL')).toHaveLength(2);
    expect(panel.textContent).toContain('Fix: Give the catalog API address as https://host');
  });
});

describe('error boundary', () => {
  function Broken(): never {
    throw new Error('render failed');
  }

  it('offers a reload instead of a blank screen, and OK reloads', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reloads: number[] = [];
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <ErrorBoundary onReload={() => reloads.push(1)}>
          <Broken />
        </ErrorBoundary>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Reload' });
    expect(document.activeElement).toBe(button);
    await press('select');
    expect(reloads).toHaveLength(1);
    expect(spy).toHaveBeenCalled();
  });
});

describe('language', () => {
  it('on auto follows the system locale when Tunewall speaks it, else English, whatever the territory', () => {
    expect(resolveLanguage('auto', 'TW', 'en-US')).toBe('en');
    expect(resolveLanguage('auto', 'JP', 'en-US')).toBe('en');
    expect(resolveLanguage('auto', 'TW', 'de-DE')).toBe('en');
    expect(resolveLanguage('auto', 'SG', 'ja-JP')).toBe('ja');
    expect(resolveLanguage('auto', 'MY', 'zh-TW')).toBe('zh-Hant');
    expect(resolveLanguage('auto', 'HK', 'zh-Hant-HK')).toBe('zh-Hant');
    expect(resolveLanguage('en', 'TW', 'zh-TW')).toBe('en');
  });

  it('follows the territory only when the viewer chose that', () => {
    expect(resolveLanguage('territory', 'TW', 'en-US')).toBe('zh-Hant');
    expect(resolveLanguage('territory', 'HK', 'ja-JP')).toBe('zh-Hant');
    expect(resolveLanguage('territory', 'JP', 'en-US')).toBe('ja');
    expect(resolveLanguage('territory', 'SG', 'ja-JP')).toBe('en');
  });

  it('a first run in the default territory (TW) on an English system is in English', async () => {
    renderApp({ scenario: 'pairing', language: 'auto', territory: 'TW' });
    expect(await screen.findByRole('heading', { name: 'Sign in with your phone' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches every text and the lang attribute when the setting changes', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'territory', territory: 'TW' });
    expect(await screen.findByRole('region', { name: '排行榜' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-Hant');

    await act(async () => fake.bridge.setLanguage('ja'));
    expect(await screen.findByRole('region', { name: 'チャート' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ja');

    await act(async () => fake.bridge.setLanguage('en'));
    expect(await screen.findByRole('region', { name: 'Charts' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });
});

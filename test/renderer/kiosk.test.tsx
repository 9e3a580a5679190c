// @vitest-environment jsdom
import { getCurrentFocusKey } from '@noriginmedia/norigin-spatial-navigation';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectFocus, press, renderApp } from './helpers';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('kiosk idle mode', () => {
  it('returns to Home after no input, walks focus through the tiles, and the first key only wakes it', async () => {
    // Only the idle clock is faked; promises and the navigation's own timers run for real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // No favourites: every tile the walk reaches opens a page (a favourite would open its track's panel).
    const { fake } = renderApp({ scenario: 'home', language: 'en', kiosk: true, screens: [{ name: 'settings' }], emptyRows: ['favorites'] });
    await act(async () => fake.setState({ kiosk: { enabled: true, idleSeconds: 30 } }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(31_000));
    expect(await screen.findByRole('region', { name: 'Charts' })).toBeTruthy();
    expect(screen.getByText('Press any key')).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(7_000));
    await waitFor(() => expect(getCurrentFocusKey()).toMatch(/^tile:/));
    const walked = getCurrentFocusKey();
    await act(async () => vi.advanceTimersByTime(6_000));
    await waitFor(() => expect(getCurrentFocusKey()).not.toBe(walked));

    const before = getCurrentFocusKey();
    await press('select');
    await waitFor(() => expect(screen.queryByText('Press any key')).toBeNull());
    // The waking OK did nothing else: the focused tile was not opened.
    expect(fake.callsOf('getDetail')).toHaveLength(0);
    await expectFocus(before);
    // Awake, OK opens it.
    await press('select');
    await waitFor(() => expect(fake.callsOf('getDetail')).toHaveLength(1));
  });

  it("puts the kiosk's member back on screen when a passer-by chose another, then walks their Home", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { fake } = renderApp({ scenario: 'household', language: 'en', territory: 'SG', kiosk: true });
    const [mei, arif] = fake.state().household.members;
    await act(async () => fake.setState({ kiosk: { enabled: true, idleSeconds: 30, home: mei?.key } }));
    await act(async () => void (await fake.bridge.chooseProfile(arif?.key ?? '')));
    await waitFor(() => expect(document.querySelector('.home-header .member-name')?.textContent).toBe(arif?.name));
    const before = fake.callsOf('chooseProfile').length;

    await act(async () => vi.advanceTimersByTime(31_000));
    expect(await screen.findByText('Press any key')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.home-header .member-name')?.textContent).toBe(mei?.name));
    expect(fake.callsOf('chooseProfile').slice(before).map((call) => call.args[0])).toEqual([mei?.key]);
    expect(fake.state().household.active).toBe(mei?.key);
    await waitFor(() => expect(getCurrentFocusKey()).toMatch(/^tile:/));
    // Already the kiosk's member: a second idle spell asks nothing more.
    await press('select');
    await act(async () => vi.advanceTimersByTime(31_000));
    expect(await screen.findByText('Press any key')).toBeTruthy();
    expect(fake.callsOf('chooseProfile').slice(before)).toHaveLength(1);
  });

  it.each([
    ['a letter', { key: 'a', code: 'KeyA' }],
    ['Space', { key: ' ', code: 'Space' }],
    ['OK', { key: 'Enter', code: 'Enter' }],
  ])('%s wakes it, and does nothing else', async (_name, key) => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { fake } = renderApp({ scenario: 'home', language: 'en', kiosk: true });
    await screen.findByRole('region', { name: 'Charts' });
    await act(async () => fake.setState({ kiosk: { enabled: true, idleSeconds: 30 } }));
    await act(async () => vi.advanceTimersByTime(31_000));
    expect(await screen.findByText('Press any key')).toBeTruthy();
    await waitFor(() => expect(getCurrentFocusKey()).toMatch(/^tile:/));
    const walked = getCurrentFocusKey();

    await act(async () => fireEvent.keyDown(window, key));
    await waitFor(() => expect(screen.queryByText('Press any key')).toBeNull());
    expect(getCurrentFocusKey()).toBe(walked);
    expect(fake.callsOf('getDetail')).toHaveLength(0);
  });

  it('from a detail screen, returns to Home and walks from its first tile as soon as Home has drawn', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // No favourites: the first row is the charts, and every tile opens a page.
    const { fake } = renderApp({ scenario: 'home', language: 'en', kiosk: true, emptyRows: ['favorites'] });
    await screen.findByRole('region', { name: 'Charts' });
    await act(async () => fake.setState({ kiosk: { enabled: true, idleSeconds: 30 } }));
    // Open the third tile of the row under the charts, as a visitor would, and walk away.
    await press('down');
    await press('right');
    await press('right');
    const opened = getCurrentFocusKey();
    await press('select');
    expect(await screen.findByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Charts' })).toBeNull();

    await act(async () => vi.advanceTimersByTime(31_000));
    const charts = await screen.findByRole('region', { name: 'Charts' });
    const first = charts.querySelector<HTMLElement>('[data-focus-key^="tile:"]')?.dataset.focusKey;
    expect(first).toBeDefined();
    // Promptly: no wait for the next six-second step, and from the first tile, not the one opened before.
    await waitFor(() => expect(getCurrentFocusKey()).toBe(first));
    expect(first).not.toBe(opened);
  });

  it('never starts on the pairing screen', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { fake } = renderApp({ scenario: 'pairing', language: 'en', kiosk: true });
    await screen.findByRole('heading', { name: 'Sign in with your phone' });
    await act(async () => fake.setState({ kiosk: { enabled: true, idleSeconds: 1 } }));
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(screen.queryByText('Press any key')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign in with your phone' })).toBeTruthy();
  });
});

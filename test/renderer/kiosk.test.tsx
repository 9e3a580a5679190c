// @vitest-environment jsdom
import { getCurrentFocusKey } from '@noriginmedia/norigin-spatial-navigation';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
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
});

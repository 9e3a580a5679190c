// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState, PairingNotice } from '../../shared/bridge';
import { APPROVED_MIN_MS } from '../../renderer/src/App';
import { renderApp, press } from './helpers';

const NOW = new Date('2025-11-22T09:00:00Z').getTime();

describe('pairing screen', () => {
  beforeEach(() => {
    // Only the clock is fixed; timers and promises run for real.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the user code grouped for reading, the QR code and the time left', async () => {
    const { fake, container } = renderApp({ scenario: 'pairing', language: 'en', now: () => NOW });
    expect(await screen.findByTestId('user-code')).toHaveProperty('textContent', 'WDJB-MJHT');
    expect(screen.getByText('exm.pl/d')).toBeTruthy();
    // expiresAt is 9 min 41 s ahead of the fixed clock.
    expect(screen.getByTestId('countdown').textContent).toBe('Code expires in 9 min, 41 sec');

    const state = fake.state();
    if (state.auth.status !== 'pairing') throw new Error('scenario should be pairing');
    const qr = state.auth.code.qr;
    const svg = container.querySelector('svg.qr');
    expect(svg?.getAttribute('data-modules')).toBe(String(qr.size));
    // A quiet zone of 4 modules on each side around size × size cells.
    expect(svg?.getAttribute('viewBox')).toBe(`0 0 ${qr.size + 8} ${qr.size + 8}`);
    expect(svg?.getAttribute('shape-rendering')).toBe('crispEdges');
    const cells = (svg?.querySelector('path')?.getAttribute('d') ?? '').match(/M/g)?.length ?? 0;
    expect(qr.modules.length).toBe(qr.size * qr.size);
    expect(cells).toBe([...qr.modules].filter((m) => m === '1').length);
  });

  it.each([
    ['zh-Hant', '代碼將在 9 分鐘 41 秒後失效', '代碼將在 59 秒後失效'],
    ['ja', 'あと 9\u00a0分 41\u00a0秒でコードの有効期限が切れます', 'あと 59\u00a0秒でコードの有効期限が切れます'],
    ['en', 'Code expires in 9 min, 41 sec', 'Code expires in 59 sec'],
  ] as const)('says the time left as words of %s, not as a clock time', async (language, early, late) => {
    renderApp({ scenario: 'pairing', language, now: () => NOW });
    expect((await screen.findByTestId('countdown')).textContent).toBe(early);
    // Under a minute: seconds only.
    act(() => vi.setSystemTime(NOW + (9 * 60 + 41 - 59) * 1000));
    await waitFor(() => expect(screen.getByTestId('countdown').textContent).toBe(late), { timeout: 3000 });
  });

  it('says the poll is retrying while offline, and when sandboxed where to approve', async () => {
    renderApp({ scenario: 'pairing-retrying', language: 'en', now: () => NOW });
    expect(await screen.findByText('Offline — retrying in 8 s')).toBeTruthy();
    expect(screen.getByText('Demo service — approve at http://192.168.1.20:4780/device')).toBeTruthy();
  });

  it.each([
    ['signed-out', 'en', 'You were signed out by the music service. Please sign in again.'],
    ['signed-out', 'zh-Hant', '音樂服務已將你登出。請重新登入以繼續使用。'],
    ['signed-out', 'ja', '音楽サービスからサインアウトされました。もう一度サインインしてください。'],
    ['sign-in-expired', 'en', 'Your sign-in expired. Please sign in again.'],
    ['sign-in-expired', 'zh-Hant', '你的登入已過期。請重新登入以繼續使用。'],
    ['sign-in-expired', 'ja', 'サインインの有効期限が切れました。もう一度サインインしてください。'],
    ['sign-in-interrupted', 'en', 'Tunewall was interrupted while renewing your sign-in. Please sign in again.'],
    ['sign-in-interrupted', 'zh-Hant', 'Tunewall 在更新你的登入時被中斷了。請重新登入。'],
    ['sign-in-interrupted', 'ja', 'サインインの更新中に Tunewall が中断されました。もう一度サインインしてください。'],
  ] as const)('says why pairing is back (%s) in %s, next to a new code', async (scenario, language, sentence) => {
    renderApp({ scenario, language, now: () => NOW });
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toBe(`!${sentence}`);
    expect(await screen.findByTestId('user-code')).toBeTruthy();
  });

  it('shows the English notice from the core when it names a reason the catalog does not know', async () => {
    const { fake } = renderApp({ scenario: 'pairing', language: 'ja', now: () => NOW });
    await screen.findByTestId('user-code');
    expect(screen.queryByRole('alert')).toBeNull();
    const auth = fake.state().auth;
    if (auth.status !== 'pairing') throw new Error('scenario should be pairing');
    const notice = { reason: 'revoked-elsewhere', message: 'Signed out on another device.' } as unknown as PairingNotice;
    const next: AuthState = { ...auth, notice };
    act(() => fake.setState({ auth: next }));
    expect((await screen.findByRole('alert')).textContent).toBe('!Signed out on another device.');
  });

  it('after a denial offers a new code, which asks the bridge for one', async () => {
    const { fake } = renderApp({ scenario: 'denied', language: 'en', now: () => NOW });
    const button = await screen.findByRole('button', { name: 'Get a new code' });
    expect(fake.callsOf('startPairing')).toHaveLength(0);
    fireEvent.click(button);
    await waitFor(() => expect(fake.callsOf('startPairing')).toHaveLength(1));
    expect(await screen.findByTestId('user-code')).toBeTruthy();
  });

  it('after codes expired unattended, OK asks for a new code', async () => {
    const { fake } = renderApp({ scenario: 'expired', language: 'en', now: () => NOW });
    expect(await screen.findByText(/Press OK for a new code/)).toBeTruthy();
    await waitFor(async () => {
      await press('select');
      expect(fake.callsOf('startPairing').length).toBeGreaterThan(0);
    });
  });

  it('offers guest browsing when the service allows it', async () => {
    const { fake } = renderApp({ scenario: 'pairing', language: 'en', now: () => NOW });
    fireEvent.click(await screen.findByRole('button', { name: 'Browse without signing in' }));
    await waitFor(() => expect(fake.callsOf('browseAsGuest')).toHaveLength(1));
    // Guests see the catalog rows and no member name.
    expect(await screen.findByText('Guest')).toBeTruthy();
    await act(async () => undefined);
  });
});

describe('pairing Back', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('asks before leaving the app', async () => {
    const rendered = renderApp({ scenario: 'pairing', language: 'en' });
    await screen.findByTestId('user-code');
    await press('back');
    const dialog = await screen.findByRole('dialog', { name: 'Leave Tunewall?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(rendered.quits()).toBe(1);
  });
  it('after approval shows Home even when the signed-in state arrives twice (tokens, then the profile)', async () => {
    const { fake } = renderApp({ scenario: 'pairing', language: 'en', now: () => NOW });
    expect(await screen.findByTestId('user-code')).toBeTruthy();
    const member = { name: 'Lin Yutong', images: [], territory: 'TW' as const };
    act(() => fake.setState({ auth: { status: 'signed-in', mode: 'member', member: undefined } }));
    expect(await screen.findByText(/Approved/)).toBeTruthy();
    act(() => fake.setState({ auth: { status: 'signed-in', mode: 'member', member } }));
    await waitFor(() => expect(screen.queryByTestId('user-code')).toBeNull(), { timeout: 5000 });
    expect(await screen.findByText('Lin Yutong')).toBeTruthy();
  });
  it('after approval holds "Approved" for its short minimum even when Home is ready at once, then shows Home', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(NOW);
    const { fake } = renderApp({ scenario: 'pairing', language: 'en', now: () => NOW });
    await vi.waitFor(() => expect(screen.getByTestId('user-code')).toBeTruthy());
    const member = { name: 'Lin Yutong', images: [], territory: 'TW' as const };
    act(() => fake.setState({ auth: { status: 'signed-in', mode: 'member', member } }));
    // The fake bridge answers every row at once: only the minimum keeps "Approved" on screen.
    await act(async () => vi.advanceTimersByTimeAsync(APPROVED_MIN_MS - 10));
    expect(screen.getByText(/Approved/)).toBeTruthy();
    expect(fake.callsOf('loadRow').length).toBeGreaterThan(0);
    await act(async () => vi.advanceTimersByTimeAsync(20));
    await vi.waitFor(() => expect(screen.queryByText(/Approved/)).toBeNull());
    expect(screen.getByRole('region', { name: 'Your favorites' })).toBeTruthy();
    // Timers the screens set while the clock was fake (focus settling, the longest hold) run before it is real again.
    await act(async () => vi.runOnlyPendingTimersAsync());
  });
  it("shows the service's QR image instead of drawing one when the core has it", async () => {
    const { fake, container } = renderApp({ scenario: 'pairing', language: 'en', now: () => NOW });
    await screen.findByTestId('user-code');
    const auth = fake.state().auth;
    if (auth.status !== 'pairing') throw new Error('scenario should be pairing');
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    act(() => fake.setState({ auth: { ...auth, code: { ...auth.code, qrImage: image } } }));
    expect((await screen.findByTestId('qr-image')).getAttribute('src')).toBe(image);
    expect(container.querySelector('svg.qr')).toBeNull();
  });
});

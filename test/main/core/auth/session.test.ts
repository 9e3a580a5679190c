import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthSession, type AuthSessionOptions } from '../../../../main/core/auth/session';
import type { TokenSet } from '../../../../main/core/auth/tokens';
import { CoreError } from '../../../../main/core/errors';
import type { FetchLike } from '../../../../main/core/ports';
import { MAX_TIMER_DELAY_MS, systemClock } from '../../../../main/core/timers';
import { TokenVault } from '../../../../main/core/vault/tokenVault';
import type { AuthState } from '../../../../shared/bridge';
import { fakeCipher, fakeFetch, fakeQr, json, memoryLogger, MemoryStore, text, type RecordedRequest, type Reply } from '../support/fakes';

const AUTH = 'https://auth.tunewall.test';
const API = 'https://api.tunewall.test/v1.1';
const T0 = new Date('2026-11-22T10:00:00Z').getTime();

const stored = (over: Partial<TokenSet> = {}): TokenSet => ({
  accessToken: 'at-1',
  refreshToken: 'rt-1',
  tokenType: 'Bearer',
  issuedAt: T0,
  expiresAt: T0 + 3_600_000,
  ...over,
});

interface HarnessOptions {
  /** Tokens in the vault at start. */
  tokens?: TokenSet;
  /** Answers to refresh requests, in order; when exhausted, a rotated pair. */
  refreshes?: Array<Reply | ((r: RecordedRequest) => Reply)>;
  /** Answers to API requests. */
  api?: (r: RecordedRequest) => Reply;
  polls?: Reply[];
  clientCredentials?: (n: number) => Reply;
  session?: Partial<AuthSessionOptions>;
}

function harness(options: HarnessOptions = {}) {
  const store = new MemoryStore();
  const cipher = fakeCipher('os-keyring');
  const logger = memoryLogger();
  const vault = new TokenVault({ store, cipher, policy: 'os-keyring', logger });
  if (options.tokens) vault.save(options.tokens);
  const reopen = () => new TokenVault({ store, cipher, policy: 'os-keyring', logger: memoryLogger() }).load();
  const refreshes = [...(options.refreshes ?? [])];
  const polls = [...(options.polls ?? [])];
  let rotated = 1;
  let guests = 0;
  const f = fakeFetch((r) => {
    if (r.path === '/oauth2/device/code') {
      return json(200, { device_code: 'dc', user_code: 'UC', expires_in: 600, interval: 5, verification_url: `${AUTH}/device` });
    }
    if (r.path === '/oauth2/token') {
      const grant = r.form.get('grant_type');
      if (grant === 'refresh_token') {
        const next = refreshes.shift();
        if (next !== undefined) return typeof next === 'function' ? next(r) : next;
        rotated += 1;
        return json(200, { access_token: `at-${rotated}`, refresh_token: `rt-${rotated}`, token_type: 'Bearer', expires_in: 3600 });
      }
      if (grant === 'client_credentials') {
        guests += 1;
        return options.clientCredentials?.(guests) ?? json(200, { access_token: `guest-${guests}`, token_type: 'Bearer', expires_in: 2592000 });
      }
      return polls.shift() ?? json(400, { error: 'authorization_pending' });
    }
    return options.api?.(r) ?? json(200, { ok: true });
  });
  const states: AuthState[] = [];
  const session = new AuthSession({
    fetch: f.fetch,
    clock: systemClock,
    logger,
    service: { authUrl: AUTH, clientId: 'tw-app', clientSecret: 'tw-secret', dialect: 'documented' },
    vault,
    qrMatrix: fakeQr,
    guestMode: true,
    backoff: { initialMs: 10_000, maxMs: 60_000, random: () => 1 },
    ...options.session,
  });
  session.subscribe((s) => states.push(s));
  const refreshRequests = () => f.to('/oauth2/token').filter((r) => r.form.get('grant_type') === 'refresh_token');
  const apiRequests = () => f.requests.filter((r) => r.url.startsWith(API));
  return { f, store, vault, session, states, logger, reopen, refreshRequests, apiRequests, last: () => states.at(-1) };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session', () => {
  it('starts signed in from the vault without asking for a code', async () => {
    const h = harness({ tokens: stored() });
    h.session.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last()).toEqual({ status: 'signed-in', mode: 'member', member: undefined });
    expect(h.f.to('/oauth2/device/code')).toHaveLength(0);
    expect(h.session.tokenValidUntil).toBe(T0 + 3_600_000);
    expect(h.session.renewsItself).toBe(true);
    h.session.dispose();
  });

  it('says whether the sign-in renews itself: not without a refresh token, not when signed out', async () => {
    const once = harness({ tokens: stored({ refreshToken: undefined }) });
    once.session.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(once.last()).toMatchObject({ status: 'signed-in', mode: 'member' });
    expect(once.session.renewsItself).toBe(false);
    once.session.dispose();
    const none = harness();
    none.session.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(none.session.renewsItself).toBeUndefined();
    none.session.dispose();
  });

  it('pairs when the vault is empty, stores the approved tokens encrypted, and signs in', async () => {
    const h = harness({
      polls: [json(200, { access_token: 'at-new', refresh_token: 'rt-new', token_type: 'bearer', expires_in: 3600 })],
    });
    h.session.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last()).toMatchObject({ status: 'pairing', code: { userCode: 'UC' } });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.last()).toEqual({ status: 'signed-in', mode: 'member', member: undefined });
    expect(h.reopen()).toMatchObject({ accessToken: 'at-new', refreshToken: 'rt-new', expiresAt: T0 + 5_000 + 3_600_000 });
    expect(h.store.dump()).not.toContain('rt-new');
    await h.session.authorizedFetch(`${API}/me`);
    expect(h.apiRequests()[0]?.headers.get('authorization')).toBe('Bearer at-new');
    h.session.dispose();
  });

  it('50 concurrent callers with an expired token cause exactly one refresh and all get its token', async () => {
    const h = harness({ tokens: stored({ expiresAt: T0 - 1 }) });
    h.session.start();
    const tokens = await Promise.all(Array.from({ length: 50 }, () => h.session.accessToken()));
    expect(h.refreshRequests()).toHaveLength(1);
    expect(new Set(tokens)).toEqual(new Set(['at-2']));
    h.session.dispose();
  });

  it('sends the refresh token with Basic client auth and persists the rotated one before the new access token is used', async () => {
    let storedWhenUsed: TokenSet | undefined;
    const h = harness({
      tokens: stored({ expiresAt: T0 - 1 }),
      api: (r) => {
        if (r.headers.get('authorization') === 'Bearer at-2') storedWhenUsed = h.reopen();
        return json(200, {});
      },
    });
    h.session.start();
    await h.session.authorizedFetch(`${API}/me`);
    const [refresh] = h.refreshRequests();
    expect(refresh?.form.get('refresh_token')).toBe('rt-1');
    expect(refresh?.headers.get('authorization')).toMatch(/^Basic /);
    expect(storedWhenUsed).toMatchObject({ accessToken: 'at-2', refreshToken: 'rt-2' });
    h.session.dispose();
  });

  it('refreshes ahead of expiry on its own (5 minutes before a one-hour token)', async () => {
    const h = harness({ tokens: stored() });
    h.session.start();
    await vi.advanceTimersByTimeAsync(54 * 60_000);
    expect(h.refreshRequests()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60_000 + 1);
    expect(h.refreshRequests()).toHaveLength(1);
    expect(h.reopen()).toMatchObject({ refreshToken: 'rt-2' });
    h.session.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a huge expires_in neither overflows a timer nor causes a refresh storm', async () => {
    const spy = vi.spyOn(globalThis, 'setTimeout');
    const h = harness({
      tokens: stored({ expiresAt: T0 - 1 }),
      refreshes: [
        text(200, '{"access_token":"at-huge","refresh_token":"rt-huge","token_type":"Bearer","expires_in":9223372036854775807}'),
      ],
    });
    h.session.start();
    await vi.advanceTimersByTimeAsync(7 * 86_400_000);
    expect(h.refreshRequests()).toHaveLength(1);
    // Clamped to 31 days after the refresh (which came 48 s in: the stored token was already expired).
    expect((h.session.tokenValidUntil ?? 0) - T0).toBeGreaterThanOrEqual(31 * 86_400_000);
    expect((h.session.tokenValidUntil ?? 0) - T0).toBeLessThanOrEqual(31 * 86_400_000 + 60_000);
    for (const call of spy.mock.calls) expect(Number(call[1] ?? 0)).toBeLessThanOrEqual(MAX_TIMER_DELAY_MS);
    h.session.dispose();
  });

  it('invalid_grant on refresh signs out: tokens wiped, pairing again with a notice', async () => {
    const h = harness({ tokens: stored({ expiresAt: T0 - 1 }), refreshes: [json(400, { error: 'invalid_grant' })] });
    h.session.start();
    await expect(h.session.accessToken()).rejects.toMatchObject({ kind: 'auth' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.reopen()).toBeUndefined();
    expect(h.store.data.size).toBe(0);
    expect(h.last()).toMatchObject({ status: 'pairing', notice: { reason: 'signed-out', message: expect.stringContaining('signed out') } });
    await expect(h.session.accessToken()).rejects.toMatchObject({ kind: 'auth' });
    expect(h.refreshRequests()).toHaveLength(1);
    h.session.dispose();
  });

  it('network trouble on refresh keeps the tokens and retries later with backoff', async () => {
    const h = harness({
      tokens: stored({ issuedAt: T0 - 3_400_000, expiresAt: T0 + 200_000 }),
      refreshes: ['network-error', json(503, {}, { 'Retry-After': '20' })],
    });
    h.session.start();
    // Due at once (less than 5 min left): offline; 10 s later a 503 asking for 20 s; then success.
    await vi.advanceTimersByTimeAsync(1);
    expect(h.refreshRequests()).toHaveLength(1);
    expect(h.reopen()).toMatchObject({ accessToken: 'at-1', refreshToken: 'rt-1' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.refreshRequests()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(19_000);
    expect(h.refreshRequests()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.refreshRequests()).toHaveLength(3);
    expect(h.reopen()).toMatchObject({ refreshToken: 'rt-2' });
    expect(h.last()).toMatchObject({ status: 'signed-in' });
    h.session.dispose();
  });

  it('while refresh fails, a still-valid access token keeps working and nothing is wiped', async () => {
    const h = harness({
      tokens: stored({ issuedAt: T0 - 3_400_000, expiresAt: T0 + 200_000 }),
      refreshes: ['network-error', 'network-error', 'network-error'],
    });
    h.session.start();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.refreshRequests()).toHaveLength(1);
    await expect(h.session.accessToken()).resolves.toBe('at-1');
    expect(h.reopen()).toMatchObject({ accessToken: 'at-1', refreshToken: 'rt-1' });
    expect(h.last()).toMatchObject({ status: 'signed-in', mode: 'member' });
    h.session.dispose();
  });

  it('a 401 from the API causes one refresh and one replay', async () => {
    const h = harness({
      tokens: stored(),
      api: (r) => (r.headers.get('authorization') === 'Bearer at-1' ? json(401, { error: { message: 'Invalid Authentication', code: 0 } }) : json(200, { id: 'me' })),
    });
    h.session.start();
    const response = await h.session.authorizedFetch(`${API}/me`, { headers: { Accept: 'application/json' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'me' });
    expect(h.refreshRequests()).toHaveLength(1);
    expect(h.apiRequests().map((r) => r.headers.get('authorization'))).toEqual(['Bearer at-1', 'Bearer at-2']);
    expect(h.apiRequests()[1]?.headers.get('accept')).toBe('application/json');
    h.session.dispose();
  });

  it('an error body that says the token is invalid counts as a refusal even without a 401', async () => {
    const h = harness({
      tokens: stored(),
      api: (r) => (r.headers.get('authorization') === 'Bearer at-1' ? json(400, { error: { message: 'Invalid Authentication', code: 0 } }) : json(200, {})),
    });
    h.session.start();
    expect((await h.session.authorizedFetch(`${API}/tracks/x?territory=TW`)).status).toBe(200);
    expect(h.refreshRequests()).toHaveLength(1);
  });

  it('a catalog error that is not about the token is returned as is, without a refresh', async () => {
    const h = harness({ tokens: stored(), api: () => json(400, { error: { message: 'Invalid Territory', code: 0 } }) });
    h.session.start();
    expect((await h.session.authorizedFetch(`${API}/tracks/x?territory=XX`)).status).toBe(400);
    expect(h.refreshRequests()).toHaveLength(0);
    expect(h.apiRequests()).toHaveLength(1);
  });

  it('a second 401 after the refresh is an auth error, not a loop', async () => {
    const h = harness({ tokens: stored(), api: () => json(401, {}) });
    h.session.start();
    const error: unknown = await h.session.authorizedFetch(`${API}/me`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoreError);
    expect(error).toMatchObject({ kind: 'auth' });
    expect(h.refreshRequests()).toHaveLength(1);
    expect(h.apiRequests()).toHaveLength(2);
    h.session.dispose();
  });

  it('concurrent requests refused with the same token share one refresh', async () => {
    const h = harness({ tokens: stored(), api: (r) => (r.headers.get('authorization') === 'Bearer at-1' ? json(401, {}) : json(200, {})) });
    h.session.start();
    const responses = await Promise.all(Array.from({ length: 10 }, () => h.session.authorizedFetch(`${API}/me`)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(h.refreshRequests()).toHaveLength(1);
    h.session.dispose();
  });

  it('a 401 whose refresh meets invalid_grant signs out and rejects with the reason', async () => {
    const h = harness({ tokens: stored(), api: () => json(401, {}), refreshes: [json(400, { error: 'invalid_grant' })] });
    h.session.start();
    await expect(h.session.authorizedFetch(`${API}/me`)).rejects.toMatchObject({ kind: 'auth', message: expect.stringContaining('signed out') });
    expect(h.apiRequests()).toHaveLength(1);
    expect(h.store.data.size).toBe(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last()).toMatchObject({ status: 'pairing' });
    h.session.dispose();
  });

  it('guest browsing uses a client-credentials token with Basic auth and re-requests it when expired', async () => {
    const h = harness({ clientCredentials: (n) => json(200, { access_token: `guest-${n}`, token_type: 'Bearer', expires_in: 120 }) });
    h.session.start();
    await vi.advanceTimersByTimeAsync(0);
    await expect(h.session.browseAsGuest()).resolves.toEqual({ ok: true, value: undefined });
    expect(h.last()).toEqual({ status: 'signed-in', mode: 'guest', member: undefined });
    const cc = h.f.to('/oauth2/token').filter((r) => r.form.get('grant_type') === 'client_credentials');
    expect(cc[0]?.headers.get('authorization')).toBe(`Basic ${Buffer.from('tw-app:tw-secret').toString('base64')}`);
    await h.session.authorizedFetch(`${API}/charts?territory=TW`);
    vi.setSystemTime(T0 + 121_000);
    await h.session.authorizedFetch(`${API}/charts?territory=TW`);
    expect(h.apiRequests().map((r) => r.headers.get('authorization'))).toEqual(['Bearer guest-1', 'Bearer guest-2']);
    expect(h.refreshRequests()).toHaveLength(0);
    expect(h.store.data.size).toBe(0);
    // Pairing stopped while browsing as a guest.
    const polls = h.f.to('/oauth2/token').length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.f.to('/oauth2/token')).toHaveLength(polls);
    h.session.dispose();
  });

  it('says when the guest leaves the screen (signing out), and not before', async () => {
    const h = harness({ clientCredentials: (n) => json(200, { access_token: `guest-${n}`, token_type: 'Bearer', expires_in: 120 }) });
    const left = vi.fn();
    h.session.onGuestLeft(left);
    h.session.start();
    await vi.advanceTimersByTimeAsync(0);
    await h.session.browseAsGuest();
    expect(left).not.toHaveBeenCalled();
    await h.session.signOut();
    expect(left).toHaveBeenCalledTimes(1);
    h.session.dispose();
  });

  it('a signed-in member is not switched to guest browsing underneath: signing out comes first', async () => {
    const h = harness({ tokens: stored(), session: { guestMode: true } });
    h.session.start();
    await vi.advanceTimersByTimeAsync(0);
    await expect(h.session.browseAsGuest()).resolves.toMatchObject({ ok: false, error: { kind: 'auth' } });
    expect(h.f.to('/oauth2/token').filter((r) => r.form.get('grant_type') === 'client_credentials')).toHaveLength(0);
    expect(h.last()).toMatchObject({ status: 'signed-in', mode: 'member' });
    h.session.dispose();
  });

  it('guest browsing is refused when not configured, and pairing goes on', async () => {
    const h = harness({ session: { guestMode: false } });
    h.session.start();
    await vi.advanceTimersByTimeAsync(0);
    await expect(h.session.browseAsGuest()).resolves.toMatchObject({ ok: false, error: { kind: 'config' } });
    expect(h.f.to('/oauth2/token')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.f.to('/oauth2/token')).toHaveLength(1);
    h.session.dispose();
  });

  it('sign-out wipes the vault and shows pairing', async () => {
    const h = harness({ tokens: stored() });
    h.session.start();
    await h.session.signOut();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.store.data.size).toBe(0);
    expect(h.last()).toMatchObject({ status: 'pairing' });
    expect(h.last()).not.toHaveProperty('notice');
    await expect(h.session.accessToken()).rejects.toMatchObject({ kind: 'auth' });
    h.session.dispose();
  });

  it('startPairing does not drop a signed-in member; from guest mode it starts pairing', async () => {
    const member = harness({ tokens: stored() });
    member.session.start();
    member.session.startPairing();
    await vi.advanceTimersByTimeAsync(0);
    expect(member.f.to('/oauth2/device/code')).toHaveLength(0);
    expect(member.last()).toMatchObject({ status: 'signed-in', mode: 'member' });
    member.session.dispose();

    const guest = harness();
    guest.session.start();
    await vi.advanceTimersByTimeAsync(0);
    await guest.session.browseAsGuest();
    guest.session.startPairing();
    await vi.advanceTimersByTimeAsync(0);
    expect(guest.f.to('/oauth2/device/code')).toHaveLength(2);
    expect(guest.last()).toMatchObject({ status: 'pairing' });
    await expect(guest.session.accessToken()).rejects.toMatchObject({ kind: 'auth' });
    guest.session.dispose();
  });

  it('after sleep, resume refreshes at once if the refresh came due', async () => {
    const h = harness({ tokens: stored() });
    h.session.start();
    await vi.advanceTimersByTimeAsync(1_000);
    vi.setSystemTime(T0 + 2 * 3_600_000);
    h.session.resume();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.refreshRequests()).toHaveLength(1);
    h.session.dispose();
  });

  it('dispose leaves no timer and no request in flight', async () => {
    const h = harness({ polls: ['hang'] });
    h.session.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.f.pending()).toBe(1);
    h.session.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.f.pending()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('a refresh whose answer may be lost', () => {
  const refused = (): Error => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
  const reset = (): Error => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });

  it('waits for a slow answer past the request time limit instead of giving up and spending the token twice', async () => {
    const store = new MemoryStore();
    const vault = new TokenVault({ store, cipher: fakeCipher(), policy: 'os-keyring', logger: memoryLogger() });
    vault.save(stored({ expiresAt: T0 - 1 }));
    // The answer comes after 30 s, far past the 1 s request limit; a request given up on is never answered.
    let sent = 0;
    const slow: FetchLike = (_url, init) => {
      sent += 1;
      return new Promise<Response>((resolve, reject) => {
        const timer = setTimeout(
          () => resolve(json(200, { access_token: 'at-slow', refresh_token: 'rt-slow', token_type: 'Bearer', expires_in: 3600 })),
          30_000,
        );
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      });
    };
    const s = new AuthSession({
      fetch: slow,
      clock: systemClock,
      logger: memoryLogger(),
      service: { authUrl: AUTH, clientId: 'tw-app', clientSecret: 'tw-secret', dialect: 'documented' },
      vault,
      qrMatrix: fakeQr,
      guestMode: false,
      requestTimeoutMs: 1_000,
    });
    s.start();
    const token = s.accessToken();
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(token).resolves.toBe('at-slow');
    expect(sent).toBe(1);
    expect(vault.load()).toMatchObject({ refreshToken: 'rt-slow' });
    s.dispose();
  });

  it('a refresh that certainly never left (connection refused), then refused: signed out by the service at once', async () => {
    const h = harness({
      tokens: stored({ issuedAt: T0 - 3_400_000, expiresAt: T0 + 200_000 }),
      refreshes: [
        () => {
          throw refused();
        },
        json(400, { error: 'invalid_grant' }),
      ],
    });
    h.session.start();
    await vi.advanceTimersByTimeAsync(10_001);
    expect(h.refreshRequests()).toHaveLength(2);
    expect(h.last()).toMatchObject({ status: 'pairing', notice: { reason: 'signed-out' } });
    expect(h.reopen()).toBeUndefined();
    h.session.dispose();
  });

  it('a 503, then refused: the service answered the first try, so the refusal is a sign-out', async () => {
    const h = harness({
      tokens: stored({ issuedAt: T0 - 3_400_000, expiresAt: T0 + 200_000 }),
      refreshes: [json(503, { error: 'temporarily_unavailable' }), json(400, { error: 'invalid_grant' })],
    });
    h.session.start();
    await vi.advanceTimersByTimeAsync(10_001);
    expect(h.last()).toMatchObject({ status: 'pairing', notice: { reason: 'signed-out' } });
    h.session.dispose();
  });

  it.each([
    ['a connection closed after sending', () => reset()],
    ['a 200 whose body is cut short', () => text(200, '{"access_token":"at-')],
  ] as const)('%s, then refused: the member keeps the access token until it expires, then is told it expired', async (_, first) => {
    const h = harness({
      tokens: stored({ issuedAt: T0 - 3_400_000, expiresAt: T0 + 200_000 }),
      refreshes: [
        () => {
          const reply = first();
          if (reply instanceof Error) throw reply;
          return reply;
        },
        json(400, { error: 'invalid_grant' }),
      ],
      api: () => json(200, { ok: true }),
    });
    h.session.start();
    await vi.advanceTimersByTimeAsync(10_001);
    expect(h.refreshRequests()).toHaveLength(2);
    // Still signed in, with the access token the member had; nothing more is asked of the token service.
    expect(h.last()).toMatchObject({ status: 'signed-in', mode: 'member' });
    expect((await h.session.authorizedFetch(`${API}/me`)).status).toBe(200);
    expect(h.apiRequests().at(-1)?.headers.get('authorization')).toBe('Bearer at-1');
    await vi.advanceTimersByTimeAsync(150_000);
    expect(h.last()).toMatchObject({ status: 'signed-in' });
    expect(h.refreshRequests()).toHaveLength(2);
    // At expiry: pairing, saying the sign-in expired; the tokens are gone.
    await vi.advanceTimersByTimeAsync(45_000);
    expect(h.last()).toMatchObject({ status: 'pairing', notice: { reason: 'expired', message: expect.stringContaining('expired') } });
    expect(h.reopen()).toBeUndefined();
    expect(h.refreshRequests()).toHaveLength(2);
    h.session.dispose();
  });

  it('after a lost renewal, a refused access token ends the sign-in at once, without another refresh', async () => {
    let refuse = false;
    const h = harness({
      tokens: stored({ issuedAt: T0 - 3_400_000, expiresAt: T0 + 200_000 }),
      refreshes: [
        () => {
          throw reset();
        },
        json(400, { error: 'invalid_grant' }),
      ],
      api: () => (refuse ? json(401, { error: { message: 'Invalid Authentication', code: 0 } }) : json(200, {})),
    });
    h.session.start();
    await vi.advanceTimersByTimeAsync(10_001);
    expect(h.last()).toMatchObject({ status: 'signed-in' });
    refuse = true;
    await expect(h.session.authorizedFetch(`${API}/me`)).rejects.toMatchObject({ kind: 'auth' });
    expect(h.refreshRequests()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last()).toMatchObject({ status: 'pairing', notice: { reason: 'expired' } });
    h.session.dispose();
  });

  it('a try after a lost answer that succeeds (a reuse grace) keeps the member as if nothing happened', async () => {
    const h = harness({
      tokens: stored({ issuedAt: T0 - 3_400_000, expiresAt: T0 + 200_000 }),
      refreshes: [
        () => {
          throw reset();
        },
      ],
    });
    h.session.start();
    await vi.advanceTimersByTimeAsync(10_001);
    expect(h.reopen()).toMatchObject({ refreshToken: 'rt-2' });
    expect(h.last()).toMatchObject({ status: 'signed-in' });
    h.session.dispose();
  });
});

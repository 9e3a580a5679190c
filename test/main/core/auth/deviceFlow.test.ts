import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceFlow, type DeviceFlowOptions, type DeviceFlowState } from '../../../../main/core/auth/deviceFlow';
import { TokenClient, type TokenServiceConfig } from '../../../../main/core/auth/tokenClient';
import { MAX_TIMER_DELAY_MS, systemClock } from '../../../../main/core/timers';
import type { TokenResponse } from '../../../../shared/service/auth';
import { fakeFetch, fakeQr, json, memoryLogger, text, type RecordedRequest, type Reply } from '../support/fakes';

const AUTH = 'https://auth.tunewall.test';
const T0 = new Date('2026-11-22T10:00:00Z').getTime();
const SERVICE: TokenServiceConfig = { authUrl: AUTH, clientId: 'tw-app', clientSecret: 'tw-secret', dialect: 'documented' };

const TOKEN = { access_token: 'at-1', refresh_token: 'rt-1', token_type: 'Bearer', expires_in: 3600 };
const pending = () => json(400, { error: 'authorization_pending' });

function codeBody(n: number, over: Record<string, unknown> = {}) {
  return {
    device_code: `dc-${n}`,
    user_code: `UC-${n}`,
    expires_in: 600,
    interval: 5,
    verification_url: `${AUTH}/device`,
    verification_qrcode: `${AUTH}/oauth2/authorize?response_type=device&user_code=UC-${n}`,
    ...over,
  };
}

interface HarnessOptions {
  code?: (n: number) => Reply;
  /** Answers to polls, in order; when exhausted, authorization_pending. */
  polls?: Array<Reply | (() => Reply)>;
  flow?: Partial<DeviceFlowOptions>;
  service?: Partial<TokenServiceConfig>;
}

function harness(options: HarnessOptions = {}) {
  const polls = [...(options.polls ?? [])];
  let codes = 0;
  const at = new Map<RecordedRequest, number>();
  const f = fakeFetch((request) => {
    at.set(request, Date.now());
    if (request.path === '/oauth2/device/code') {
      codes += 1;
      return options.code ? options.code(codes) : json(200, codeBody(codes));
    }
    const next = polls.shift();
    if (next === undefined) return pending();
    return typeof next === 'function' ? next() : next;
  });
  const states: DeviceFlowState[] = [];
  const tokens: TokenResponse[] = [];
  const logger = memoryLogger();
  const flow = new DeviceFlow({
    client: new TokenClient({ fetch: f.fetch, clock: systemClock, service: { ...SERVICE, ...options.service } }),
    clock: systemClock,
    logger,
    qrMatrix: fakeQr,
    onState: (s) => states.push(s),
    onTokens: (t) => {
      tokens.push(t);
    },
    backoff: { initialMs: 2_000, maxMs: 60_000, random: () => 1 },
    ...options.flow,
  });
  const polled = () => f.to('/oauth2/token');
  /** Seconds after T0 of each poll. */
  const pollTimes = () => polled().map((r) => ((at.get(r) ?? 0) - T0) / 1000);
  return { f, flow, states, tokens, logger, polled, pollTimes, last: () => states.at(-1) };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('device flow', () => {
  it('requests a code with client_id in the form and Basic auth, polls until approved, then stops', async () => {
    const h = harness({ polls: [pending(), pending(), json(200, TOKEN)] });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(0);
    const [codeRequest] = h.f.to('/oauth2/device/code');
    expect(codeRequest?.method).toBe('POST');
    expect(codeRequest?.form.get('client_id')).toBe('tw-app');
    expect(codeRequest?.headers.get('authorization')).toBe(`Basic ${Buffer.from('tw-app:tw-secret').toString('base64')}`);
    expect(h.last()).toMatchObject({
      status: 'pairing',
      poll: 'waiting',
      renewals: 0,
      code: { userCode: 'UC-1', verificationUrl: `${AUTH}/device`, expiresAt: T0 + 600_000, qr: { size: 1 } },
    });

    await vi.advanceTimersByTimeAsync(30_000);
    expect(h.pollTimes()).toEqual([5, 10, 15]);
    const poll = h.polled()[0];
    expect(poll?.form.get('grant_type')).toBe('http://oauth.net/grant_type/device/1.0');
    expect(poll?.form.get('code')).toBe('dc-1');
    expect(poll?.headers.get('authorization')).toMatch(/^Basic /);
    expect(h.tokens).toEqual([TOKEN]);
    expect(h.flow.active).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('uses the RFC 8628 grant and field names in the rfc8628 dialect', async () => {
    const h = harness({
      service: { dialect: 'rfc8628' },
      code: (n) => json(200, { device_code: `dc-${n}`, user_code: 'ABCD', expires_in: 600, verification_uri: `${AUTH}/device` }),
      polls: [json(200, TOKEN)],
    });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(5_000);
    const poll = h.polled()[0];
    expect(poll?.form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:device_code');
    expect(poll?.form.get('device_code')).toBe('dc-1');
    expect(poll?.form.has('code')).toBe(false);
    expect(h.tokens).toHaveLength(1);
  });

  it('dispatches on the JSON error whatever the status: a 200 saying authorization_pending keeps polling', async () => {
    const h = harness({ polls: [json(200, { error: 'authorization_pending', extra: 'ignored' }), json(200, TOKEN)] });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.pollTimes()).toEqual([5, 10]);
    expect(h.tokens).toHaveLength(1);
  });

  it('slow_down adds 5 s to this and every later poll', async () => {
    const h = harness({ polls: [json(400, { error: 'slow_down' }), pending(), pending(), json(400, { error: 'slow_down' })] });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(h.pollTimes()).toEqual([5]);
    await vi.advanceTimersByTimeAsync(60_000);
    // 5 → +10 → +10 → +10 (second slow_down) → +15 …
    expect(h.pollTimes().slice(0, 6)).toEqual([5, 15, 25, 35, 50, 65]);
  });

  it('access_denied stops polling and says so', async () => {
    const h = harness({ polls: [pending(), json(400, { error: 'access_denied' })] });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.last()).toEqual({ status: 'denied', message: expect.stringContaining('declined'), messageKey: 'denied' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.polled()).toHaveLength(2);
    expect(h.flow.active).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('expired_token renews the code up to the bound, then waits for startPairing', async () => {
    const expired = () => json(400, { error: 'expired_token' });
    const h = harness({ polls: [expired, expired, expired, expired], flow: { maxRenewals: 3 } });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.f.to('/oauth2/device/code')).toHaveLength(2);
    expect(h.last()).toMatchObject({ status: 'pairing', renewals: 1, code: { userCode: 'UC-2' } });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(h.f.to('/oauth2/device/code')).toHaveLength(4);
    expect(h.last()).toEqual({ status: 'expired', message: expect.stringContaining('expired'), messageKey: 'codeExpired' });
    const requests = h.f.requests.length;
    await vi.advanceTimersByTimeAsync(600_000);
    expect(h.f.requests).toHaveLength(requests);
    expect(vi.getTimerCount()).toBe(0);

    h.flow.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.f.to('/oauth2/device/code')).toHaveLength(5);
    expect(h.last()).toMatchObject({ status: 'pairing', renewals: 0, code: { userCode: 'UC-5' } });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.polled().at(-1)?.form.get('code')).toBe('dc-5');
  });

  it('gets a new code at the absolute deadline without polling the dead one', async () => {
    const h = harness({ code: (n) => json(200, codeBody(n, { expires_in: 42 })), flow: { maxRenewals: 1 } });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last()).toMatchObject({ code: { expiresAt: T0 + 42_000 } });
    await vi.advanceTimersByTimeAsync(42_000);
    // Polls at 5..40 with dc-1; none at 45 with the dead code: a new code at 42.
    expect(h.polled().filter((r) => r.form.get('code') === 'dc-1')).toHaveLength(8);
    expect(h.f.to('/oauth2/device/code')).toHaveLength(2);
    expect(h.last()).toMatchObject({ status: 'pairing', renewals: 1, code: { userCode: 'UC-2', expiresAt: T0 + 84_000 } });
    await vi.advanceTimersByTimeAsync(42_000);
    expect(h.last()).toMatchObject({ status: 'expired' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('invalid_client stops with a message about the app credentials', async () => {
    const h = harness({ polls: [json(401, { error: 'invalid_client' })] });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.last()).toMatchObject({ status: 'error', error: { kind: 'config', retryable: false } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.polled()).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an unknown error code stops with its code in the message', async () => {
    const h = harness({ polls: [json(400, { error: 'unsupported_grant_type' })] });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.last()).toMatchObject({ status: 'error', error: { message: expect.stringContaining('unsupported_grant_type') } });
  });

  it('invalid_client on the code request stops at once, no retry', async () => {
    const h = harness({ code: () => json(401, { error: 'invalid_client' }) });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.f.to('/oauth2/device/code')).toHaveLength(1);
    expect(h.last()).toMatchObject({ status: 'error', error: { kind: 'config' } });
  });

  it('retries the code request with backoff when offline, then shows a retryable error', async () => {
    const h = harness({ code: () => 'network-error', flow: { maxCodeAttempts: 3 } });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last()).toEqual({ status: 'requesting-code', attempt: 1 });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(h.f.to('/oauth2/device/code')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.last()).toEqual({ status: 'requesting-code', attempt: 2 });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(h.f.to('/oauth2/device/code')).toHaveLength(3);
    expect(h.last()).toMatchObject({ status: 'error', error: { kind: 'network', retryable: true } });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('network errors, 5xx and 503 back off (Retry-After honoured) and polling goes on until approval', async () => {
    const h = harness({
      polls: [
        'network-error',
        text(500, 'upstream broke'),
        json(503, { error: 'temporarily_unavailable' }, { 'Retry-After': '30' }),
        text(200, '<html>captive portal</html>'),
        pending(),
        json(200, TOKEN),
      ],
    });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.last()).toMatchObject({ status: 'pairing', poll: 'retrying', retryAt: T0 + 10_000 });
    await vi.advanceTimersByTimeAsync(200_000);
    // Doubling from the interval, Retry-After winning when sent:
    // 5 (offline) → +5 → 10 (500) → +10 → 20 (503, Retry-After 30) → 50 (not JSON) → +40 → 90 (pending) → +5 → 95.
    expect(h.pollTimes()).toEqual([5, 10, 20, 50, 90, 95]);
    expect(h.states.some((s) => s.status === 'pairing' && s.poll === 'retrying' && s.retryAt === T0 + 50_000)).toBe(true);
    expect(h.tokens).toHaveLength(1);
  });

  it('after a failure, a pending answer goes back to waiting', async () => {
    const h = harness({ polls: ['network-error', pending()] });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.last()).toMatchObject({ status: 'pairing', poll: 'waiting', retryAt: undefined });
  });

  it('keeps backing off while the service is down, up to the deadline, then renews the code', async () => {
    const h = harness({
      code: (n) => json(200, codeBody(n, { expires_in: 120 })),
      polls: Array.from({ length: 20 }, () => 'network-error' as const),
      flow: { maxRenewals: 1 },
    });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(120_000);
    // Doubling from the 5 s interval: 5, 10, 20, 40, 80 → next would be 160, past the 120 s deadline.
    expect(h.pollTimes()).toEqual([5, 10, 20, 40, 80]);
    expect(h.f.to('/oauth2/device/code')).toHaveLength(2);
  });

  it('times out a poll that never answers and backs off', async () => {
    const h = harness({ polls: ['hang', json(200, TOKEN)], flow: {} });
    const flow = new DeviceFlow({
      client: new TokenClient({ fetch: h.f.fetch, clock: systemClock, service: SERVICE, timeoutMs: 3_000 }),
      clock: systemClock,
      logger: memoryLogger(),
      qrMatrix: fakeQr,
      onState: (s) => h.states.push(s),
      onTokens: (t) => {
        h.tokens.push(t);
      },
      backoff: { initialMs: 2_000, maxMs: 60_000, random: () => 1 },
    });
    flow.start();
    await vi.advanceTimersByTimeAsync(8_000);
    expect(h.f.pending()).toBe(0);
    expect(h.last()).toMatchObject({ status: 'pairing', poll: 'retrying' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.tokens).toHaveLength(1);
  });

  it('cancel() aborts the request in flight and leaves no timer', async () => {
    const h = harness({ polls: ['hang'] });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.f.pending()).toBe(1);
    h.flow.cancel();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.f.pending()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    const count = h.f.requests.length;
    const states = h.states.length;
    await vi.advanceTimersByTimeAsync(700_000);
    expect(h.f.requests).toHaveLength(count);
    expect(h.states).toHaveLength(states);
  });

  it('cancel() while waiting between polls leaves no timer and no more requests', async () => {
    const h = harness();
    h.flow.start();
    await vi.advanceTimersByTimeAsync(7_000);
    h.flow.cancel();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.polled()).toHaveLength(1);
  });

  it('on resume polls at once while the code is valid', async () => {
    const h = harness({ polls: [pending(), json(200, TOKEN)] });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(h.polled()).toHaveLength(1);
    // Asleep for 100 s: the wall clock jumped, the runtime's timers did not run.
    vi.setSystemTime(Date.now() + 100_000);
    h.flow.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.polled()).toHaveLength(2);
    expect(h.tokens).toHaveLength(1);
  });

  it('on resume after the deadline gets a new code instead of polling the dead one', async () => {
    const h = harness();
    h.flow.start();
    await vi.advanceTimersByTimeAsync(6_000);
    vi.setSystemTime(Date.now() + 3_600_000);
    h.flow.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.polled()).toHaveLength(1);
    expect(h.f.to('/oauth2/device/code')).toHaveLength(2);
    expect(h.last()).toMatchObject({ status: 'pairing', renewals: 1, code: { userCode: 'UC-2' } });
  });

  it('notices time spent asleep without a resume call (the wait re-reads the wall clock)', async () => {
    const h = harness({ flow: { checkEveryMs: 1_000 } });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(6_000);
    vi.setSystemTime(Date.now() + 3_600_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.f.to('/oauth2/device/code')).toHaveLength(2);
  });

  it('clamps a huge interval and expiry and never hands a timer more than 2^31-1 ms', async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const h = harness({
      // As sent on the wire; JSON.parse turns it into 9223372036854776000.
      code: (n) =>
        text(200, JSON.stringify(codeBody(n, { expires_in: 0, interval: 0 })).replace(/"(expires_in|interval)":0/g, '"$1":9223372036854775807')),
    });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last()).toMatchObject({ status: 'pairing', code: { expiresAt: T0 + 30 * 60_000 } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.pollTimes()).toEqual([60]);
    for (const call of setTimeoutSpy.mock.calls) expect(Number(call[1] ?? 0)).toBeLessThanOrEqual(MAX_TIMER_DELAY_MS);
  });

  it('reads a Unix-time expires_in as an absolute deadline and a string interval as seconds', async () => {
    const h = harness({ code: (n) => json(200, codeBody(n, { expires_in: T0 / 1000 + 300, interval: '7' })) });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(14_000);
    expect(h.last()).toMatchObject({ code: { expiresAt: T0 + 300_000 } });
    expect(h.pollTimes()).toEqual([7, 14]);
  });

  it('a zero interval is raised to 1 s: no tight loop', async () => {
    const h = harness({ code: (n) => json(200, codeBody(n, { interval: 0 })) });
    h.flow.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(h.pollTimes()).toEqual([1, 2, 3]);
  });
});

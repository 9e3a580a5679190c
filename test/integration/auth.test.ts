/**
 * The core's sign-in over real HTTP against the sandbox: pairing (approved, denied, expired and renewed), refresh with
 * rotation, revoked tokens, faults during polling and refresh, and guest browsing.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthSession } from '../../main/core/auth/session';
import { TokenClient } from '../../main/core/auth/tokenClient';
import { tokenSetFrom } from '../../main/core/auth/tokens';
import { systemClock } from '../../main/core/timers';
import { TokenVault } from '../../main/core/vault/tokenVault';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import type { AuthState } from '../../shared/bridge';
import { fakeCipher, fakeQr, memoryLogger, MemoryStore } from '../main/core/support/fakes';

const NO_FAULTS = { latencyMs: 0, errorRate: 0, dropRate: 0, malformedRate: 0, unavailableRate: 0, retryAfterSeconds: 1 };

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
});
afterAll(async () => {
  await sandbox.close();
});

const sessions: AuthSession[] = [];
beforeEach(() => {
  sandbox.control.setFaults(NO_FAULTS);
  sandbox.control.setLifetimes({ deviceCodeSeconds: 600, deviceIntervalSeconds: 1, accessTokenSeconds: 3600, hugeExpiresIn: false });
});
afterEach(() => {
  for (const s of sessions.splice(0)) s.dispose();
});

function setup(options: { guestMode?: boolean; store?: MemoryStore; fetch?: typeof fetch } = {}) {
  const store = options.store ?? new MemoryStore();
  const through = options.fetch ?? fetch;
  const cipher = fakeCipher('os-keyring');
  const vault = new TokenVault({ store, cipher, policy: 'os-keyring', logger: memoryLogger() });
  const states: AuthState[] = [];
  const session = new AuthSession({
    fetch: (input, init) => through(input, init),
    clock: systemClock,
    logger: memoryLogger(),
    service: { authUrl: sandbox.urls.auth, clientId: sandbox.client.id, clientSecret: sandbox.client.secret, dialect: 'documented' },
    vault,
    qrMatrix: fakeQr,
    guestMode: options.guestMode ?? false,
    requestTimeoutMs: 5_000,
    backoff: { initialMs: 100, maxMs: 500 },
    deviceBackoff: { initialMs: 100, maxMs: 2_000 },
  });
  sessions.push(session);
  session.subscribe((s) => states.push(s));
  const reopen = () => new TokenVault({ store, cipher, policy: 'os-keyring', logger: memoryLogger() }).load();
  /** Waits until the session reaches a state matching `test` (or fails after `ms`). */
  const until = async <S extends AuthState>(test: (s: AuthState) => s is S, ms = 15_000): Promise<S> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const state = session.state;
      if (test(state)) return state;
      if (Date.now() > deadline) throw new Error(`state not reached; last: ${JSON.stringify(state)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const pairing = (s: AuthState): s is Extract<AuthState, { status: 'pairing' }> => s.status === 'pairing';
  const signedIn = (s: AuthState): s is Extract<AuthState, { status: 'signed-in' }> => s.status === 'signed-in';
  /** Seeds the vault with a member token pair issued by the sandbox, as if signed in before. */
  const seed = () => {
    const issued = sandbox.control.issueMemberToken();
    vault.save(tokenSetFrom({ ...issued, token_type: 'Bearer' }, Date.now()));
    return issued;
  };
  return { session, vault, store, states, reopen, until, pairing, signedIn, seed };
}

describe('sign-in against the sandbox', () => {
  it('pairs when the member approves, stores the tokens and reaches member data', async () => {
    const t = setup();
    t.session.start();
    const shown = await t.until(t.pairing);
    expect(shown.code.verificationUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(sandbox.control.approve(shown.code.userCode)).toBe(true);
    await t.until(t.signedIn);
    expect(t.session.state).toEqual({ status: 'signed-in', mode: 'member', member: undefined });
    expect(t.reopen()?.refreshToken).toMatch(/^twr_/);
    const me = await t.session.authorizedFetch(`${sandbox.urls.api}/me`);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ territory: expect.any(String) });
  });

  it('shows the denial and stops polling', async () => {
    const t = setup();
    t.session.start();
    const shown = await t.until(t.pairing);
    sandbox.control.deny(shown.code.userCode);
    const denied = await t.until((s): s is Extract<AuthState, { status: 'denied' }> => s.status === 'denied');
    expect(denied.message).toContain('declined');
    sandbox.control.clearRequestLog();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(sandbox.control.requestLog().filter((r) => r.path === '/oauth2/token')).toHaveLength(0);
  });

  it('renews an expired code on its own and pairs with the new one', async () => {
    const t = setup();
    t.session.start();
    const first = await t.until(t.pairing);
    sandbox.control.advanceTime(601_000);
    const renewed = await t.until((s): s is Extract<AuthState, { status: 'pairing' }> => s.status === 'pairing' && s.renewals === 1);
    expect(renewed.code.userCode).not.toBe(first.code.userCode);
    sandbox.control.approve(renewed.code.userCode);
    await t.until(t.signedIn);
  });

  it('refreshes with rotation: the new refresh token is stored, the old one no longer works', async () => {
    const t = setup();
    const issued = t.seed();
    t.session.start();
    await t.until(t.signedIn);
    const next = await t.session.refresh();
    expect(next.refreshToken).not.toBe(issued.refresh_token);
    expect(t.reopen()).toMatchObject({ accessToken: next.accessToken, refreshToken: next.refreshToken });
    const client = new TokenClient({
      fetch: (input, init) => fetch(input, init),
      clock: systemClock,
      service: { authUrl: sandbox.urls.auth, clientId: sandbox.client.id, clientSecret: sandbox.client.secret, dialect: 'documented' },
    });
    await expect(client.refresh(issued.refresh_token)).rejects.toMatchObject({ kind: 'oauth', oauthError: 'invalid_grant' });
    expect((await t.session.authorizedFetch(`${sandbox.urls.api}/me`)).status).toBe(200);
  });

  it('a start after a refresh the last process never finished says Tunewall was interrupted, not signed out', async () => {
    const store = new MemoryStore();
    // The last process: its refresh reaches the service, which rotates the token, and the process dies before the answer.
    let sent = false;
    const dying: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(init?.body ?? '').includes('grant_type=refresh_token')) return response;
      sent = true;
      return new Promise<Response>(() => undefined);
    };
    const last = setup({ store, fetch: dying });
    last.seed();
    last.session.start();
    await last.until(last.signedIn);
    void last.session.refresh().catch(() => undefined);
    await vi.waitFor(() => expect(sent).toBe(true), { timeout: 15_000 });
    last.session.dispose();

    // Strict rotation: the token this start holds is spent. The viewer is told what happened, in plain words.
    const next = setup({ store });
    next.session.start();
    await next.until(next.signedIn);
    sandbox.control.advanceTime(3_601_000);
    expect((await next.session.authorizedFetch(`${sandbox.urls.api}/me`).catch((error: unknown) => error)) instanceof Error).toBe(true);
    const told = await next.until((s): s is Extract<AuthState, { status: 'pairing' }> => s.status === 'pairing');
    expect(told.notice).toEqual({ reason: 'interrupted', message: 'Tunewall was interrupted while renewing your sign-in. Scan the code to sign in again.' });
  });

  it('a refresh that completes takes its mark away', async () => {
    const t = setup();
    t.seed();
    t.session.start();
    await t.until(t.signedIn);
    await t.session.refresh();
    const next = setup({ store: t.store });
    expect(next.vault.load()).toBeDefined();
    expect(next.vault.refreshWasInterrupted).toBe(false);
  });

  it('an expired access token is refreshed on the first 401 and the request replayed once', async () => {
    const t = setup();
    t.seed();
    t.session.start();
    await t.until(t.signedIn);
    // The sandbox's clock moves past the access token's hour; the vault still believes it valid.
    sandbox.control.advanceTime(3_601_000);
    sandbox.control.clearRequestLog();
    expect((await t.session.authorizedFetch(`${sandbox.urls.api}/me`)).status).toBe(200);
    expect(sandbox.control.requestLog().map((r) => `${r.path} ${r.status}`)).toEqual(['/v1.1/me 401', '/oauth2/token 200', '/v1.1/me 200']);
  });

  it('revoked tokens send the member back to pairing with a notice', async () => {
    const t = setup();
    t.seed();
    t.session.start();
    await t.until(t.signedIn);
    sandbox.control.revokeMember('member-demo');
    await expect(t.session.authorizedFetch(`${sandbox.urls.api}/me`)).rejects.toMatchObject({ kind: 'auth' });
    const again = await t.until(t.pairing);
    expect(again.notice).toMatchObject({ reason: 'signed-out', message: expect.stringContaining('signed out') });
    expect(t.reopen()).toBeUndefined();
    expect(t.store.data.size).toBe(0);
  });

  it('pairs through drops, 500s, 503s and truncated answers during polling without losing the approval', async () => {
    const t = setup();
    t.session.start();
    const shown = await t.until(t.pairing);
    sandbox.control.clearRequestLog();
    sandbox.control.setFaults({ errorRate: 0.2, dropRate: 0.15, malformedRate: 0.15, unavailableRate: 0.15, retryAfterSeconds: 1 });
    // Let polls meet faults before the member approves.
    await t.until((s): s is Extract<AuthState, { status: 'pairing' }> => s.status === 'pairing' && s.poll === 'retrying');
    sandbox.control.approve(shown.code.userCode);
    await t.until(t.signedIn, 30_000);
    sandbox.control.setFaults(NO_FAULTS);
    expect(t.reopen()?.refreshToken).toMatch(/^twr_/);
    expect(t.states.some((s) => s.status === 'error' || s.status === 'expired' || s.status === 'denied')).toBe(false);
    const statuses = sandbox.control.requestLog().filter((r) => r.path === '/oauth2/token').map((r) => r.status);
    expect(statuses.some((status) => status === 0 || status >= 500)).toBe(true);
    expect(statuses.at(-1)).toBe(200);
  });

  it('keeps the tokens through refresh failures and ends with a rotated pair', async () => {
    const t = setup();
    const issued = t.seed();
    t.session.start();
    await t.until(t.signedIn);
    sandbox.control.setFaults({ unavailableRate: 1, retryAfterSeconds: 0 });
    await expect(t.session.refresh()).rejects.toMatchObject({ kind: 'unavailable' });
    expect(t.reopen()?.refreshToken).toBe(issued.refresh_token);
    expect(t.session.state).toMatchObject({ status: 'signed-in' });
    sandbox.control.setFaults({ unavailableRate: 0, dropRate: 0.3, errorRate: 0.3 });
    // The session retries on its own with backoff until a refresh gets through.
    const deadline = Date.now() + 20_000;
    while (t.reopen()?.refreshToken === issued.refresh_token && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    sandbox.control.setFaults(NO_FAULTS);
    expect(t.reopen()?.refreshToken).not.toBe(issued.refresh_token);
    expect((await t.session.authorizedFetch(`${sandbox.urls.api}/me`)).status).toBe(200);
  });

  it('browses the public catalog as a guest with a client-credentials token', async () => {
    const t = setup({ guestMode: true });
    t.session.start();
    await t.until(t.pairing);
    await expect(t.session.browseAsGuest()).resolves.toEqual({ ok: true, value: undefined });
    expect(t.session.state).toEqual({ status: 'signed-in', mode: 'guest', member: undefined });
    const charts = await t.session.authorizedFetch(`${sandbox.urls.api}/charts?territory=TW`);
    expect(charts.status).toBe(200);
    expect(await charts.json()).toMatchObject({ data: expect.any(Array) });
    expect(t.store.data.size).toBe(0);
  });
});

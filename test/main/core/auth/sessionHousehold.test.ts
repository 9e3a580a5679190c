import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthSession } from '../../../../main/core/auth/session';
import type { TokenSet } from '../../../../main/core/auth/tokens';
import { systemClock } from '../../../../main/core/timers';
import { MemberVault } from '../../../../main/core/vault/memberVault';
import { MAX_MEMBERS, type AuthState } from '../../../../shared/bridge';
import { fakeCipher, fakeFetch, fakeQr, json, memoryLogger, MemoryStore, type Reply } from '../support/fakes';

const AUTH = 'https://auth.tunewall.test';
const API = 'https://api.tunewall.test/v1.1';
const T0 = new Date('2026-11-22T10:00:00Z').getTime();

const tokensOf = (who: string, over: Partial<TokenSet> = {}): TokenSet => ({
  accessToken: `at-${who}`,
  refreshToken: `rt-${who}`,
  tokenType: 'Bearer',
  issuedAt: T0,
  expiresAt: T0 + 3_600_000,
  ...over,
});

/** A session over a MemberVault holding `members` (by name), answering refreshes per refresh token. */
function household(members: Array<[string, Partial<TokenSet>?]>, options: { refused?: Set<string>; polls?: Reply[] } = {}) {
  const store = new MemoryStore();
  const cipher = fakeCipher('os-keyring');
  const logger = memoryLogger();
  const seed = new MemberVault({ store, cipher, policy: 'os-keyring', logger });
  const keys = new Map(members.map(([who, over]) => [who, seed.add(tokensOf(who, over))]));
  const polls = [...(options.polls ?? [])];
  let rotation = 0;
  const f = fakeFetch((r) => {
    if (r.path === '/oauth2/device/code') {
      return json(200, { device_code: 'dc', user_code: 'UC', expires_in: 600, interval: 5, verification_url: `${AUTH}/device` });
    }
    if (r.path === '/oauth2/token') {
      if (r.form.get('grant_type') === 'refresh_token') {
        const rt = r.form.get('refresh_token') ?? '';
        const who = rt.replace(/^rt-/, '').replace(/-\d+$/, '');
        if (options.refused?.has(who)) return json(400, { error: 'invalid_grant' });
        rotation += 1;
        return json(200, { access_token: `at-${who}-${rotation}`, refresh_token: `rt-${who}-${rotation}`, token_type: 'Bearer', expires_in: 3600 });
      }
      return polls.shift() ?? json(400, { error: 'authorization_pending' });
    }
    return json(200, { ok: true });
  });
  const vault = new MemberVault({ store, cipher, policy: 'os-keyring', logger });
  const session = new AuthSession({
    fetch: f.fetch,
    clock: systemClock,
    logger,
    service: { authUrl: AUTH, clientId: 'tw-app', clientSecret: 'tw-secret', dialect: 'documented' },
    vault,
    qrMatrix: fakeQr,
    guestMode: true,
    backoff: { initialMs: 10_000, maxMs: 60_000, random: () => 1 },
  });
  const states: AuthState[] = [];
  session.subscribe((s) => states.push(s));
  const key = (who: string): string => keys.get(who) ?? '';
  const refreshedWith = () => f.to('/oauth2/token').filter((r) => r.form.get('grant_type') === 'refresh_token').map((r) => r.form.get('refresh_token'));
  const bearer = async () => {
    await session.authorizedFetch(`${API}/me`);
    return f.requests.filter((r) => r.url.startsWith(API)).at(-1)?.headers.get('authorization');
  };
  const reopen = () => new MemberVault({ store, cipher, policy: 'os-keyring', logger: memoryLogger() }).load();
  return { session, states, key, refreshedWith, bearer, reopen, store, last: () => states.at(-1) };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a household of members', () => {
  it('starts on the chooser with several members, and each chosen member speaks with their own token', async () => {
    const h = household([['anna'], ['ben']]);
    h.session.start();
    expect(h.last()).toEqual({ status: 'choosing' });
    expect(h.session.household).toEqual([
      { key: h.key('anna'), needsPairing: false },
      { key: h.key('ben'), needsPairing: false },
    ]);
    expect(h.session.choose(h.key('ben'))).toBe(true);
    expect(h.last()).toMatchObject({ status: 'signed-in', mode: 'member' });
    expect(h.session.activeMember).toBe(h.key('ben'));
    expect(await h.bearer()).toBe('Bearer at-ben');
    h.session.choose(h.key('anna'));
    expect(await h.bearer()).toBe('Bearer at-anna');
    expect(h.session.choose('nobody')).toBe(false);
    h.session.dispose();
  });

  it('a start choice puts that member on screen directly', () => {
    const h = household([['anna'], ['ben']]);
    h.session.start((keys) => keys[1]);
    expect(h.session.activeMember).toBe(h.key('ben'));
    h.session.dispose();
  });

  it('only the member on screen refreshes on schedule; another is refreshed when chosen, once however many ask', async () => {
    const h = household([['anna'], ['ben']]);
    h.session.start((keys) => keys[0]);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(h.refreshedWith().every((rt) => rt?.startsWith('rt-anna'))).toBe(true);
    expect(h.refreshedWith().length).toBeGreaterThan(0);
    const annaRefreshes = h.refreshedWith().length;
    // Ben's token ran out while Anna was on screen: choosing him renews it, one refresh for every caller.
    h.session.choose(h.key('ben'));
    const tokens = await Promise.all(Array.from({ length: 10 }, () => h.session.accessToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).toMatch(/^at-ben-\d+$/);
    expect(h.refreshedWith().slice(annaRefreshes)).toEqual(['rt-ben']);
    // The rotated pair is Ben's alone, in Ben's entry.
    const stored = h.reopen();
    expect(stored.find((m) => m.key === h.key('ben'))?.tokens.refreshToken).toMatch(/^rt-ben-\d+$/);
    expect(stored.find((m) => m.key === h.key('anna'))?.tokens.refreshToken).toMatch(/^rt-anna-\d+$/);
    h.session.dispose();
  });

  it('a member whose sign-in was revoked meanwhile is asked alone to pair again when chosen; the others stay', async () => {
    const h = household([['anna', { expiresAt: T0 - 1 }], ['ben']], { refused: new Set(['anna']) });
    h.session.start((keys) => keys[1]);
    expect(await h.bearer()).toBe('Bearer at-ben');
    h.session.choose(h.key('anna'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.last()).toEqual({ status: 'choosing' });
    expect(h.session.adding).toMatchObject({ again: h.key('anna'), pairing: { status: 'pairing', notice: { reason: 'signed-out' } } });
    expect(h.session.household).toEqual([
      { key: h.key('anna'), needsPairing: true },
      { key: h.key('ben'), needsPairing: false },
    ]);
    expect(h.reopen().map((m) => m.key)).toEqual([h.key('ben')]);
    expect(h.session.choose(h.key('ben'))).toBe(true);
    expect(await h.bearer()).toBe('Bearer at-ben');
    h.session.dispose();
  });

  it('the only member signed out by the service pairs as before, with the reason', async () => {
    const h = household([['anna', { expiresAt: T0 - 1 }]], { refused: new Set(['anna']) });
    h.session.start();
    await h.session.accessToken().catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last()).toMatchObject({ status: 'pairing', notice: { reason: 'signed-out' } });
    expect(h.session.household).toEqual([]);
    expect(h.session.adding).toBeUndefined();
    h.session.dispose();
  });

  it('adds a member by a second device flow while the one on screen stays signed in, then puts them on screen', async () => {
    const h = household([['anna']], {
      polls: [json(400, { error: 'authorization_pending' }), json(200, { access_token: 'at-cleo', refresh_token: 'rt-cleo', token_type: 'Bearer', expires_in: 3600 })],
    });
    h.session.start();
    expect(h.session.addMember()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.session.adding).toMatchObject({ again: undefined, pairing: { status: 'pairing', code: { userCode: 'UC' } } });
    expect(h.last()).toMatchObject({ status: 'signed-in', mode: 'member' });
    expect(await h.bearer()).toBe('Bearer at-anna');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.session.adding).toBeUndefined();
    expect(h.session.household).toHaveLength(2);
    expect(await h.bearer()).toBe('Bearer at-cleo');
    expect(h.reopen().map((m) => m.tokens.accessToken)).toEqual(['at-anna', 'at-cleo']);
    h.session.dispose();
  });

  it('cancelling Add a member stops its polling; a full household refuses another', async () => {
    const h = household(Array.from({ length: MAX_MEMBERS }, (_, i): [string] => [`m${i}`]));
    h.session.start((keys) => keys[0]);
    expect(h.session.addMember()).toBe(false);
    h.session.signOutMember(h.key('m5'));
    expect(h.session.addMember()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    h.session.cancelAdding();
    expect(h.session.adding).toBeUndefined();
    expect(vi.getTimerCount()).toBeLessThanOrEqual(1); // Anna's refresh timer only
    h.session.dispose();
  });

  it('signing one member out forgets their tokens alone: the one left comes on screen, the last one out pairs', async () => {
    const h = household([['anna'], ['ben']]);
    h.session.start((keys) => keys[1]);
    await h.session.signOut();
    expect(h.session.activeMember).toBe(h.key('anna'));
    expect(h.reopen().map((m) => m.key)).toEqual([h.key('anna')]);
    expect(h.store.dump()).not.toContain('rt-ben');
    await h.session.signOut();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last()).toMatchObject({ status: 'pairing' });
    expect(h.reopen()).toEqual([]);
    h.session.dispose();
  });

  it('when the one on screen signs out and several remain, the chooser comes, unless told whom to show', async () => {
    const h = household([['anna'], ['ben'], ['cleo']]);
    h.session.start((keys) => keys[0]);
    await h.session.signOut();
    expect(h.last()).toEqual({ status: 'choosing' });
    const kiosk = household([['anna'], ['ben'], ['cleo']]);
    kiosk.session.start(
      (keys) => keys[0],
      (keys) => keys.at(-1),
    );
    await kiosk.session.signOut();
    expect(kiosk.session.activeMember).toBe(kiosk.key('cleo'));
    h.session.dispose();
    kiosk.session.dispose();
  });

  it('merges a member paired twice: the newer tokens replace the older entry', async () => {
    const h = household([['anna'], ['anna2']]);
    h.session.start((keys) => keys[1]);
    h.session.merge(h.key('anna2'), h.key('anna'));
    expect(h.session.household.map((m) => m.key)).toEqual([h.key('anna')]);
    expect(h.session.activeMember).toBe(h.key('anna'));
    expect(await h.bearer()).toBe('Bearer at-anna2');
    expect(h.reopen().map((m) => [m.key, m.tokens.accessToken])).toEqual([[h.key('anna'), 'at-anna2']]);
    h.session.dispose();
  });
});

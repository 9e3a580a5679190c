/**
 * createAppCore when things go wrong, over real HTTP against the sandbox: a failing or unreachable service (offline,
 * then back by itself), a member whose tokens the service revoked, and guest browsing.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import type { AppState, BridgeEvent, Result, RowView } from '../../shared/bridge';
import { MemoryStore } from '../main/core/support/fakes';
import { disposeCores, isMember, isPairing, NO_FAULTS, pairingOf, pairMember, sealedTokens, startCore, tokenEntries } from '../main/core/app/harness';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.control.setFaults(NO_FAULTS);
  sandbox.control.setLifetimes({ deviceIntervalSeconds: 1, accessTokenSeconds: 3600 });
});
afterEach(async () => {
  sandbox.control.setFaults(NO_FAULTS);
  await disposeCores();
});

const WAIT = { timeout: 20_000, interval: 50 };

function failed<T>(result: Result<T>) {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

function okRow(result: Result<RowView>): RowView {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

describe('service faults', () => {
  it.each([
    ['answers 500', { errorRate: 1 }, 'server'],
    ['drops the connection', { dropRate: 1 }, 'network'],
  ] as const)('when the service %s: a retryable error, offline with a retry time, then online by itself', async (_, faults, kind) => {
    const h = await startCore({ sandbox });
    await pairMember(h, sandbox);
    sandbox.control.setFaults(faults);

    const error = failed(await h.core.handlers.loadRow('genre-stations'));
    expect(error.kind).toBe(kind);
    expect(error.retryable).toBe(true);
    const offline = await h.core.handlers.getState();
    expect(offline.network.online).toBe(false);
    expect(offline.network.retryAt).toBeGreaterThan(0);
    expect(h.states().some((s) => !s.network.online && s.network.retryAt !== undefined)).toBe(true);

    sandbox.control.setFaults(NO_FAULTS);
    // Nothing is asked of the core: its own probe must notice the service is back.
    await vi.waitFor(async () => expect((await h.core.handlers.getState()).network).toEqual({ online: true, retryAt: undefined }), WAIT);
    expect(h.states().at(-1)?.network.online).toBe(true);
    expect(okRow(await h.core.handlers.loadRow('genre-stations')).tiles.length).toBeGreaterThan(0);
  });

  it('keeps probing with backoff while the service stays down', async () => {
    const h = await startCore({ sandbox });
    await pairMember(h, sandbox);
    sandbox.control.setFaults({ errorRate: 1 });
    // A row the sign-in has not loaded already (it loads the rows Home asks for before the first press: four).
    failed(await h.core.handlers.loadRow('genre-stations'));
    const firstRetryAt = (await h.core.handlers.getState()).network.retryAt ?? 0;
    // After the first probe fails a later retry is announced, and the app is still offline.
    await vi.waitFor(async () => {
      const state = await h.core.handlers.getState();
      expect(state.network.online).toBe(false);
      expect(state.network.retryAt).toBeGreaterThan(firstRetryAt);
    }, WAIT);
    // Probes ask for one chart; the row that failed was another one.
    const probes = sandbox.control.requestLog().filter((r) => r.path === '/v1.1/charts' && r.status === 500);
    expect(probes.length).toBeGreaterThanOrEqual(1);
  });

  it('shows the cached row while the service fails, and marks the app offline', async () => {
    const store = new MemoryStore();
    const first = await startCore({ sandbox, store });
    await pairMember(first, sandbox);
    const fresh = okRow(await first.core.handlers.loadRow('charts'));
    await first.core.dispose();

    sandbox.control.setFaults({ errorRate: 1 });
    const second = await startCore({ sandbox, store, cipher: first.cipher });
    const cached = okRow(await second.core.handlers.loadRow('charts'));
    expect(cached.fromCache).toBe(true);
    expect(cached.tiles.map((t) => t.key)).toEqual(fresh.tiles.map((t) => t.key));
    await vi.waitFor(async () => expect((await second.core.handlers.getState()).network.online).toBe(false), WAIT);
    expect(second.events.some((e) => e.type === 'row')).toBe(false);
  });

  it('a row painted from the cache does not count as the service being back', async () => {
    const h = await startCore({ sandbox });
    await pairMember(h, sandbox);
    okRow(await h.core.handlers.loadRow('charts'));
    sandbox.control.setFaults({ errorRate: 1 });
    failed(await h.core.handlers.loadRow('genre-stations'));
    const offline = await h.core.handlers.getState();
    expect(offline.network.online).toBe(false);

    // Fresh in the cache, so no request is made: that says nothing about the service.
    const cached = okRow(await h.core.handlers.loadRow('charts'));
    expect(cached.fromCache).toBe(true);
    const after = await h.core.handlers.getState();
    expect(after.network).toEqual(offline.network);
    expect(h.states().at(-1)?.network.online).toBe(false);
  });

  it('a probe that fails after dispose arms no further probe', async () => {
    let held: ((response: Response | Error) => void) | undefined;
    const probes: string[] = [];
    const h = await startCore({
      sandbox,
      // Probes carry no token: hold them, so the test decides when (and how) one ends.
      fetch: (input, init) => {
        if (new Headers(init?.headers).has('authorization') || !input.includes('/v1.1/charts')) return fetch(input, init);
        probes.push(input);
        return new Promise<Response>((resolve, reject) => {
          held = (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome));
        });
      },
    });
    await pairMember(h, sandbox);
    sandbox.control.setFaults({ dropRate: 1 });
    // A row the sign-in has not loaded already (it loads the rows Home asks for before the first press: four).
    failed(await h.core.handlers.loadRow('genre-stations'));
    await vi.waitFor(() => expect(held).toBeDefined(), WAIT);
    await h.core.dispose();
    held?.(new TypeError('fetch failed'));
    // The next probe would come 2 to 4 seconds later; give it time to show up if it was armed.
    await new Promise((r) => setTimeout(r, 4_500));
    expect(probes).toHaveLength(1);
  });

  it('diagnostics says the service is unreachable while it fails', async () => {
    const h = await startCore({ sandbox });
    await pairMember(h, sandbox);
    sandbox.control.setFaults({ errorRate: 1 });
    const d = await h.core.handlers.diagnostics();
    expect(d.serviceReachable).toBe(false);
    expect(d.latencyMs).toBeUndefined();
    expect((await h.core.handlers.getState()).network.online).toBe(false);
    sandbox.control.setFaults(NO_FAULTS);
    const back = await h.core.handlers.diagnostics();
    expect(back.serviceReachable).toBe(true);
    expect((await h.core.handlers.getState()).network.online).toBe(true);
  });
});

describe('a member the service signed out', () => {
  it('ends in pairing with a notice, forgets the member and their tokens, and pairs the next person cleanly', async () => {
    const store = new MemoryStore();
    const h = await startCore({ sandbox, store });
    await pairMember(h, sandbox);
    okRow(await h.core.handlers.loadRow('favorites'));
    const tokens = sealedTokens(h.cipher);

    expect(sandbox.control.revokeMember('member-demo')).toBeGreaterThan(0);
    const error = failed(await h.core.handlers.loadRow('collected-playlists'));
    expect(error.kind).toBe('auth');
    const state = await h.until(isPairing);
    expect(pairingOf(state).notice).toMatchObject({ reason: 'signed-out', message: expect.stringMatching(/signed out/i) });
    expect(tokenEntries(store)).toEqual([]);
    expect(store.data.has('member')).toBe(false);
    expect(JSON.stringify(store.get('household') ?? {})).not.toContain('林語彤');
    const dump = store.dump();
    for (const token of tokens) expect(dump).not.toContain(token);
    expect(dump).not.toContain('member-demo');

    // The next person to pair never sees the previous member's name, not even for a moment.
    const seen: BridgeEvent[] = [];
    h.core.subscribe((e) => seen.push(e));
    const approvedAt = Date.now();
    sandbox.control.approve(pairingOf(state).code.userCode, 'member-hanako');
    const next = await h.until(isMember);
    expect(next.auth).toMatchObject({ member: { name: '佐藤花音', territory: 'JP' } });
    const names = seen.flatMap((e) =>
      e.type === 'state' && e.state.auth.status === 'signed-in' && e.state.auth.member ? [e.state.auth.member.name] : [],
    );
    expect(names).not.toContain('林語彤');
    // Their favourites were fetched for them, after the approval (the sign-in may have loaded them already).
    const favorites = okRow(await h.core.handlers.loadRow('favorites'));
    expect(favorites.fetchedAt).toBeGreaterThanOrEqual(approvedAt);
  });

  it('ends in pairing when the refresh token is refused after the access token expired', async () => {
    sandbox.control.setLifetimes({ accessTokenSeconds: 30 });
    const h = await startCore({ sandbox });
    await pairMember(h, sandbox);
    sandbox.control.revokeMember('member-demo');
    // The access token is past its time: the next request renews first, and the service refuses.
    sandbox.control.advanceTime(60_000);
    const result = await h.core.handlers.getDetail({ kind: 'chart', id: 'anything' });
    expect(result.ok).toBe(false);
    const state = await h.until(isPairing);
    expect(pairingOf(state).notice).toBeDefined();
  });
});

describe('guest mode', () => {
  it('browses the public catalog as a guest; member rows say to sign in', async () => {
    const h = await startCore({ sandbox, env: { TUNEWALL_GUEST_MODE: '1' } });
    const pairing = await h.until(isPairing);
    expect(pairing.guestModeAvailable).toBe(true);
    const guest = await h.core.handlers.browseAsGuest();
    expect(guest).toEqual({ ok: true, value: undefined });
    const state = await h.core.handlers.getState();
    expect(state.auth).toEqual({ status: 'signed-in', mode: 'guest', member: undefined });
    expect(okRow(await h.core.handlers.loadRow('charts')).tiles.length).toBeGreaterThan(0);
    expect(failed(await h.core.handlers.loadRow('favorites')).kind).toBe('auth');
    expect(failed(await h.core.handlers.loadRow('collected-playlists')).kind).toBe('auth');
    // A guest token is never persisted.
    expect(tokenEntries(h.store)).toEqual([]);
  });

  it('refuses guest browsing when it is not enabled', async () => {
    const h = await startCore({ sandbox });
    const state: AppState = await h.until(isPairing);
    expect(state.guestModeAvailable).toBe(false);
    const result = failed(await h.core.handlers.browseAsGuest());
    expect(result.kind).toBe('config');
    expect((await h.core.handlers.getState()).auth.status).toBe('pairing');
  });

  it('a guest who chooses to sign in pairs and becomes a member', async () => {
    const h = await startCore({ sandbox, env: { TUNEWALL_GUEST_MODE: 'true' } });
    await h.until(isPairing);
    await h.core.handlers.browseAsGuest();
    okRow(await h.core.handlers.loadRow('charts'));
    await h.core.handlers.startPairing();
    const state = await pairMember(h, sandbox);
    expect(state.auth).toMatchObject({ status: 'signed-in', mode: 'member' });
    expect(okRow(await h.core.handlers.loadRow('favorites')).id).toBe('favorites');
  });
});

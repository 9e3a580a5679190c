/**
 * createAppCore over real HTTP against the sandbox: pairing through the embedded sandbox, every home row, details and
 * track paging, settings, diagnostics, argument checks, a restart from the vault and the row cache, sign-out, and
 * that no token ever reaches the renderer's side of the bridge.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import type { AppState, BridgeHandlers, DetailRef, DetailView, Result, RowView, TileView, TracksDetailView } from '../../shared/bridge';
import { MemoryStore } from '../main/core/support/fakes';
import {
  disposeCores,
  isMember,
  isPairing,
  NO_FAULTS,
  pairingOf,
  pairMember,
  recordingCipher,
  sealedTokens,
  startCore,
  tokenEntries,
  type Harness,
} from '../main/core/app/harness';

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
  await disposeCores();
});

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

function tracksOf(detail: DetailView): TracksDetailView {
  if (detail.layout !== 'tracks') throw new Error(`expected a track list, got the ${detail.layout} layout`);
  return detail;
}

function firstRef(row: RowView, kind: DetailRef['kind']): { ref: DetailRef; tile: TileView } {
  const tile = row.tiles.find((t) => t.ref?.kind === kind);
  if (!tile?.ref) throw new Error(`no ${kind} tile in ${row.id}`);
  return { ref: tile.ref, tile };
}

describe('createAppCore against the sandbox', () => {
  let h: Harness;
  let signedIn: AppState;
  const started = { count: 0 };

  beforeAll(async () => {
    h = await startCore({ sandbox, started, ownDispose: true });
    const pairing = pairingOf(await h.until(isPairing));
    expect(pairing.code.userCode).not.toBe('');
    expect(pairing.code.qr.size).toBeGreaterThan(0);
    expect(sandbox.control.approve(pairing.code.userCode)).toBe(true);
    signedIn = await h.until(isMember);
  });
  afterAll(async () => {
    await h.core.dispose();
  });

  it('starts the embedded sandbox when no credentials are configured and says where to approve', async () => {
    expect(started.count).toBe(1);
    expect(h.core.endpoints?.sandbox).toBe(true);
    expect(signedIn.sandbox?.approveUrl).toBe(`${sandbox.origin}/d`);
    expect(signedIn.configProblems).toEqual([]);
  });

  it('signs the member in with the name and territory from /me', () => {
    expect(signedIn.auth).toMatchObject({ status: 'signed-in', mode: 'member', member: { name: '林語彤', territory: 'TW' } });
    expect(signedIn.territory).toBe('TW');
    expect(signedIn.storage.protection).toBe('os-keyring');
  });

  it.each(['charts', 'mood-stations', 'genre-stations', 'favorites', 'collected-playlists'] as const)(
    'loads the %s row with tiles',
    async (id) => {
      const row = value(await h.core.handlers.loadRow(id));
      expect(row.id).toBe(id);
      if (id !== 'favorites') expect(row.tiles.length).toBeGreaterThan(0);
      expect(new Set(row.tiles.map((t) => t.key)).size).toBe(row.tiles.length);
    },
  );

  it('opens a chart with the title of its tile, and pages its tracks past 500', async () => {
    const charts = value(await h.core.handlers.loadRow('charts'));
    const details: TracksDetailView[] = [];
    for (const tile of charts.tiles) {
      if (!tile.ref) continue;
      const detail = tracksOf(value(await h.core.handlers.getDetail(tile.ref)));
      expect(detail.title).toBe(tile.title);
      expect(detail.shuffled).toBe(false);
      details.push(detail);
      if (detail.totalTracks > 600) break;
    }
    const long = details.find((d) => d.totalTracks > 600);
    if (!long) throw new Error('the sandbox has no chart longer than 600 tracks');
    const first = value(await h.core.handlers.getTracks(long.ref, 0, 100));
    const page = value(await h.core.handlers.getTracks(long.ref, 500, 100));
    expect(page.offset).toBe(500);
    expect(page.total).toBe(long.totalTracks);
    expect(page.tracks).toHaveLength(100);
    const firstIds = new Set(first.tracks.map((t) => t.id));
    expect(page.tracks.some((t) => firstIds.has(t.id))).toBe(false);
  });

  it('opens a mood station as shuffled and pages the list it kept', async () => {
    const { ref, tile } = firstRef(value(await h.core.handlers.loadRow('mood-stations')), 'mood-station');
    const detail = tracksOf(value(await h.core.handlers.getDetail(ref)));
    expect(detail).toMatchObject({ ref, title: tile.title, shuffled: true });
    expect(detail.tracks.length).toBeGreaterThan(0);
    expect(detail.totalTracks).toBeGreaterThanOrEqual(detail.tracks.length);
    // The service reorders a station on every call; the pages must come from the one list the detail showed.
    const again = value(await h.core.handlers.getTracks(ref, 0, detail.tracks.length));
    expect(again.tracks.map((t) => t.id)).toEqual(detail.tracks.map((t) => t.id));
    expect(again.total).toBe(detail.totalTracks);
  });

  it('opens a genre station', async () => {
    const { ref, tile } = firstRef(value(await h.core.handlers.loadRow('genre-stations')), 'genre-station');
    const detail = tracksOf(value(await h.core.handlers.getDetail(ref)));
    expect(detail).toMatchObject({ ref, title: tile.title, shuffled: true });
    expect(detail.tracks.length).toBeGreaterThan(0);
    const tail = value(await h.core.handlers.getTracks(ref, 1, 2));
    expect(tail.tracks.map((t) => t.id)).toEqual(detail.tracks.slice(1, 3).map((t) => t.id));
  });

  it('opens every collected playlist (shared, new-hits or chart) and pages its tracks', async () => {
    const row = value(await h.core.handlers.loadRow('collected-playlists'));
    expect(row.tiles.length).toBeGreaterThan(1);
    for (const tile of row.tiles) {
      if (!tile.ref) throw new Error(`collected playlist tile ${tile.key} has no ref`);
      const detail = tracksOf(value(await h.core.handlers.getDetail(tile.ref)));
      expect(detail).toMatchObject({ ref: tile.ref, title: tile.title, shuffled: false });
      const page = value(await h.core.handlers.getTracks(tile.ref, 0, 5));
      expect(page.total).toBe(detail.totalTracks);
      expect(page.tracks.map((t) => t.id)).toEqual(detail.tracks.slice(0, 5).map((t) => t.id));
    }
  });

  it('draws a QR code', async () => {
    const qr = value(await h.core.handlers.qrCode('https://example.com/tunewall'));
    expect(qr.modules).toHaveLength(qr.size * qr.size);
    expect(qr.modules).toMatch(/^[01]+$/);
  });

  it('reports diagnostics without any token', async () => {
    const d = await h.core.handlers.diagnostics();
    expect(d.serviceReachable).toBe(true);
    expect(d.sandbox).toBe(true);
    expect(d.apiOrigin).toBe(sandbox.origin);
    expect(d.tokenValidUntil).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(d.tokenValidUntil ?? '')).toBeGreaterThan(Date.now());
    expect(d.signInRenews).toBe(true);
    const text = JSON.stringify(d);
    for (const token of sealedTokens(h.cipher)) expect(text).not.toContain(token);
  });

  it.each<[string, (b: BridgeHandlers) => Promise<Result<unknown>>]>([
    ['an unknown row', (b) => b.loadRow('podcasts' as never)],
    ['a row id that is not a string', (b) => b.loadRow(42 as never)],
    ['a ref of an unknown kind', (b) => b.getDetail({ kind: 'podcast', id: 'x' } as never)],
    ['tiles of a kind that has none', (b) => b.getTiles({ kind: 'chart', id: 'x' }, 0, 10)],
    ['tracks of a kind that has none', (b) => b.getTracks({ kind: 'kids-category', id: 'x' }, 0, 10)],
    ['a ref without an id', (b) => b.getDetail({ kind: 'chart', id: '' })],
    ['a ref that is not an object', (b) => b.getDetail(null as never)],
    ['a negative offset', (b) => b.getTracks({ kind: 'chart', id: 'x' }, -1, 10)],
    ['a fractional offset', (b) => b.getTracks({ kind: 'chart', id: 'x' }, 1.5, 10)],
    ['a limit of 10000', (b) => b.getTracks({ kind: 'chart', id: 'x' }, 0, 10_000)],
    ['a zero limit', (b) => b.getTracks({ kind: 'chart', id: 'x' }, 0, 0)],
    ['territory XX', (b) => b.setTerritory('XX' as never)],
    ['a QR text that is not a string', (b) => b.qrCode(12 as never)],
    ['an empty QR text', (b) => b.qrCode('')],
  ])('answers %s with a failure value, never a throw', async (_, call) => {
    const before = sandbox.control.requestLog().length;
    const result = await call(h.core.handlers);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.retryable).toBe(false);
    // A bad argument is refused before anything reaches the service.
    expect(sandbox.control.requestLog().length).toBe(before);
  });

  it('answers an unknown chart id as an error value', async () => {
    const result = await h.core.handlers.getDetail({ kind: 'chart', id: 'no-such-chart' });
    expect(result.ok).toBe(false);
  });

  it('ignores an unknown language and keeps the one set', async () => {
    await h.core.handlers.setLanguage('ja');
    expect((await h.core.handlers.getState()).language).toBe('ja');
    await h.core.handlers.setLanguage('klingon' as never);
    expect((await h.core.handlers.getState()).language).toBe('ja');
    expect(h.states().at(-1)?.language).toBe('ja');
    await h.core.handlers.setLanguage('territory');
    expect((await h.core.handlers.getState()).language).toBe('territory');
    await h.core.handlers.setLanguage('auto');
    expect((await h.core.handlers.getState()).language).toBe('auto');
  });

  // Last in this block: it changes the territory of the shared core.
  it('switches the territory: the state says so and rows come from the new territory', async () => {
    sandbox.control.clearRequestLog();
    value(await h.core.handlers.setTerritory('JP'));
    expect((await h.core.handlers.getState()).territory).toBe('JP');
    expect(h.states().at(-1)?.territory).toBe('JP');
    const row = value(await h.core.handlers.loadRow('charts'));
    expect(row.fromCache).toBe(false);
    const chartsRequests = sandbox.control.requestLog().filter((r) => r.path === '/v1.1/charts');
    expect(chartsRequests.length).toBeGreaterThan(0);
    const { ref } = firstRef(row, 'chart');
    const detail = tracksOf(value(await h.core.handlers.getDetail(ref)));
    expect(detail.title).not.toBe('');
  });
});

describe('restart, sign-out and token hygiene', () => {
  it('signs in at once from the vault and paints cached rows, then pushes fresh ones', async () => {
    const store = new MemoryStore();
    const cipher = recordingCipher();
    const first = await startCore({ sandbox, store, cipher });
    sandbox.control.clearRequestLog();
    await pairMember(first, sandbox);
    const before = value(await first.core.handlers.loadRow('charts'));
    // Fetched from the service during this sign-in (by the sign-in itself, which loads Home's first rows).
    expect(sandbox.control.requestLog().filter((r) => r.path === '/v1.1/charts' && r.status === 200)).toHaveLength(1);
    expect(before.fetchedAt).toBeGreaterThan(Date.now() - 10_000);
    await first.core.dispose();

    sandbox.control.clearRequestLog();
    const second = await startCore({ sandbox, store, cipher });
    const state = await second.core.handlers.getState();
    expect(state.auth).toMatchObject({ status: 'signed-in', mode: 'member', member: { name: '林語彤' } });
    const cached = value(await second.core.handlers.loadRow('charts'));
    expect(cached.fromCache).toBe(true);
    expect(cached.fetchedAt).toBe(before.fetchedAt);
    expect(cached.tiles.map((t) => t.key)).toEqual(before.tiles.map((t) => t.key));
    await vi.waitFor(
      () => {
        const fresh = second.events.find((e) => e.type === 'row' && e.row.id === 'charts');
        expect(fresh).toBeDefined();
        if (fresh?.type === 'row') expect(fresh.row.fromCache).toBe(false);
      },
      { timeout: 10_000, interval: 25 },
    );
    await vi.waitFor(() => expect(sandbox.control.requestLog().some((r) => r.path === '/v1.1/me')).toBe(true), {
      timeout: 10_000,
      interval: 25,
    });
    const log = sandbox.control.requestLog();
    expect(log.filter((r) => r.path.includes('/device')).length).toBe(0);
    expect(log.filter((r) => r.path === '/oauth2/token').length).toBe(0);
    // The profile is read once per sign-in, not once per state change.
    expect(log.filter((r) => r.path === '/v1.1/me').length).toBe(1);
    expect(second.logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('drops a background refresh that lands after the territory changed', async () => {
    const store = new MemoryStore();
    const cipher = recordingCipher();
    const first = await startCore({ sandbox, store, cipher });
    await pairMember(first, sandbox);
    value(await first.core.handlers.loadRow('charts'));
    await first.core.dispose();

    const second = await startCore({ sandbox, store, cipher });
    await second.until(isMember);
    sandbox.control.clearRequestLog();
    sandbox.control.setFaults({ latencyMs: 400 });
    const cached = value(await second.core.handlers.loadRow('charts'));
    expect(cached.fromCache).toBe(true);
    value(await second.core.handlers.setTerritory('JP'));
    const switchedAt = second.events.length;
    // The TW refresh still completes in the sandbox; its row must not reach a screen now showing JP.
    await vi.waitFor(
      () => expect(sandbox.control.requestLog().some((r) => r.path === '/v1.1/charts' && r.status === 200)).toBe(true),
      { timeout: 10_000, interval: 25 },
    );
    sandbox.control.setFaults(NO_FAULTS);
    const jp = value(await second.core.handlers.loadRow('charts'));
    expect(jp.fromCache).toBe(false);
    expect(second.events.slice(switchedAt).filter((e) => e.type === 'row')).toEqual([]);
  });

  it('signs out: pairing again, no token left in the store, the member cache cleared', async () => {
    const store = new MemoryStore();
    const h = await startCore({ sandbox, store });
    await pairMember(h, sandbox);
    value(await h.core.handlers.loadRow('charts'));
    value(await h.core.handlers.loadRow('favorites'));
    const tokens = sealedTokens(h.cipher);
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokenEntries(store)).toHaveLength(1);

    await h.core.handlers.signOut();
    await h.until(isPairing);
    expect(tokenEntries(store)).toEqual([]);
    expect(store.data.has('member')).toBe(false);
    expect(JSON.stringify(store.get('household') ?? {})).not.toContain('林語彤');
    const dump = store.dump();
    for (const token of tokens) expect(dump).not.toContain(token);
    expect(dump).not.toContain('member:member-demo');
    const row = await h.core.handlers.loadRow('charts');
    expect(row.ok).toBe(false);
    if (!row.ok) expect(row.error.kind).toBe('auth');
  });

  it('signs a different member in after a sign-out, with their name and territory', async () => {
    const h = await startCore({ sandbox });
    await pairMember(h, sandbox);
    await h.core.handlers.signOut();
    const state = await pairMember(h, sandbox, 'member-hanako');
    expect(state.auth).toMatchObject({ status: 'signed-in', member: { name: '佐藤花音', territory: 'JP' } });
    expect(state.territory).toBe('JP');
  });

  it('never lets a token into a handler result or an event', async () => {
    const h = await startCore({ sandbox });
    const results: unknown[] = [];
    const pairing = pairingOf(await h.until(isPairing));
    sandbox.control.approve(pairing.code.userCode);
    results.push(await h.until(isMember));
    const b = h.core.handlers;
    results.push(await b.getState());
    for (const id of ['charts', 'mood-stations', 'genre-stations', 'favorites', 'collected-playlists'] as const) {
      const row = await b.loadRow(id);
      results.push(row);
      if (row.ok && row.value.tiles[0]?.ref) {
        const ref = row.value.tiles[0].ref;
        results.push(await b.getDetail(ref), await b.getTracks(ref, 0, 50));
      }
    }
    results.push(await b.diagnostics(), await b.qrCode('x'), await b.setTerritory('SG'), await b.loadRow('charts'));
    // A forced renewal: the next request refreshes, and the rotated tokens must not leak either.
    sandbox.control.advanceTime(3_600_000);
    results.push(await b.loadRow('mood-stations'), await b.diagnostics());
    await b.signOut();
    results.push(await b.getState());

    const tokens = sealedTokens(h.cipher);
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    const everything = JSON.stringify([results, h.events]);
    for (const token of tokens) expect(everything).not.toContain(token);
    // And the logs hold no token either.
    const logs = JSON.stringify(h.logger.lines);
    for (const token of tokens) expect(logs).not.toContain(token);
  });
});

describe('embedded sandbox that cannot start', () => {
  it('reports a config problem and an error state instead of throwing', async () => {
    const h = await startCore({
      sandbox,
      extra: {
        startSandbox: () => Promise.reject(new Error('port in use')),
      },
    });
    const state = await h.core.handlers.getState();
    expect(state.auth.status).toBe('error');
    expect(state.configProblems.map((p) => p.key)).toContain('clientId');
    expect(state.sandbox).toBeUndefined();
    const row = await h.core.handlers.loadRow('charts');
    expect(row.ok).toBe(false);
    const guest = await h.core.handlers.browseAsGuest();
    expect(guest.ok).toBe(false);
    await h.core.handlers.startPairing();
    const d = await h.core.handlers.diagnostics();
    expect(d.serviceReachable).toBe(false);
  });
});

import { artworkPath } from '../../../../main/core/features/artwork/artworkPath';
import { describe, expect, it, vi } from 'vitest';
import { createRowCache } from '../../../../main/core/cache/rowCache';
import type { CacheScope, RowCacheOptions } from '../../../../main/core/cache/rowCache';
import type { KeyValueStore, Logger } from '../../../../main/core/ports';
import type { RowView, TileView } from '../../../../shared/bridge';

function memoryStore(initial: Record<string, unknown> = {}): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    // Round-trip through JSON like a file-backed store would.
    get: (key) => (data.has(key) ? JSON.parse(JSON.stringify(data.get(key))) : undefined),
    set: (key, value) => void data.set(key, JSON.parse(JSON.stringify(value))),
    delete: (key) => void data.delete(key),
  };
}

function setup(store = memoryStore(), extra: Partial<RowCacheOptions> = {}) {
  let now = 1_000_000;
  const warnings: string[] = [];
  const logger: Logger = { info: () => undefined, warn: (m) => warnings.push(m), error: () => undefined };
  const clock = { now: () => now, monotonic: () => now };
  const cache = createRowCache({ store, clock, logger, freshForMs: 60_000, ...extra });
  return { cache, store, warnings, advance: (ms: number) => (now += ms), now: () => now, clock, logger };
}

const tile = (id: string): TileView => ({
  ref: { kind: 'chart', id },
  key: id,
  title: `Chart ${id}`,
  subtitle: undefined,
  images: [{ url: artworkPath(`https://img.example.test/${id}.jpg`), width: 300, height: 300 }],
  group: undefined,
});
const row = (fetchedAt: number, ...ids: string[]): RowView => ({ id: 'charts', tiles: ids.map(tile), fetchedAt, fromCache: false });

const member: CacheScope = { account: { kind: 'member', id: 'm1' }, territory: 'TW' };
const guest: CacheScope = { account: { kind: 'guest' }, territory: 'TW' };

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('home-row cache', () => {
  it('fetches a row it does not have, keeps it, and paints it from disk after a restart', async () => {
    const { cache, store, now, clock, logger } = setup();
    const fetched = await cache.load(member, 'charts', () => Promise.resolve(row(now(), 'a', 'b')));
    expect(fetched).toMatchObject({ fromCache: false, tiles: [{ key: 'a' }, { key: 'b' }] });

    const restarted = createRowCache({ store, clock, logger });
    const fetchRow = vi.fn(() => Promise.resolve(row(now(), 'z')));
    const painted = await restarted.load(member, 'charts', fetchRow);
    expect(painted).toEqual({ ...row(now(), 'a', 'b'), fromCache: true });
    expect(fetchRow).not.toHaveBeenCalled();
  });

  it('keeps when a chart was updated across a restart', () => {
    const { cache, store, now, clock, logger } = setup();
    const chart: TileView = { ...tile('c1'), updatedAt: '2024-06-01T00:00:00.000Z' };
    cache.write(member, { id: 'charts', tiles: [chart], fetchedAt: now(), fromCache: false });
    const restarted = createRowCache({ store, clock, logger });
    expect(restarted.read(member, 'charts')?.row.tiles).toEqual([chart]);
  });

  it('keeps a favourite’s track and a new-release tile’s group across a restart', () => {
    const { cache, store, now, clock, logger } = setup();
    const favorite: TileView = {
      ...tile('t1'),
      ref: undefined,
      track: { id: 't1', name: 'Song', artist: 'Lin Mei', album: 'Night Drive', durationMs: 1000, explicit: false, url: 'u', albumId: 'al1', artistId: 'ar1' },
    };
    const album: TileView = { ...tile('al1'), ref: { kind: 'album', id: 'al1' }, group: 'New', groupRef: { kind: 'new-release-category', id: 'nr1' } };
    cache.write(member, { id: 'favorites', tiles: [favorite, album], fetchedAt: now(), fromCache: false });
    const restarted = createRowCache({ store, clock, logger });
    expect(restarted.read(member, 'favorites')?.row.tiles).toEqual([favorite, album]);
  });

  it('stores only the mapped row: no tokens, no service JSON', async () => {
    const { cache, store, now } = setup();
    cache.write(member, row(now(), 'a'));
    const saved = JSON.stringify(store.data.get('homeRows'));
    expect(JSON.parse(saved)).toEqual({
      version: 1,
      entries: {
        '["member:m1","TW","charts"]': {
          account: 'member:m1',
          territory: 'TW',
          rowId: 'charts',
          fetchedAt: now(),
          tiles: [{ ref: { kind: 'chart', id: 'a' }, key: 'a', title: 'Chart a', images: [tile('a').images[0]] }],
        },
      },
    });
  });

  it('a row kept with pictures on the service comes back with them on the page origin', async () => {
    const { cache, store, now } = setup();
    cache.write(member, row(now(), 'a'));
    const saved = store.data.get('homeRows') as { entries: Record<string, { tiles: TileView[] }> };
    for (const entry of Object.values(saved.entries)) {
      for (const t of entry.tiles) t.images = t.images.map((i) => ({ ...i, url: 'https://img.example.test/a.jpg' }));
    }
    const again = setup(store);
    const painted = await again.cache.load(member, 'charts', () => new Promise<RowView>(() => undefined));
    expect(painted?.tiles[0]?.images[0]?.url).toBe(artworkPath('https://img.example.test/a.jpg'));
  });

  it('paints a stale row at once and pushes the fresh copy when it arrives', async () => {
    const { cache, advance, now } = setup();
    cache.write(member, row(now(), 'old'));
    advance(120_000);
    const next = deferred<RowView>();
    const onRevalidated = vi.fn();
    const painted = await cache.load(member, 'charts', () => next.promise, { onRevalidated });
    expect(painted).toMatchObject({ fromCache: true, tiles: [{ key: 'old' }] });
    expect(onRevalidated).not.toHaveBeenCalled();

    next.resolve(row(now(), 'new'));
    await vi.waitFor(() => expect(onRevalidated).toHaveBeenCalledOnce());
    expect(onRevalidated.mock.calls[0]?.[0]).toMatchObject({ fromCache: false, tiles: [{ key: 'new' }] });
    expect(cache.read(member, 'charts')).toMatchObject({ fresh: true, row: { tiles: [{ key: 'new' }] } });
  });

  it('does not ask the service again while a row is fresh, unless told to', async () => {
    const { cache, now } = setup();
    cache.write(member, row(now(), 'a'));
    const fetchRow = vi.fn(() => Promise.resolve(row(now(), 'b')));
    await cache.load(member, 'charts', fetchRow);
    expect(fetchRow).not.toHaveBeenCalled();
    await cache.load(member, 'charts', fetchRow, { revalidate: true });
    expect(fetchRow).toHaveBeenCalledOnce();
  });

  it('keeps showing the cached row when the refresh fails, and says so', async () => {
    const { cache, advance, now, warnings } = setup();
    cache.write(member, row(now(), 'a'));
    advance(120_000);
    const onRevalidateError = vi.fn();
    const painted = await cache.load(member, 'charts', () => Promise.reject(new Error('offline')), { onRevalidateError });
    expect(painted.tiles.map((t) => t.key)).toEqual(['a']);
    await vi.waitFor(() => expect(onRevalidateError).toHaveBeenCalledOnce());
    expect(warnings).toContain('home row could not be refreshed; showing the cached copy');
    expect(cache.read(member, 'charts')?.row.tiles.map((t) => t.key)).toEqual(['a']);
  });

  it('rejects when there is nothing cached and the fetch fails', async () => {
    const { cache } = setup();
    await expect(cache.load(member, 'charts', () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(cache.read(member, 'charts')).toBeUndefined();
  });

  it('shares one fetch between concurrent loads of the same row', async () => {
    const { cache, now } = setup();
    const next = deferred<RowView>();
    const fetchRow = vi.fn(() => next.promise);
    const a = cache.load(member, 'charts', fetchRow);
    const b = cache.load(member, 'charts', fetchRow);
    next.resolve(row(now(), 'a'));
    expect((await a).tiles).toEqual((await b).tiles);
    expect(fetchRow).toHaveBeenCalledOnce();
  });

  it('keeps members, the guest and territories apart', async () => {
    const { cache, now } = setup();
    cache.write(member, row(now(), 'member-tw'));
    cache.write(guest, row(now(), 'guest-tw'));
    expect(cache.read(member, 'charts')?.row.tiles[0]?.key).toBe('member-tw');
    expect(cache.read(guest, 'charts')?.row.tiles[0]?.key).toBe('guest-tw');
    expect(cache.read({ ...member, territory: 'HK' }, 'charts')).toBeUndefined();
    expect(cache.read({ account: { kind: 'member', id: 'm2' }, territory: 'TW' }, 'charts')).toBeUndefined();
  });

  it('clears one account on sign-out and one territory on a territory change', () => {
    const { cache, store, clock, logger, now } = setup();
    cache.write(member, row(now(), 'a'));
    cache.write({ ...member, territory: 'JP' }, row(now(), 'b'));
    cache.write(guest, row(now(), 'c'));
    cache.clear({ account: member.account, territory: 'TW' });
    expect(cache.read(member, 'charts')).toBeUndefined();
    expect(cache.read({ ...member, territory: 'JP' }, 'charts')).toBeDefined();
    cache.clear({ account: member.account });
    expect(cache.read({ ...member, territory: 'JP' }, 'charts')).toBeUndefined();
    expect(cache.read(guest, 'charts')).toBeDefined();
    // The clear reached the disk, not only memory.
    expect(createRowCache({ store, clock, logger }).read(member, 'charts')).toBeUndefined();
  });

  it('does not write back a fetch that finished after a sign-out', async () => {
    const { cache, advance, now } = setup();
    cache.write(member, row(now(), 'a'));
    advance(120_000);
    const next = deferred<RowView>();
    const onRevalidated = vi.fn();
    await cache.load(member, 'charts', () => next.promise, { onRevalidated });
    cache.clear({ account: member.account });
    // With nothing cached, this load joins the fetch in flight: once it settles, the first load's handlers have run.
    const joined = cache.load(member, 'charts', () => Promise.reject(new Error('not a second fetch')));
    next.resolve(row(now(), 'late'));
    expect((await joined).tiles[0]?.key).toBe('late');
    expect(cache.read(member, 'charts')).toBeUndefined();
    expect(onRevalidated).not.toHaveBeenCalled();
  });

  it('keeps at most maxEntries rows, dropping the oldest, and trims long rows', () => {
    const { cache, advance, now } = setup(memoryStore(), { maxEntries: 2, maxTilesPerRow: 3 });
    cache.write(member, row(now(), 'a'));
    advance(1);
    cache.write(guest, row(now(), 'b'));
    advance(1);
    cache.write({ ...guest, territory: 'SG' }, row(now(), 'c', 'd', 'e', 'f'));
    expect(cache.read(member, 'charts')).toBeUndefined();
    expect(cache.read(guest, 'charts')).toBeDefined();
    expect(cache.read({ ...guest, territory: 'SG' }, 'charts')?.row.tiles.map((t) => t.key)).toEqual(['c', 'd', 'e']);
  });

  it('ignores a cache file that is not what Tunewall writes, and logs it', () => {
    const { cache, warnings } = setup(memoryStore({ homeRows: 'garbage' }));
    expect(cache.read(member, 'charts')).toBeUndefined();
    expect(warnings).toContain('home-row cache is unreadable; starting empty');
  });

  it('drops corrupt entries but keeps the good ones', () => {
    const good = { account: 'guest', territory: 'TW', rowId: 'charts', fetchedAt: 5, tiles: [tile('ok')] };
    const store = memoryStore({
      homeRows: {
        version: 1,
        entries: {
          '["guest","TW","charts"]': good,
          '["guest","TW","favorites"]': { ...good, rowId: 'favorites', tiles: [{ key: 1 }] },
          '["guest","XX","charts"]': { ...good, territory: 'XX' },
          '["guest","HK","charts"]': good,
        },
      },
    });
    const { cache, warnings } = setup(store);
    expect(cache.read(guest, 'charts')?.row.tiles[0]).toEqual(tile('ok'));
    expect(cache.read(guest, 'favorites')).toBeUndefined();
    expect(cache.read({ ...guest, territory: 'HK' }, 'charts')).toBeUndefined();
    expect(warnings).toContain('home-row cache entries ignored as corrupt');
  });

  it('treats a row from the future (the clock went back) as stale', () => {
    const { cache, now } = setup();
    cache.write(member, row(now() + 3_600_000, 'a'));
    expect(cache.read(member, 'charts')?.fresh).toBe(false);
  });
});

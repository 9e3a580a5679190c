import { describe, expect, it, vi } from 'vitest';
import { createRowCache, type CacheScope } from '../../../../../main/core/cache';
import { createRows } from '../../../../../main/core/features/rows/rows';
import type { BridgeEvent, RowId, RowView } from '../../../../../shared/bridge';
import { album, paged, playlist, track } from '../../catalog/fixtures';
import { MemoryStore, memoryLogger } from '../../support/fakes';
import { failed, fakeService, manualClock, recordingNetwork, value, type Route } from '../support';

const member: CacheScope = { account: { kind: 'member', id: 'm1' }, territory: 'TW' };
const guest: CacheScope = { account: { kind: 'guest' }, territory: 'TW' };

const ROUTES: Record<string, Route | unknown> = {
  '/charts': paged([playlist('c1'), playlist('c2')]),
  '/new-hits-playlists': paged([playlist('n1')]),
  '/mood-stations': paged([{ id: 'm1', name: 'Calm', images: [] }]),
  '/genre-stations': paged([{ id: 'g1', category: 'Jazz', name: 'Smooth' }]),
  '/new-release-categories': paged([
    { id: 'nr1', title: 'Mandopop' },
    { id: 'nr2', title: 'Western' },
  ]),
  '/new-release-categories/nr1/albums': paged([album({ id: 'a1' }), album({ id: 'a2' })]),
  '/new-release-categories/nr2/albums': paged([album({ id: 'a3' }), album({ id: 'a1' })]),
  '/children-categories': paged([{ id: 'k1', title: 'Bedtime', images: [] }]),
  '/me/favorite': paged([track('t1')]),
  '/users/m1/playlist-collection': paged([playlist('p1')]),
  '/users/m1/album-collection': paged([album({ id: 'mine' })]),
  '/users/m1/shared-playlists': paged([playlist('s1')]),
};

export function setupRows(
  options: { scope?: CacheScope | undefined; routes?: Record<string, Route | unknown>; store?: MemoryStore; hide?: { value: boolean } } = {},
) {
  const store = options.store ?? new MemoryStore();
  const clock = manualClock();
  const service = fakeService(options.routes ?? ROUTES);
  const cache = createRowCache({ store, clock, logger: memoryLogger() });
  const events: BridgeEvent[] = [];
  const current = { scope: 'scope' in options ? options.scope : member };
  const network = recordingNetwork();
  const rows = createRows({
    catalog: service.catalog,
    cache,
    clock,
    profile: { scope: () => current.scope, settledScope: async () => current.scope, pendingMember: () => undefined },
    network,
    emit: (event) => events.push(event),
    hideExplicit: () => options.hide?.value ?? false,
  });
  return { rows, service, cache, events, current, clock, store, network };
}

describe('home rows', () => {
  it.each<[RowId, string]>([
    ['charts', '/charts?territory=TW&limit=100'],
    ['mood-stations', '/mood-stations?territory=TW&limit=100'],
    ['genre-stations', '/genre-stations?territory=TW&limit=500'],
    ['favorites', '/me/favorite?limit=100'],
    ['collected-playlists', '/users/m1/playlist-collection?limit=100'],
    ['new-hits', '/new-hits-playlists?territory=TW&limit=100'],
    ['kids', '/children-categories?territory=TW&limit=100'],
    ['album-collection', '/users/m1/album-collection?territory=TW&limit=100'],
    ['shared-playlists', '/users/m1/shared-playlists?limit=100'],
  ])('loads %s from %s', async (id, path) => {
    const { rows, service } = setupRows();
    const row = value(await rows.handlers.loadRow(id));
    expect(row).toMatchObject({ id, fromCache: false });
    expect(row.tiles.length).toBeGreaterThan(0);
    expect(service.paths()).toEqual([path]);
  });

  it.each<[RowId, string]>([
    ['charts', 'chart'],
    ['new-hits', 'new-hits'],
    ['kids', 'kids-category'],
    ['album-collection', 'album'],
    ['shared-playlists', 'playlist'],
    ['collected-playlists', 'playlist'],
  ])('%s tiles open a %s', async (id, kind) => {
    const { rows } = setupRows();
    const row = value(await rows.handlers.loadRow(id));
    expect(row.tiles.every((t) => t.ref?.kind === kind)).toBe(true);
  });

  it('new releases: every category’s first albums, asked for at once, each tile grouped under its category', async () => {
    let inFlight = 0;
    let most = 0;
    const routes = { ...ROUTES };
    for (const id of ['nr1', 'nr2']) {
      const answer = ROUTES[`/new-release-categories/${id}/albums`];
      routes[`/new-release-categories/${id}/albums`] = async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 0));
        inFlight -= 1;
        return answer;
      };
    }
    const { rows, service } = setupRows({ routes });
    const row = value(await rows.handlers.loadRow('new-releases'));
    expect(row.tiles.map((t) => [t.group, t.ref?.id, t.key])).toEqual([
      ['Mandopop', 'a1', 'a1'],
      ['Mandopop', 'a2', 'a2'],
      ['Western', 'a3', 'a3'],
      ['Western', 'a1', 'a1#2'],
    ]);
    expect(row.tiles.every((t) => t.ref?.kind === 'album')).toBe(true);
    expect(row.tiles.map((t) => t.groupRef?.id)).toEqual(['nr1', 'nr1', 'nr2', 'nr2']);
    expect(most).toBe(2);
    expect(service.paths()).toEqual([
      '/new-release-categories?territory=TW&limit=10',
      '/new-release-categories/nr1/albums?territory=TW&limit=20',
      '/new-release-categories/nr2/albums?territory=TW&limit=20',
    ]);
  });

  it('a favourite track tile carries the track, for its panel', async () => {
    const { rows } = setupRows();
    const row = value(await rows.handlers.loadRow('favorites'));
    expect(row.tiles[0]).toMatchObject({ ref: undefined, track: { id: 't1', albumId: 'al1', artistId: 'ar1' } });
  });

  it('hands each fetched first page of favourites to whoever keeps them', async () => {
    const { rows } = setupRows();
    const seen: string[] = [];
    rows.onFavorites((memberId, page) => seen.push(`${memberId}:${page.data.map((t) => t.id).join(',')}`));
    value(await rows.handlers.loadRow('favorites'));
    expect(seen).toEqual(['m1:t1']);
  });

  it('refresh fetches past a fresh cache, keeps the row and pushes it', async () => {
    let favorites = [track('t1')];
    const { rows, service, events, cache } = setupRows({ routes: { ...ROUTES, '/me/favorite': () => paged(favorites) } });
    value(await rows.handlers.loadRow('favorites'));
    favorites = [track('t9'), track('t1')];
    await rows.refresh('favorites');
    expect(service.paths()).toEqual(['/me/favorite?limit=100', '/me/favorite?limit=100']);
    expect(events).toMatchObject([{ type: 'row', row: { id: 'favorites', fromCache: false, tiles: [{ key: 't9' }, { key: 't1' }] } }]);
    expect(cache.read(member, 'favorites')?.row.tiles.map((t) => t.key)).toEqual(['t9', 't1']);
  });

  it('a background refresh that started before a forced one gives way to it', async () => {
    const store = new MemoryStore();
    value(await setupRows({ store }).rows.handlers.loadRow('favorites'));
    let release: (() => void) | undefined;
    let calls = 0;
    const routes = {
      ...ROUTES,
      '/me/favorite': async () => {
        calls += 1;
        if (calls === 1) {
          // The background refresh: answered late, with the list as it was before the track was added.
          await new Promise<void>((resolve) => (release = resolve));
          return paged([track('t1')]);
        }
        return paged([track('t9'), track('t1')]);
      },
    };
    const { rows, events, cache } = setupRows({ store, routes });
    expect(value(await rows.handlers.loadRow('favorites')).fromCache).toBe(true);
    await vi.waitFor(() => expect(release).toBeDefined());
    await rows.refresh('favorites');
    release?.();
    await vi.waitFor(() => expect(events).toHaveLength(2));
    for (const event of events) expect(event).toMatchObject({ type: 'row', row: { tiles: [{ key: 't9' }, { key: 't1' }] } });
    expect(cache.read(member, 'favorites')?.row.tiles.map((t) => t.key)).toEqual(['t9', 't1']);
  });

  it('paints from the cache, asks the service once since start, and pushes the fresh row', async () => {
    const store = new MemoryStore();
    const first = setupRows({ store });
    value(await first.rows.handlers.loadRow('charts'));
    const second = setupRows({ store });
    const cached = value(await second.rows.handlers.loadRow('charts'));
    expect(cached.fromCache).toBe(true);
    await vi.waitFor(() => expect(second.events).toHaveLength(1));
    expect(second.events[0]).toMatchObject({ type: 'row', row: { id: 'charts', fromCache: false } });
    // Fresh in the cache and already revalidated since start: no further request.
    value(await second.rows.handlers.loadRow('charts'));
    expect(second.service.paths()).toHaveLength(1);
    expect(second.rows.cachedRows().map((r) => r.id)).toEqual(['charts']);
  });

  it('drops a refresh that lands after the account or territory changed', async () => {
    const store = new MemoryStore();
    const first = setupRows({ store });
    value(await first.rows.handlers.loadRow('charts'));
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const routes = { ...ROUTES, '/charts': async () => {
      await answered;
      return paged([playlist('c3')]);
    } };
    const second = setupRows({ store, routes });
    expect(value(await second.rows.handlers.loadRow('charts')).fromCache).toBe(true);
    second.current.scope = { ...member, territory: 'JP' };
    answer?.();
    await vi.waitFor(() => expect(second.network.onlineMarks).toBe(1));
    expect(second.events).toEqual([]);
  });

  it('says to sign in when nobody is, and that a guest has no music of their own', async () => {
    const nobody = setupRows({ scope: undefined });
    expect(failed(await nobody.rows.handlers.loadRow('charts'))).toMatchObject({ kind: 'auth' });
    const asGuest = setupRows({ scope: guest });
    for (const id of ['favorites', 'collected-playlists', 'album-collection', 'shared-playlists'] as const) {
      expect(failed(await asGuest.rows.handlers.loadRow(id))).toMatchObject({ kind: 'auth', retryable: false });
    }
    expect(value(await asGuest.rows.handlers.loadRow('charts')).tiles.length).toBeGreaterThan(0);
    expect(asGuest.service.paths()).toEqual(['/charts?territory=TW&limit=100']);
  });

  it('refuses a row it does not know before asking the service', async () => {
    const { rows, service } = setupRows();
    expect(failed(await rows.handlers.loadRow('everything' as never)).retryable).toBe(false);
    expect(service.paths()).toEqual([]);
  });

  it('finds the title a cached tile gave an item', async () => {
    const { rows } = setupRows();
    value(await rows.handlers.loadRow('charts'));
    expect(rows.knownTitle({ kind: 'chart', id: 'c2' })).toBe('Playlist c2');
    expect(rows.knownTitle({ kind: 'chart', id: 'zz' })).toBeUndefined();
  });
});

/**
 * Rows with a member who has just signed in: the profile that names them (and the cache their rows are kept under) is
 * on the way until `arrive`. `earlierMember`: the member a profile in flight before this one named.
 */
function setupSigningIn(options: { earlierMember?: string } = {}) {
  const store = new MemoryStore();
  const clock = manualClock();
  const service = fakeService(ROUTES);
  const cache = createRowCache({ store, clock, logger: memoryLogger() });
  let arrived: CacheScope | undefined;
  let resolve: ((scope: CacheScope) => void) | undefined;
  const profileArrives = new Promise<CacheScope>((done) => (resolve = done));
  const named = profileArrives.then((scope) => (scope.account.kind === 'member' ? scope.account.id : undefined));
  const rows = createRows({
    catalog: service.catalog,
    cache,
    clock,
    profile: {
      scope: () => arrived,
      settledScope: async () => arrived ?? (await profileArrives),
      pendingMember: () =>
        arrived === undefined
          ? { territory: service.territory.value, memberId: options.earlierMember === undefined ? named : Promise.resolve(options.earlierMember) }
          : undefined,
    },
    network: recordingNetwork(),
    emit: () => undefined,
    hideExplicit: () => false,
  });
  const arrive = (scope: CacheScope): void => {
    service.territory.value = scope.territory;
    arrived = scope;
    resolve?.(scope);
  };
  return { rows, service, cache, arrive };
}

const settle = () => new Promise<void>((done) => setTimeout(done, 0));

describe('home rows right after a sign-in', () => {
  it('asks for the rows that name no member alongside the profile, once each, and keeps them for the member it names', async () => {
    const { rows, service, cache, arrive } = setupSigningIn();
    const seen: string[] = [];
    rows.onFavorites((memberId, page) => seen.push(`${memberId}:${page.data.map((t) => t.id).join(',')}`));
    const asked = [rows.handlers.loadRow('favorites'), rows.handlers.loadRow('charts'), rows.handlers.loadRow('collected-playlists')];
    // The screen asks again as the signed-in state arrives a second time.
    asked.push(rows.handlers.loadRow('charts'));
    await settle();
    expect(service.paths()).toEqual(['/me/favorite?limit=100', '/charts?territory=TW&limit=100']);

    arrive(member);
    const [favorites, charts, playlists, chartsAgain] = (await Promise.all(asked)).map(value);
    expect(favorites?.tiles[0]?.key).toBe('t1');
    expect(charts?.tiles.map((t) => t.key)).toEqual(['c1', 'c2']);
    expect(chartsAgain?.tiles.map((t) => t.key)).toEqual(['c1', 'c2']);
    expect(playlists?.tiles[0]?.key).toBe('p1');
    // Each row asked for once; the member's own collection only once the profile named them.
    expect(service.paths()).toEqual(['/me/favorite?limit=100', '/charts?territory=TW&limit=100', '/users/m1/playlist-collection?limit=100']);
    expect(seen).toEqual(['m1:t1']);
    expect(cache.read(member, 'charts')?.row.tiles).toHaveLength(2);
  });

  it('drops a row asked for in the territory before the profile, and asks again in the one the profile brings', async () => {
    const { rows, service, cache, arrive } = setupSigningIn();
    const charts = rows.handlers.loadRow('charts');
    await settle();
    const japan: CacheScope = { ...member, territory: 'JP' };
    arrive(japan);
    value(await charts);
    expect(service.paths()).toEqual(['/charts?territory=TW&limit=100', '/charts?territory=JP&limit=100']);
    expect(cache.read(japan, 'charts')).toBeDefined();
    expect(cache.read(member, 'charts')).toBeUndefined();
  });

  it('drops a row fetched for a member other than the one the profile names', async () => {
    const { rows, service, cache, arrive } = setupSigningIn({ earlierMember: 'm0' });
    const seen: string[] = [];
    rows.onFavorites((memberId) => seen.push(memberId));
    const favorites = rows.handlers.loadRow('favorites');
    await settle();
    arrive(member);
    value(await favorites);
    expect(service.paths()).toEqual(['/me/favorite?limit=100', '/me/favorite?limit=100']);
    expect(seen).toEqual(['m1']);
    expect(cache.read(member, 'favorites')).toBeDefined();
  });
});

describe('explicit tracks in rows', () => {
  const favorites = paged([track('t1'), track('x1', { explicitness: true }), track('t2'), track('x2', { explicitness: true })]);
  const routes = { ...ROUTES, '/me/favorite': favorites };
  const ids = (row: RowView) => row.tiles.map((t) => t.key);
  const pushed = (events: BridgeEvent[]) => events.flatMap((e) => (e.type === 'row' ? [e.row] : []));

  it('hidden: favourites leave the explicit tracks out and say how many', async () => {
    const { rows } = setupRows({ routes, hide: { value: true } });
    const row = value(await rows.handlers.loadRow('favorites'));
    expect(ids(row)).toEqual(['t1', 't2']);
    expect(row.explicitLeftOut).toBe(2);
  });

  it('shown: every track, and no count', async () => {
    const { rows } = setupRows({ routes, hide: { value: false } });
    const row = value(await rows.handlers.loadRow('favorites'));
    expect(ids(row)).toEqual(['t1', 'x1', 't2', 'x2']);
    expect(row.explicitLeftOut).toBeUndefined();
  });

  it('a row cached while they were shown leaks none once they are hidden, and shows them all again after', async () => {
    const hide = { value: false };
    const { rows, events, service } = setupRows({ routes, hide });
    value(await rows.handlers.loadRow('favorites'));
    hide.value = true;
    const cached = value(await rows.handlers.loadRow('favorites'));
    expect(cached.fromCache).toBe(true);
    expect(ids(cached)).toEqual(['t1', 't2']);
    expect(rows.cachedRows().find((r) => r.id === 'favorites')?.tiles.map((t) => t.key)).toEqual(['t1', 't2']);
    await rows.refresh('favorites');
    expect(pushed(events).map(ids)).toEqual([['t1', 't2']]);
    hide.value = false;
    expect(ids(value(await rows.handlers.loadRow('favorites')))).toEqual(['t1', 'x1', 't2', 'x2']);
    // The cache, not the service, answered the later loads: the filter runs on the way out.
    expect(service.paths().filter((p) => p.startsWith('/me/favorite'))).toHaveLength(2);
  });

  it('the fresh copy pushed after a cached paint is filtered as the setting is when it arrives', async () => {
    const store = new MemoryStore();
    const first = setupRows({ routes, store, hide: { value: false } });
    value(await first.rows.handlers.loadRow('favorites'));
    const hide = { value: true };
    const second = setupRows({ routes, store, hide });
    expect(ids(value(await second.rows.handlers.loadRow('favorites')))).toEqual(['t1', 't2']);
    await vi.waitFor(() => expect(pushed(second.events)).toHaveLength(1));
    expect(pushed(second.events).map(ids)).toEqual([['t1', 't2']]);
  });

  it('rows without tracks are untouched', async () => {
    const { rows } = setupRows({ hide: { value: true } });
    const row = value(await rows.handlers.loadRow('album-collection'));
    expect(row.tiles.map((t) => t.key)).toEqual(['mine']);
    expect(row.explicitLeftOut).toBeUndefined();
  });
});

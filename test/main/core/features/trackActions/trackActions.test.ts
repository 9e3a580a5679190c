import { describe, expect, it, vi } from 'vitest';
import type { CacheScope } from '../../../../../main/core/cache';
import type { Page } from '../../../../../main/core/catalog';
import { createTrackActions } from '../../../../../main/core/features/trackActions/trackActions';
import type { RowId } from '../../../../../shared/bridge';
import type { Track } from '../../../../../shared/service/catalog';
import { json } from '../../catalog/fakeFetch';
import { API, paged, track } from '../../catalog/fixtures';
import { memoryLogger } from '../../support/fakes';
import { failed, fakeService, recordingNetwork, value } from '../support';

const member: CacheScope = { account: { kind: 'member', id: 'm1' }, territory: 'TW' };
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => `f${from + i}`);

/** A member's favourites on a fake service: GET pages them (500 at most), POST adds one. */
function favoritesService(initial: string[], post?: () => Response) {
  const list = [...initial];
  const service = fakeService({
    '/me/favorite': (request: { method: string; url: URL; body: string | undefined }) => {
      if (request.method === 'POST') {
        if (post) return post();
        const { track_id: id } = JSON.parse(request.body ?? '{}') as { track_id: string };
        if (!list.includes(id)) list.unshift(id);
        return json({ track_id: id, favorite: true, created: true }, 201);
      }
      const offset = Number(request.url.searchParams.get('offset') ?? 0);
      const limit = Number(request.url.searchParams.get('limit') ?? 500);
      const next = offset + limit < list.length ? `${API}/v1.1/me/favorite?offset=${offset + limit}&limit=${limit}` : null;
      return paged(list.slice(offset, offset + limit).map((id) => track(id)), { offset, next });
    },
  });
  return { service, list };
}

function setup(service: ReturnType<typeof fakeService>, options: { scope: CacheScope | undefined } = { scope: member }) {
  const { scope } = options;
  const favoritesListeners: Array<(memberId: string, page: Page<Track>) => void> = [];
  const forgetListeners: Array<() => void> = [];
  const refreshed: RowId[] = [];
  const rows = {
    refresh: vi.fn(async (id: RowId) => {
      refreshed.push(id);
    }),
    onFavorites: (listener: (memberId: string, page: Page<Track>) => void) => favoritesListeners.push(listener),
  };
  const network = recordingNetwork();
  const actions = createTrackActions({
    catalog: service.catalog,
    profile: { settledScope: async () => scope, onForget: (listener) => forgetListeners.push(listener) },
    rows,
    network,
    logger: memoryLogger(),
  });
  const rowFetched = (page: Page<Track>) => favoritesListeners.forEach((listener) => listener('m1', page));
  return { handlers: actions.handlers, refreshed, network, rowFetched, forget: () => forgetListeners.forEach((l) => l()) };
}

describe('favourites', () => {
  it('a guest (or nobody) has none to ask about, and cannot add one', async () => {
    const { service } = favoritesService(['f0']);
    for (const scope of [{ account: { kind: 'guest' as const }, territory: 'TW' as const }, undefined]) {
      const { handlers } = setup(service, { scope });
      expect(value(await handlers.favoriteState('f0'))).toBe('members-only');
      expect(failed(await handlers.addFavorite('f0'))).toMatchObject({ kind: 'auth', messageKey: 'favoriteNeedsMember' });
    }
    expect(service.requests).toEqual([]);
  });

  it('reads every page of a member’s favourites once, then answers from the set', async () => {
    const { service } = favoritesService(ids(0, 1200));
    const { handlers } = setup(service);
    const [first, last, missing] = await Promise.all([
      handlers.favoriteState('f0'),
      handlers.favoriteState('f1199'),
      handlers.favoriteState('elsewhere'),
    ]);
    expect([value(first), value(last), value(missing)]).toEqual(['favorite', 'favorite', 'not-favorite']);
    expect(service.paths()).toEqual([
      '/me/favorite?limit=500',
      '/me/favorite?offset=500&limit=500',
      '/me/favorite?offset=1000&limit=500',
    ]);
    value(await handlers.favoriteState('f5'));
    expect(service.requests).toHaveLength(3);
  });

  it('adds a track: POST /me/favorite, the set knows it, the favourites row is pushed fresh', async () => {
    const { service, list } = favoritesService(['f0']);
    const { handlers, refreshed, network } = setup(service);
    expect(value(await handlers.favoriteState('t9'))).toBe('not-favorite');
    expect(value(await handlers.addFavorite('t9'))).toBe('favorite');
    expect(list).toEqual(['t9', 'f0']);
    const post = service.requests.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '')).toEqual({ track_id: 't9' });
    expect(value(await handlers.favoriteState('t9'))).toBe('favorite');
    expect(refreshed).toEqual(['favorites']);
    expect(network.onlineMarks).toBeGreaterThan(0);
    expect(service.requests.filter((r) => r.method === 'GET')).toHaveLength(1);
  });

  it.each([
    ['the network fails', () => Promise.reject(new TypeError('fetch failed')), 'network', 'favoriteFailedOffline'],
    ['the service fails', () => json({ error: { message: 'Internal Server Error', code: 0 } }, 500), 'server', 'favoriteFailedService'],
    ['the track is unknown', () => json({ error: { message: 'Resource does not exist', code: 0 } }, 404), 'not-found', 'favoriteFailedUnknownTrack'],
    ['the sign-in is refused', () => json({ error: { message: 'Invalid Authentication', code: 0 } }, 401), 'auth', 'favoriteFailedSignedOut'],
  ] as const)('when %s: says why, and changes nothing', async (_, answer, kind, messageKey) => {
    const { service } = favoritesService(['f0'], answer as () => Response);
    const { handlers, refreshed } = setup(service);
    expect(value(await handlers.favoriteState('t9'))).toBe('not-favorite');
    expect(failed(await handlers.addFavorite('t9'))).toMatchObject({ kind, messageKey });
    expect(value(await handlers.favoriteState('t9'))).toBe('not-favorite');
    expect(refreshed).toEqual([]);
  });

  it('the set follows the favourites row when it brings the whole list, and is read again when it does not', async () => {
    const { service, list } = favoritesService(['f0']);
    const { handlers, rowFetched } = setup(service);
    expect(value(await handlers.favoriteState('f7'))).toBe('not-favorite');
    rowFetched(await service.catalog.favorites({ limit: 100 }));
    list.unshift('f7');
    rowFetched(await service.catalog.favorites({ limit: 100 }));
    expect(value(await handlers.favoriteState('f7'))).toBe('favorite');
    const before = service.requests.length;
    list.push(...ids(100, 150));
    rowFetched(await service.catalog.favorites({ limit: 100 }));
    expect(value(await handlers.favoriteState('f249'))).toBe('favorite');
    expect(service.requests.length).toBe(before + 1 + 1);
  });

  it('forgets the set with the member', async () => {
    const { service } = favoritesService(['f0']);
    const { handlers, forget } = setup(service);
    value(await handlers.favoriteState('f0'));
    forget();
    value(await handlers.favoriteState('f0'));
    expect(service.requests).toHaveLength(2);
  });

  it('refuses an id that is not one before asking the service', async () => {
    const { service } = favoritesService([]);
    const { handlers } = setup(service);
    expect(failed(await handlers.favoriteState('')).messageKey).toBe('badRequest');
    expect(failed(await handlers.addFavorite(42 as never)).messageKey).toBe('badRequest');
    expect(service.requests).toEqual([]);
  });
});

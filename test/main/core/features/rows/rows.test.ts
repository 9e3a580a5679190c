import { describe, expect, it, vi } from 'vitest';
import { createRowCache, type CacheScope } from '../../../../../main/core/cache';
import { createRows } from '../../../../../main/core/features/rows/rows';
import type { BridgeEvent, RowId } from '../../../../../shared/bridge';
import { paged, playlist, track } from '../../catalog/fixtures';
import { MemoryStore, memoryLogger } from '../../support/fakes';
import { failed, fakeService, manualClock, recordingNetwork, value, type Route } from '../support';

const member: CacheScope = { account: { kind: 'member', id: 'm1' }, territory: 'TW' };
const guest: CacheScope = { account: { kind: 'guest' }, territory: 'TW' };

const ROUTES: Record<string, Route | unknown> = {
  '/charts': paged([playlist('c1'), playlist('c2')]),
  '/mood-stations': paged([{ id: 'm1', name: 'Calm', images: [] }]),
  '/genre-stations': paged([{ id: 'g1', category: 'Jazz', name: 'Smooth' }]),
  '/me/favorite': paged([track('t1')]),
  '/users/m1/playlist-collection': paged([playlist('p1')]),
};

export function setupRows(options: { scope?: CacheScope | undefined; routes?: Record<string, Route | unknown>; store?: MemoryStore } = {}) {
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
    profile: { scope: () => current.scope, settledScope: async () => current.scope },
    network,
    emit: (event) => events.push(event),
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
  ])('loads %s from %s', async (id, path) => {
    const { rows, service } = setupRows();
    const row = value(await rows.handlers.loadRow(id));
    expect(row).toMatchObject({ id, fromCache: false });
    expect(row.tiles.length).toBeGreaterThan(0);
    expect(service.paths()).toEqual([path]);
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
    for (const id of ['favorites', 'collected-playlists'] as const) {
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

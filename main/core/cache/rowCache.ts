/**
 * The home screen's rows on disk, so a restart paints the last known rows at once and refreshes them behind the
 * scenes (stale-while-revalidate). Keyed by who is browsing (a member or the guest), the territory and the row.
 * Only mapped RowViews are kept: never a token, never a raw service answer.
 */
import type { RowId, RowView } from '../../../shared/bridge';
import type { Territory } from '../../../shared/territory';
import type { Clock, KeyValueStore, Logger } from '../ports';
import { createRowEntries, entryKey } from './rowEntries';
import { entryToRow } from './schema';

export type CacheAccount = { kind: 'guest' } | { kind: 'member'; id: string };

export interface CacheScope {
  account: CacheAccount;
  territory: Territory;
}

export interface CachedRow {
  /** `fromCache: true`, `fetchedAt` as first fetched. */
  row: RowView;
  /** Younger than the freshness window: no need to ask the service again yet. */
  fresh: boolean;
}

export interface RowCacheOptions {
  store: KeyValueStore;
  clock: Clock;
  logger: Logger;
  /** Most rows kept across every account and territory; the oldest go first. Default 40. */
  maxEntries?: number;
  /** Most tiles kept per row (the screen shows far fewer). Default 200. */
  maxTilesPerRow?: number;
  /** How long a row counts as fresh. Default 10 minutes. */
  freshForMs?: number;
  /** The store key holding the cache. Default 'homeRows'. */
  storeKey?: string;
}

export interface LoadOptions {
  /** Ask the service even when the cached row is fresh (e.g. the first paint after a restart). */
  revalidate?: boolean;
  /** A fresh copy arrived after a cached row was returned. */
  onRevalidated?: (row: RowView) => void;
  /** The background refresh failed; the cached row stays on screen. */
  onRevalidateError?: (error: unknown) => void;
}

export interface RowCacheFilter {
  account?: CacheAccount;
  territory?: Territory;
  rowId?: RowId;
}

export interface RowCache {
  read(scope: CacheScope, rowId: RowId): CachedRow | undefined;
  write(scope: CacheScope, row: RowView): void;
  /** Forgets every row matching the filter (all rows without one): on sign-out, on a territory change. */
  clear(filter?: RowCacheFilter): void;
  /**
   * The row at once from the cache when there is one (refreshing it in the background when stale), otherwise from
   * `fetchRow`. Concurrent loads of one row share one fetch. Rejects only when there is no cached row to show.
   */
  load(scope: CacheScope, rowId: RowId, fetchRow: () => Promise<RowView>, options?: LoadOptions): Promise<RowView>;
}

export function accountKey(account: CacheAccount): string {
  return account.kind === 'guest' ? 'guest' : `member:${account.id}`;
}

export function createRowCache(options: RowCacheOptions): RowCache {
  const { clock, logger } = options;
  const freshForMs = options.freshForMs ?? 10 * 60_000;
  const kept = createRowEntries({
    store: options.store,
    logger,
    storeKey: options.storeKey ?? 'homeRows',
    maxEntries: Math.max(1, options.maxEntries ?? 40),
    maxTiles: Math.max(1, options.maxTilesPerRow ?? 200),
  });
  /** Bumped by every clear: a fetch that started before it must not write its (now unwanted) row back. */
  let generation = 0;
  const inflight = new Map<string, Promise<RowView>>();

  function read(scope: CacheScope, rowId: RowId): CachedRow | undefined {
    const entry = kept.get(entryKey(accountKey(scope.account), scope.territory, rowId));
    if (!entry) return undefined;
    const age = clock.now() - entry.fetchedAt;
    // A row from the future means the clock moved back: trust it no more than an old one.
    return { row: entryToRow(entry), fresh: age >= 0 && age < freshForMs };
  }

  function write(scope: CacheScope, row: RowView): void {
    kept.put(accountKey(scope.account), scope.territory, row);
  }

  function clear(filter: RowCacheFilter = {}): void {
    generation++;
    const account = filter.account === undefined ? undefined : accountKey(filter.account);
    kept.remove(
      (entry) =>
        (account === undefined || entry.account === account) &&
        (filter.territory === undefined || entry.territory === filter.territory) &&
        (filter.rowId === undefined || entry.rowId === filter.rowId),
    );
  }

  /** One fetch per row at a time; its result is stored unless the cache was cleared meanwhile. */
  function refresh(scope: CacheScope, rowId: RowId, fetchRow: () => Promise<RowView>): Promise<RowView> {
    const key = entryKey(accountKey(scope.account), scope.territory, rowId);
    const running = inflight.get(key);
    if (running) return running;
    const startedAt = generation;
    const task = fetchRow()
      .then((row) => {
        const fresh: RowView = { ...row, id: rowId, fromCache: false };
        if (generation === startedAt) write(scope, fresh);
        return fresh;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, task);
    return task;
  }

  async function load(
    scope: CacheScope,
    rowId: RowId,
    fetchRow: () => Promise<RowView>,
    loadOptions: LoadOptions = {},
  ): Promise<RowView> {
    const cached = read(scope, rowId);
    if (!cached) return refresh(scope, rowId, fetchRow);
    if (!cached.fresh || loadOptions.revalidate === true) {
      const startedAt = generation;
      refresh(scope, rowId, fetchRow).then(
        (row) => {
          // After a sign-out or territory change this row belongs to nobody on screen.
          if (generation === startedAt) loadOptions.onRevalidated?.(row);
        },
        (error: unknown) => {
          logger.warn('home row could not be refreshed; showing the cached copy', { rowId, reason: String(error) });
          loadOptions.onRevalidateError?.(error);
        },
      );
    }
    return cached.row;
  }

  return { read, write, clear, load };
}

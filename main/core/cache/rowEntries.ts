/**
 * The rows the row cache keeps in the key-value store: read once and checked (a corrupt file or entry is dropped and
 * the file written again without it), bounded in rows and in tiles per row, and saved coalesced.
 */
import type { RowId, RowView } from '../../../shared/bridge';
import type { Territory } from '../../../shared/territory';
import type { KeyValueStore, Logger } from '../ports';
import { CACHE_VERSION, CacheEntrySchema, CacheFileSchema } from './schema';
import type { CacheEntry } from './schema';

export interface RowEntriesOptions {
  store: KeyValueStore;
  logger: Logger;
  storeKey: string;
  /** Most rows kept; the oldest go first. */
  maxEntries: number;
  /** Most tiles kept per row. */
  maxTiles: number;
}

export interface RowEntries {
  get(key: string): CacheEntry | undefined;
  /** Keeps `row` for an account and territory, dropping the oldest rows past the bound. */
  put(account: string, territory: Territory, row: RowView): void;
  /** Forgets every entry `matches` picks. */
  remove(matches: (entry: CacheEntry) => boolean): void;
}

export function entryKey(account: string, territory: Territory, rowId: RowId): string {
  return JSON.stringify([account, territory, rowId]);
}

export function createRowEntries(options: RowEntriesOptions): RowEntries {
  const { store, logger, storeKey, maxEntries, maxTiles } = options;
  let entries: Map<string, CacheEntry> | undefined;

  function loadEntries(): Map<string, CacheEntry> {
    if (entries) return entries;
    entries = new Map();
    let raw: unknown;
    try {
      raw = store.get(storeKey);
    } catch (error) {
      logger.warn('home-row cache could not be read; starting empty', { reason: String(error) });
      return entries;
    }
    if (raw === undefined) return entries;
    const file = CacheFileSchema.safeParse(raw);
    if (!file.success) {
      logger.warn('home-row cache is unreadable; starting empty', { reason: file.error.issues[0]?.message });
      persist();
      return entries;
    }
    let dropped = 0;
    for (const [key, value] of Object.entries(file.data.entries)) {
      const entry = CacheEntrySchema.safeParse(value);
      if (entry.success && key === entryKey(entry.data.account, entry.data.territory, entry.data.rowId)) {
        entries.set(key, entry.data);
      } else {
        dropped++;
      }
    }
    if (dropped > 0) {
      logger.warn('home-row cache entries ignored as corrupt', { dropped });
      persist();
    }
    return entries;
  }

  function persist(): void {
    const current = entries ?? new Map<string, CacheEntry>();
    try {
      // A cache: written with other changes a moment later, never on the path of a remote press.
      store.set(storeKey, { version: CACHE_VERSION, entries: Object.fromEntries(current) }, { write: 'coalesced' });
    } catch (error) {
      // A full disk must not break the home screen: the rows still work from memory.
      logger.warn('home-row cache could not be saved', { reason: String(error) });
    }
  }

  function put(account: string, territory: Territory, row: RowView): void {
    const map = loadEntries();
    const key = entryKey(account, territory, row.id);
    map.delete(key);
    map.set(key, { account, territory, rowId: row.id, fetchedAt: row.fetchedAt, tiles: row.tiles.slice(0, maxTiles) });
    while (map.size > maxEntries) {
      let oldest: [string, number] | undefined;
      for (const [k, e] of map) if (oldest === undefined || e.fetchedAt < oldest[1]) oldest = [k, e.fetchedAt];
      if (oldest === undefined) break;
      map.delete(oldest[0]);
    }
    persist();
  }

  function remove(matches: (entry: CacheEntry) => boolean): void {
    const map = loadEntries();
    for (const [key, entry] of map) if (matches(entry)) map.delete(key);
    persist();
  }

  return { get: (key) => loadEntries().get(key), put, remove };
}

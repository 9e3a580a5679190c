/**
 * The station art kept per territory, in memory and in the store: read once and checked, bounded (the oldest go
 * first), written in batches, and asked for again once it is old.
 */
import { z } from 'zod';
import type { ImageView } from '../../../../shared/bridge';
import { CatalogIdSchema } from '../../../../shared/bridgeArgs';
import type { Territory } from '../../../../shared/territory';
import { TerritorySchema } from '../../../../shared/territory';
import type { Clock, KeyValueStore, Logger } from '../../ports';
import { setSafeTimeout, type TimerHandle } from '../../timers';
import { artworkPath } from '../artwork/artworkPath';

export interface KeptStationArtDeps {
  store: KeyValueStore;
  clock: Clock;
  logger: Logger;
  /** Stations kept across every territory. */
  maxEntries: number;
}

export interface KeptStationArt {
  /** The art kept for a station, unless there is none or it is too old. */
  fresh(territory: Territory, stationId: string): ImageView[] | undefined;
  keep(entry: StationArtEntry): void;
  /** Writes what is kept to the store now. */
  flush(): void;
}

const STORE_KEY = 'stationArt';
const VERSION = 1;
/** A mosaic of two by two. */
export const PICTURES = 4;
/** Art older than this is asked for again: stations change their tracks over time. */
const MAX_AGE_MS = 30 * 24 * 3_600_000;
/** Writes to the store are gathered: a row of new tiles makes one write, not fifty. */
const WRITE_DELAY_MS = 1_000;

// Art kept by a Tunewall that let the page load pictures from the service: on the page's origin from now on.
const ImageViewSchema = z.object({ url: z.string().min(1).transform(artworkPath), width: z.number().int().nonnegative(), height: z.number().int().nonnegative() });
const EntrySchema = z.object({
  territory: TerritorySchema,
  stationId: CatalogIdSchema,
  images: z.array(ImageViewSchema).max(PICTURES),
  fetchedAt: z.number(),
});
export type StationArtEntry = z.infer<typeof EntrySchema>;
const FileSchema = z.object({ version: z.literal(VERSION), entries: z.array(z.unknown()) });

export const stationKey = (territory: Territory, stationId: string): string => JSON.stringify([territory, stationId]);

export function createKeptStationArt(deps: KeptStationArtDeps): KeptStationArt {
  const { store, clock, logger, maxEntries } = deps;
  let entries: Map<string, StationArtEntry> | undefined;
  let writeTimer: TimerHandle | undefined;

  function kept(): Map<string, StationArtEntry> {
    if (entries) return entries;
    entries = new Map();
    const file = FileSchema.safeParse(readStore());
    if (!file.success) return entries;
    for (const raw of file.data.entries) {
      const entry = EntrySchema.safeParse(raw);
      if (entry.success) entries.set(stationKey(entry.data.territory, entry.data.stationId), entry.data);
    }
    return entries;
  }

  function readStore(): unknown {
    try {
      return store.get(STORE_KEY);
    } catch (error) {
      logger.warn('station art could not be read; asking again', { reason: String(error) });
      return undefined;
    }
  }

  function flush(): void {
    writeTimer?.cancel();
    writeTimer = undefined;
    if (!entries) return;
    try {
      // A cache: written with other such changes, off the path of a remote press.
      store.set(STORE_KEY, { version: VERSION, entries: [...entries.values()] }, { write: 'coalesced' });
    } catch (error) {
      // Tiles still get their art from memory; only a warm start asks again.
      logger.warn('station art could not be saved', { reason: String(error) });
    }
  }

  function keep(entry: StationArtEntry): void {
    const map = kept();
    const key = stationKey(entry.territory, entry.stationId);
    map.delete(key);
    map.set(key, entry);
    // Insertion order is age order: the first are the oldest.
    for (const oldest of map.keys()) {
      if (map.size <= maxEntries) break;
      map.delete(oldest);
    }
    writeTimer ??= setSafeTimeout(flush, WRITE_DELAY_MS);
  }

  function fresh(territory: Territory, stationId: string): ImageView[] | undefined {
    const entry = kept().get(stationKey(territory, stationId));
    if (!entry) return undefined;
    const age = clock.now() - entry.fetchedAt;
    return age >= 0 && age < MAX_AGE_MS ? entry.images : undefined;
  }

  return { fresh, keep, flush };
}

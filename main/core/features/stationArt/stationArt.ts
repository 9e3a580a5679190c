/**
 * Pictures for genre station tiles, which the service gives none: the album art of a station's first tracks, up to
 * four different albums, for a 2×2 mosaic. Asked for lazily, as tiles come near the screen; a few stations at a time,
 * so a row of fifty tiles does not flood the service; kept per territory, in memory and in the store (bounded), so a
 * warm start asks again for none of them.
 */
import pLimit from 'p-limit';
import { z } from 'zod';
import type { BridgeHandlers, ImageView } from '../../../../shared/bridge';
import { CatalogIdSchema } from '../../../../shared/bridgeArgs';
import type { Territory } from '../../../../shared/territory';
import { TerritorySchema } from '../../../../shared/territory';
import { CatalogError, type CatalogClient } from '../../catalog';
import type { Clock, KeyValueStore, Logger } from '../../ports';
import { setSafeTimeout, type TimerHandle } from '../../timers';
import { imageViews, pickImage } from '../../views';
import { artworkPath } from '../artwork/artworkPath';
import { FeatureError, featureErrors } from '../errors';
import type { NetworkStatus } from '../network/networkStatus';
import { badArgument } from '../results';

export interface StationArtDeps {
  catalog: CatalogClient | undefined;
  store: KeyValueStore;
  clock: Clock;
  logger: Logger;
  territory: () => Territory;
  network: Pick<NetworkStatus, 'guarded'>;
  /** Stations read at once. Default 3. */
  concurrency?: number;
  /** Stations kept across every territory; the oldest go first. Default 300. */
  maxEntries?: number;
}

export interface StationArt {
  handlers: Pick<BridgeHandlers, 'stationArt'>;
  /** Writes what is kept to the store now (it is written in batches). */
  flush(): void;
}

const STORE_KEY = 'stationArt';
const VERSION = 1;
/** A mosaic of two by two. */
const PICTURES = 4;
/** A tile is 15.5 rem, 248 px at 1920×1080: a quarter of it is about 124 px wide. */
const QUARTER_TILE_PX = 124;
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
type Entry = z.infer<typeof EntrySchema>;
const FileSchema = z.object({ version: z.literal(VERSION), entries: z.array(z.unknown()) });

export function createStationArt(deps: StationArtDeps): StationArt {
  const { catalog, store, clock, logger, network } = deps;
  const maxEntries = Math.max(1, deps.maxEntries ?? 300);
  const limit = pLimit(Math.max(1, deps.concurrency ?? 3));
  const inflight = new Map<string, Promise<ImageView[]>>();
  let entries: Map<string, Entry> | undefined;
  let writeTimer: TimerHandle | undefined;

  const keyOf = (territory: Territory, stationId: string) => JSON.stringify([territory, stationId]);

  function kept(): Map<string, Entry> {
    if (entries) return entries;
    entries = new Map();
    const file = FileSchema.safeParse(readStore());
    if (!file.success) return entries;
    for (const raw of file.data.entries) {
      const entry = EntrySchema.safeParse(raw);
      if (entry.success) entries.set(keyOf(entry.data.territory, entry.data.stationId), entry.data);
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

  function keep(entry: Entry): void {
    const map = kept();
    const key = keyOf(entry.territory, entry.stationId);
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
    const entry = kept().get(keyOf(territory, stationId));
    if (!entry) return undefined;
    const age = clock.now() - entry.fetchedAt;
    return age >= 0 && age < MAX_AGE_MS ? entry.images : undefined;
  }

  /** The art of the station's first tracks: one picture per album, of a size for a quarter of a tile. */
  async function fetchArt(client: CatalogClient, territory: Territory, stationId: string): Promise<ImageView[]> {
    let station;
    try {
      station = await client.genreStation(stationId);
    } catch (error) {
      if (error instanceof CatalogError && error.kind === 'not-found') throw new FeatureError(featureErrors.notAvailableIn(territory));
      throw error;
    }
    const albums = new Set<string>();
    const images: ImageView[] = [];
    for (const track of station.tracks.data) {
      if (images.length === PICTURES) break;
      // A track without an album, an album seen already or one without pictures adds nothing.
      if (!track.album || albums.has(track.album.id)) continue;
      const picture = pickImage(imageViews(track.album.images), QUARTER_TILE_PX);
      if (!picture) continue;
      albums.add(track.album.id);
      images.push(picture);
    }
    keep({ territory, stationId, images, fetchedAt: clock.now() });
    return images;
  }

  return {
    handlers: {
      stationArt: async (stationId) => {
        const parsed = CatalogIdSchema.safeParse(stationId);
        if (!parsed.success) return badArgument('station');
        if (!catalog) return { ok: false, error: featureErrors.noService() };
        const territory = deps.territory();
        const known = fresh(territory, parsed.data);
        if (known) return { ok: true, value: known };
        const key = keyOf(territory, parsed.data);
        let art = inflight.get(key);
        if (!art) {
          art = limit(() => fetchArt(catalog, territory, parsed.data)).finally(() => inflight.delete(key));
          inflight.set(key, art);
        }
        const pending = art;
        return network.guarded(() => pending);
      },
    },
    flush,
  };
}

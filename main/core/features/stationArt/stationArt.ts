/**
 * Pictures for genre station tiles, which the service gives none: the album art of a station's first tracks, up to
 * four different albums, for a 2×2 mosaic. Asked for lazily, as tiles come near the screen; a few stations at a time,
 * so a row of fifty tiles does not flood the service; kept per territory, in memory and in the store (bounded), so a
 * warm start asks again for none of them.
 */
import pLimit from 'p-limit';
import type { BridgeHandlers, ImageView } from '../../../../shared/bridge';
import { CatalogIdSchema } from '../../../../shared/bridgeArgs';
import type { Territory } from '../../../../shared/territory';
import { CatalogError, type CatalogClient } from '../../catalog';
import type { Clock, KeyValueStore, Logger } from '../../ports';
import { imageViews, pickImage } from '../../views';
import { FeatureError, featureErrors } from '../errors';
import type { NetworkStatus } from '../network/networkStatus';
import { badArgument } from '../results';
import { createKeptStationArt, PICTURES, stationKey } from './keptStationArt';

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

/** A tile is 15.5 rem, 248 px at 1920×1080: a quarter of it is about 124 px wide. */
const QUARTER_TILE_PX = 124;

export function createStationArt(deps: StationArtDeps): StationArt {
  const { catalog, store, clock, logger, network } = deps;
  const { fresh, keep, flush } = createKeptStationArt({ store, clock, logger, maxEntries: Math.max(1, deps.maxEntries ?? 300) });
  const limit = pLimit(Math.max(1, deps.concurrency ?? 3));
  const inflight = new Map<string, Promise<ImageView[]>>();

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
        const key = stationKey(territory, parsed.data);
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

/**
 * Detail screens, one source per kind, behind the bridge's getDetail / getTracks / getTiles. Arguments come from the
 * renderer and are checked here, before anything is asked of the service. An item the service does not know in the
 * territory on screen (it answers "Resource does not exist" for another territory's charts and categories, and for
 * ids it never had) reads "Not available in …", not as an error page.
 */
import { z } from 'zod';
import type { BridgeHandlers, DetailKind, DetailRef, Result } from '../../../../shared/bridge';
import { DetailRefSchema, TrackLimitSchema, TrackOffsetSchema } from '../../../../shared/bridgeArgs';
import type { Territory } from '../../../../shared/territory';
import { CatalogError, type CatalogClient } from '../../catalog';
import { FeatureError, featureErrors } from '../errors';
import type { HideExplicit } from '../explicit/explicitFilter';
import type { NetworkStatus } from '../network/networkStatus';
import { badArgument } from '../results';
import { albumDetails } from './album';
import { artistDetails } from './artist';
import { chartDetails } from './chart';
import type { DetailSource, PageRequest } from './detailSource';
import { explicitHiddenEach } from './explicitHidden';
import { kidsCategoryDetails } from './kidsCategory';
import { kidsPlaylistDetails } from './kidsPlaylist';
import { newHitsDetails } from './newHits';
import { newReleaseCategoryDetails } from './newReleaseCategory';
import { playlistDetails } from './playlist';
import { recommendedDetails } from './recommended';
import { stationDetails } from './station';

export interface DetailsDeps {
  catalog: CatalogClient | undefined;
  network: Pick<NetworkStatus, 'guarded'>;
  territory: () => Territory;
  knownTitle: (ref: DetailRef) => string | undefined;
  /** Whether the one on screen hides explicit tracks: read on every answer. */
  hideExplicit: HideExplicit;
}

export interface Details {
  handlers: Pick<BridgeHandlers, 'getDetail' | 'getTracks' | 'getTiles'>;
  /** Drops what is kept per territory and member (station track lists). */
  reset(): void;
}

const PageSchema = z.object({ offset: TrackOffsetSchema, limit: TrackLimitSchema });

export function createDetails(deps: DetailsDeps): Details {
  const { catalog, network, territory } = deps;
  const stations = catalog ? stationDetails({ catalog }) : undefined;
  const playlists = catalog ? playlistDetails({ catalog, knownTitle: deps.knownTitle }) : undefined;
  const bySource: Record<DetailKind, DetailSource> | undefined =
    catalog && stations && playlists
      ? {
          chart: chartDetails({ catalog, knownTitle: deps.knownTitle }),
          'new-hits': newHitsDetails({ catalog }),
          playlist: playlists,
          'mood-station': stations.mood,
          'genre-station': stations.genre,
          album: albumDetails({ catalog, territory }),
          artist: artistDetails({ catalog }),
          'new-release-category': newReleaseCategoryDetails({ catalog }),
          'kids-category': kidsCategoryDetails({ catalog }),
          'kids-playlist': kidsPlaylistDetails({ playlists }),
          recommended: recommendedDetails({ catalog }),
        }
      : undefined;
  // Every kind's track lists leave explicit tracks out while the one on screen hides them.
  const hiding = bySource && explicitHiddenEach(bySource, deps.hideExplicit);
  const sources = hiding?.sources;

  /** Runs a request for the screen; not-found means the item is not offered in the territory it was asked in. */
  function answer<T>(work: () => Promise<T>): Promise<Result<T>> {
    const asked = territory();
    return network.guarded(async () => {
      try {
        return await work();
      } catch (error) {
        if (error instanceof CatalogError && error.kind === 'not-found') {
          throw new FeatureError(featureErrors.notAvailableIn(asked));
        }
        throw error;
      }
    });
  }

  function parse(ref: unknown, offset: unknown, limit: unknown): { ref: DetailRef; page: PageRequest } | undefined {
    const parsedRef = DetailRefSchema.safeParse(ref);
    const page = PageSchema.safeParse({ offset, limit });
    return parsedRef.success && page.success ? { ref: parsedRef.data, page: page.data } : undefined;
  }

  const noService = { ok: false as const, error: featureErrors.noService() };

  /** A page of a detail's tracks or tiles; a kind without such a list (a chart's tiles) is refused unasked. */
  async function pageOf<T>(
    what: 'tracks' | 'tiles',
    listOf: (source: DetailSource) => ((id: string, page: PageRequest) => Promise<T>) | undefined,
    ref: unknown,
    offset: unknown,
    limit: unknown,
  ): Promise<Result<T>> {
    const parsed = parse(ref, offset, limit);
    if (!parsed) return badArgument(what);
    if (!sources) return noService;
    const list = listOf(sources[parsed.ref.kind]);
    if (!list) return badArgument(`${what} of a ${parsed.ref.kind}`);
    return answer(() => list(parsed.ref.id, parsed.page));
  }

  return {
    handlers: {
      getDetail: async (ref) => {
        const parsed = DetailRefSchema.safeParse(ref);
        if (!parsed.success) return badArgument('item');
        if (!sources) return noService;
        const source = sources[parsed.data.kind];
        return answer(() => source.detail(parsed.data.id));
      },
      getTracks: (ref, offset, limit) => pageOf('tracks', (source) => source.tracks, ref, offset, limit),
      getTiles: (ref, offset, limit) => pageOf('tiles', (source) => source.tiles, ref, offset, limit),
    },
    reset: () => {
      stations?.reset();
      hiding?.reset();
    },
  };
}

/**
 * More like this: the tracks the service recommends from a seed track, under the seed (read from /tracks/{id}, which,
 * unlike the result's `seed_track`, carries its album). A track that cannot seed recommendations ("No available seed
 * id") is not a failure: the list is empty, and the screen says there are none.
 */
import { CATALOG_ERROR_MESSAGES } from '../../../../shared/service/catalog';
import { CatalogError, type CatalogClient } from '../../catalog';
import { recommendedDetailView, trackPageView } from '../../views';
import type { DetailSource } from './detailSource';

/** The service's own maximum for recommendations. */
const FIRST_TRACKS = 50;

function noSeed(error: unknown): undefined {
  if (error instanceof CatalogError && error.serviceMessage === CATALOG_ERROR_MESSAGES.noSeed) return undefined;
  throw error;
}

export function recommendedDetails({ catalog }: { catalog: CatalogClient }): DetailSource {
  return {
    detail: async (id) => {
      const [seed, result] = await Promise.all([
        catalog.track(id),
        catalog.recommendedTracks(id, { limit: FIRST_TRACKS }).catch(noSeed),
      ]);
      return recommendedDetailView(id, seed, result?.tracks);
    },
    tracks: async (id, page) => {
      const result = await catalog.recommendedTracks(id, page).catch(noSeed);
      return result === undefined ? { offset: page.offset, total: 0, tracks: [] } : trackPageView(result.tracks);
    },
  };
}

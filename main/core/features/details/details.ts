/**
 * Detail screens, one source per kind, behind the bridge's getDetail / getTracks / getTiles. Arguments come from the
 * renderer and are checked here, before anything is asked of the service.
 */
import { z } from 'zod';
import type { BridgeHandlers, DetailKind, DetailRef } from '../../../../shared/bridge';
import { DetailRefSchema, TrackLimitSchema, TrackOffsetSchema } from '../../../../shared/bridgeArgs';
import type { CatalogClient } from '../../catalog';
import { CoreError } from '../../errors';
import type { NetworkStatus } from '../network/networkStatus';
import { badArgument, failure } from '../results';
import { chartDetails } from './chart';
import type { DetailSource, PageRequest } from './detailSource';
import { playlistDetails } from './playlist';
import { stationDetails } from './station';

export interface DetailsDeps {
  catalog: CatalogClient | undefined;
  network: Pick<NetworkStatus, 'guarded'>;
  knownTitle: (ref: DetailRef) => string | undefined;
}

export interface Details {
  handlers: Pick<BridgeHandlers, 'getDetail' | 'getTracks' | 'getTiles'>;
  /** Drops what is kept per territory and member (station track lists). */
  reset(): void;
}

const PageSchema = z.object({ offset: TrackOffsetSchema, limit: TrackLimitSchema });

/** What the bridge contract names but this core does not serve yet: a plain failure, never a crash. */
function notYetShown(): CoreError {
  return new CoreError({ kind: 'invalid-response', message: 'Tunewall cannot show this yet.', retryable: false });
}

export function createDetails(deps: DetailsDeps): Details {
  const { catalog, network } = deps;
  const stations = catalog ? stationDetails({ catalog }) : undefined;
  const sources: Partial<Record<DetailKind, DetailSource>> = catalog
    ? {
        chart: chartDetails({ catalog, knownTitle: deps.knownTitle }),
        playlist: playlistDetails({ catalog, knownTitle: deps.knownTitle }),
        'mood-station': stations?.mood,
        'genre-station': stations?.genre,
      }
    : {};

  function sourceOf(ref: DetailRef): DetailSource {
    if (!catalog) throw new Error('no catalog');
    const source = sources[ref.kind];
    if (!source) throw notYetShown();
    return source;
  }

  function parsePage(offset: unknown, limit: unknown): PageRequest | undefined {
    const page = PageSchema.safeParse({ offset, limit });
    return page.success ? page.data : undefined;
  }

  return {
    handlers: {
      getDetail: async (ref) => {
        const parsed = DetailRefSchema.safeParse(ref);
        if (!parsed.success) return badArgument('item');
        return network.guarded(() => sourceOf(parsed.data).detail(parsed.data.id));
      },
      getTracks: async (ref, offset, limit) => {
        const parsed = DetailRefSchema.safeParse(ref);
        const page = parsePage(offset, limit);
        if (!parsed.success || !page) return badArgument('tracks');
        return network.guarded(() => {
          const source = sourceOf(parsed.data);
          if (!source.tracks) throw notYetShown();
          return source.tracks(parsed.data.id, page);
        });
      },
      getTiles: async () => failure(notYetShown()),
    },
    reset: () => stations?.reset(),
  };
}

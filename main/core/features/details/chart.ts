/** A chart: its tracks in rank order, paged from /charts/{id}/tracks. */
import type { DetailRef } from '../../../../shared/bridge';
import type { CatalogClient } from '../../catalog';
import { chartDetailView, trackPageView } from '../../views';
import type { DetailSource } from './detailSource';

export interface ChartDeps {
  catalog: CatalogClient;
  /** A chart detail may come without its title: the tile it was opened from has it. */
  knownTitle: (ref: DetailRef) => string | undefined;
}

export function chartDetails({ catalog, knownTitle }: ChartDeps): DetailSource {
  return {
    detail: async (id) => chartDetailView(id, await catalog.chart(id), knownTitle({ kind: 'chart', id })),
    tracks: async (id, page) => trackPageView(await catalog.chartTracks(id, page)),
  };
}

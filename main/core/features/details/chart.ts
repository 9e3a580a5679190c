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

/** Charts are few: one page of the list holds them all. */
const LIST_LIMIT = 100;

export function chartDetails({ catalog, knownTitle }: ChartDeps): DetailSource {
  // The chart detail may leave out `url` (the sandbox does, as the contract allows); the charts list carries it.
  const urls = new Map<string, string>();
  async function pageOf(id: string): Promise<string | undefined> {
    if (!urls.has(id)) {
      const list = await catalog.charts({ limit: LIST_LIMIT });
      for (const chart of list.data) if (chart.url) urls.set(chart.id, chart.url);
    }
    return urls.get(id);
  }
  return {
    detail: async (id) => {
      const view = chartDetailView(id, await catalog.chart(id), knownTitle({ kind: 'chart', id }));
      if (view.url !== undefined) return view;
      // Without the list (it failed, or has not this chart) the chart still shows, only without "Open on your phone".
      const url = await pageOf(id).then(
        (found) => found,
        () => undefined,
      );
      return { ...view, url };
    },
    tracks: async (id, page) => trackPageView(await catalog.chartTracks(id, page)),
  };
}

/**
 * A playlist opened from a member's collection (or elsewhere): it may be a shared playlist, a new-hits playlist or a
 * chart, and its tile does not say which. Each is tried in turn on not-found, and the one that answered is remembered
 * for paging its tracks.
 */
import type { TracksDetailView } from '../../../../shared/bridge';
import { CatalogError } from '../../catalog';
import { chartDetailView, playlistDetailView, trackPageView } from '../../views';
import type { ChartDeps } from './chart';
import type { DetailSource } from './detailSource';

type PlaylistSource = 'shared' | 'new-hits' | 'chart';
const PLAYLIST_SOURCES: readonly PlaylistSource[] = ['shared', 'new-hits', 'chart'];

export function playlistDetails({ catalog, knownTitle }: ChartDeps): DetailSource {
  const sources = new Map<string, PlaylistSource>();

  async function fromSource<T>(id: string, call: (source: PlaylistSource) => Promise<T>): Promise<T> {
    const known = sources.get(id);
    let notFound: unknown;
    for (const source of known === undefined ? PLAYLIST_SOURCES : [known]) {
      try {
        const value = await call(source);
        sources.set(id, source);
        return value;
      } catch (error) {
        if (!(error instanceof CatalogError && error.kind === 'not-found')) throw error;
        notFound = error;
      }
    }
    throw notFound;
  }

  return {
    detail: (id) =>
      fromSource(id, async (source): Promise<TracksDetailView> => {
        const ref = { kind: 'playlist' as const, id };
        switch (source) {
          case 'shared':
            return playlistDetailView(await catalog.sharedPlaylist(id));
          case 'new-hits':
            return { ...playlistDetailView(await catalog.newHitsPlaylist(id)), ref };
          case 'chart':
            return { ...chartDetailView(id, await catalog.chart(id), knownTitle(ref)), ref };
        }
      }),
    tracks: (id, page) =>
      fromSource(id, async (source) => {
        switch (source) {
          case 'shared':
            return trackPageView(await catalog.sharedPlaylistTracks(id, page));
          case 'new-hits':
            return trackPageView(await catalog.newHitsPlaylistTracks(id, page));
          case 'chart':
            return trackPageView(await catalog.chartTracks(id, page));
        }
      }),
  };
}

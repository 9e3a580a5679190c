/** A new-hits playlist: its tracks paged from /new-hits-playlists/{id}/tracks. */
import type { CatalogClient } from '../../catalog';
import { playlistDetailView, trackPageView } from '../../views';
import type { DetailSource } from './detailSource';

export function newHitsDetails({ catalog }: { catalog: CatalogClient }): DetailSource {
  return {
    detail: async (id) => ({ ...playlistDetailView(await catalog.newHitsPlaylist(id)), ref: { kind: 'new-hits', id } }),
    tracks: async (id, page) => trackPageView(await catalog.newHitsPlaylistTracks(id, page)),
  };
}

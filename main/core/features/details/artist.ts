/** An artist: picture, top tracks (paged through getTracks) and albums (paged through getTiles), asked for at once. */
import type { CatalogClient } from '../../catalog';
import { albumTile, artistDetailView, tilePageView, trackPageView } from '../../views';
import type { DetailSource } from './detailSource';

const FIRST_TRACKS = 50;
const FIRST_ALBUMS = 50;

export function artistDetails({ catalog }: { catalog: CatalogClient }): DetailSource {
  return {
    detail: async (id) => {
      const [artist, tracks, albums] = await Promise.all([
        catalog.artist(id),
        catalog.artistTopTracks(id, { limit: FIRST_TRACKS }),
        catalog.artistAlbums(id, { limit: FIRST_ALBUMS }),
      ]);
      return artistDetailView(artist, tracks, albums);
    },
    tracks: async (id, page) => trackPageView(await catalog.artistTopTracks(id, page)),
    tiles: async (id, page) => tilePageView(await catalog.artistAlbums(id, page), (album) => albumTile(album)),
  };
}

/**
 * An album: its facts and tracks. The tracks listed under an album carry no `album`, so the album they were listed
 * under fills in their album and artist (names and ids) on every page. An album the territory does not offer is
 * answered as such, not shown.
 */
import type { Album } from '../../../../shared/service/catalog';
import type { Territory } from '../../../../shared/territory';
import type { CatalogClient } from '../../catalog';
import { albumDetailView, trackPageView } from '../../views';
import { FeatureError, featureErrors } from '../errors';
import type { DetailSource } from './detailSource';

const FIRST_TRACKS = 100;
/** Albums whose tracks may still be paged; older ones are read again when needed. */
const KEPT_ALBUMS = 32;

export interface AlbumDeps {
  catalog: CatalogClient;
  territory: () => Territory;
}

export function albumDetails({ catalog, territory }: AlbumDeps): DetailSource {
  const albums = new Map<string, Album>();

  function keep(album: Album): Album {
    albums.delete(album.id);
    albums.set(album.id, album);
    for (const oldest of albums.keys()) {
      if (albums.size <= KEPT_ALBUMS) break;
      albums.delete(oldest);
    }
    return album;
  }

  async function available(id: string): Promise<Album> {
    const asked = territory();
    const album = await catalog.album(id);
    if (!album.available_territories.includes(asked)) throw new FeatureError(featureErrors.notAvailableIn(asked));
    return keep(album);
  }

  return {
    detail: async (id) => {
      const [album, tracks] = await Promise.all([available(id), catalog.albumTracks(id, { limit: FIRST_TRACKS })]);
      return albumDetailView(album, tracks);
    },
    tracks: async (id, page) => {
      const [album, tracks] = await Promise.all([albums.get(id) ?? available(id), catalog.albumTracks(id, page)]);
      return trackPageView(tracks, { album });
    },
  };
}

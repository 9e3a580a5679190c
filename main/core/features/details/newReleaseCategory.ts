/** A new-release category: a grid of its albums, newest first, paged through getTiles. */
import type { CatalogClient } from '../../catalog';
import { albumGridDetailView, albumTile, tilePageView } from '../../views';
import type { DetailSource } from './detailSource';

export function newReleaseCategoryDetails({ catalog }: { catalog: CatalogClient }): DetailSource {
  return {
    detail: async (id) => {
      const category = await catalog.newReleaseCategory(id);
      return albumGridDetailView(category, category.albums);
    },
    tiles: async (id, page) => tilePageView(await catalog.newReleaseCategoryAlbums(id, page), (album) => albumTile(album)),
  };
}

/**
 * A children category: one section per subcategory, each with the first page of its playlists (asked for at once);
 * a category without subcategories is one section of its own playlists, or none when it has none. Each section pages
 * its playlists through getTiles under its own ref.
 */
import type { CatalogClient } from '../../catalog';
import { kidsDetailView, kidsPlaylistTile, kidsSectionView, tilePageView } from '../../views';
import type { DetailSource } from './detailSource';

/** The service gives at most 100 children-category playlists a page. */
const FIRST_PLAYLISTS = 50;

export function kidsCategoryDetails({ catalog }: { catalog: CatalogClient }): DetailSource {
  const firstPlaylists = (id: string) => catalog.childrenCategoryPlaylists(id, { limit: FIRST_PLAYLISTS });
  return {
    detail: async (id) => {
      const category = await catalog.childrenCategory(id);
      if (category.subcategories.length === 0) {
        const own = await firstPlaylists(id);
        return kidsDetailView(category, own.data.length === 0 ? [] : [kidsSectionView(category, own)]);
      }
      const sections = await Promise.all(
        category.subcategories.map(async (sub) => kidsSectionView(sub, await firstPlaylists(sub.id))),
      );
      return kidsDetailView(category, sections);
    },
    tiles: async (id, page) => tilePageView(await catalog.childrenCategoryPlaylists(id, page), kidsPlaylistTile),
  };
}

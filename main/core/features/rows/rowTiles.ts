/** What each home row holds, fetched from the service. */
import type { RowId, TileView } from '../../../../shared/bridge';
import type { Track } from '../../../../shared/service/catalog';
import type { Territory } from '../../../../shared/territory';
import type { CatalogClient, Page } from '../../catalog';
import {
  albumTile,
  chartTile,
  childrenCategoryTile,
  favoriteTrackTile,
  genreStationTile,
  moodStationTile,
  newHitsTile,
  playlistTile,
} from '../../views';

/** Rows of a member's own music: a guest has none. */
export const MEMBER_ROWS: ReadonlySet<RowId> = new Set<RowId>([
  'favorites',
  'collected-playlists',
  'album-collection',
  'shared-playlists',
]);

/** Rows whose requests name the member (their own collections): asked for only once the member's profile is known. */
export const MEMBER_ID_ROWS: ReadonlySet<RowId> = new Set<RowId>(['collected-playlists', 'album-collection', 'shared-playlists']);

/** Tiles a row asks for; Home shows a few, and a detail screen has the rest. */
const ROW_LIMIT = 100;
/**
 * New releases make one row per category on screen, all kept as one cached row of at most 200 tiles
 * (cache/rowCache.ts): a row's worth of albums from each of up to ten categories; a category's screen has them all.
 */
const ALBUMS_PER_CATEGORY = 20;
const MAX_CATEGORIES = 10;

export interface RowSource {
  catalog: CatalogClient;
  /** The member whose own rows these are; undefined for a guest. */
  memberId: string | undefined;
  territory: Territory;
  /** The first page of the member's favourites, as the row was fetched (track actions keep their set fresh with it). */
  sawFavorites: (page: Page<Track>) => void;
}

function member(source: RowSource): string {
  // loadRow refuses member rows to a guest before asking for them.
  if (source.memberId === undefined) throw new Error('a member row needs a member');
  return source.memberId;
}

export async function rowTiles(source: RowSource, id: RowId): Promise<TileView[]> {
  const { catalog } = source;
  const first = { limit: ROW_LIMIT };
  switch (id) {
    case 'charts':
      return (await catalog.charts(first)).data.map(chartTile);
    case 'new-hits':
      return (await catalog.newHitsPlaylists(first)).data.map(newHitsTile);
    case 'mood-stations':
      return (await catalog.moodStations(first)).data.map(moodStationTile);
    case 'genre-stations':
      return (await catalog.genreStations({ limit: 500 })).data.map(genreStationTile);
    case 'new-releases':
      return newReleases(catalog);
    case 'kids':
      return (await catalog.childrenCategories(first)).data.map(childrenCategoryTile);
    case 'favorites': {
      // The signed-in member's own (/me/favorite): no member id in the request, so not in MEMBER_ID_ROWS.
      const page = await catalog.favorites(first);
      source.sawFavorites(page);
      return page.data.map(favoriteTrackTile);
    }
    case 'collected-playlists':
      return (await catalog.playlistCollection(member(source), first)).data.map(playlistTile);
    case 'album-collection':
      // The territory on screen, not the account's own: the albums shown are the ones that open here.
      return (await catalog.albumCollection(member(source), { ...first, territory: source.territory })).data.map((a) =>
        albumTile(a),
      );
    case 'shared-playlists':
      return (await catalog.userSharedPlaylists(member(source), first)).data.map(playlistTile);
  }
}

/** Every category's first albums, asked for all at once; each tile's group is its category. */
async function newReleases(catalog: CatalogClient): Promise<TileView[]> {
  const categories = (await catalog.newReleaseCategories({ limit: MAX_CATEGORIES })).data.slice(0, MAX_CATEGORIES);
  const rows = await Promise.all(
    categories.map(async (category) => {
      const albums = await catalog.newReleaseCategoryAlbums(category.id, { limit: ALBUMS_PER_CATEGORY });
      return albums.data.map((album) => albumTile(album, category));
    }),
  );
  return rows.flat();
}

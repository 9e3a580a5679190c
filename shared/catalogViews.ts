/** What the screens draw from the catalog: Home's rows and tiles, the detail screens, tracks and their pages. */
import type { ImageView } from './bridge';
import type { Territory } from './territory';

/** Home's rows, as the core loads them; one of them can become several rows on screen (see `TileView.group`). */
export type RowId =
  | 'favorites'
  | 'charts'
  | 'new-hits'
  | 'mood-stations'
  | 'genre-stations'
  /** Albums of every new-release category; each tile's `group` is its category's title. */
  | 'new-releases'
  /** Children categories. */
  | 'kids'
  | 'collected-playlists'
  | 'album-collection'
  | 'shared-playlists';

export type DetailKind =
  | 'chart'
  | 'new-hits'
  /** A shared or collected playlist (also a children category's playlist). */
  | 'playlist'
  | 'mood-station'
  | 'genre-station'
  | 'album'
  | 'artist'
  | 'new-release-category'
  | 'kids-category'
  /** A children category's playlist: shown without its explicit tracks. */
  | 'kids-playlist'
  /** More like this: `id` is the seed track's id. */
  | 'recommended';

export interface DetailRef {
  kind: DetailKind;
  id: string;
}

export interface TileView {
  ref: DetailRef | undefined;
  /** Unique within its row. */
  key: string;
  title: string;
  subtitle: string | undefined;
  images: ImageView[];
  /** The row on screen this tile belongs to, when one core row makes several (genre categories, new-release categories). */
  group: string | undefined;
  /** The detail that shows the whole of `group`, for "See all" (a new-release category's grid); absent when none does. */
  groupRef?: DetailRef | undefined;
  /** A track shown as a tile (favourites): OK opens the track's panel rather than a detail screen. */
  track?: TrackView | undefined;
  /** ISO 8601: when a chart or a new-hits playlist was last updated, said under its title in the viewer's language. */
  updatedAt?: string | undefined;
  /** The subtitle is the screen's own words (when it was updated, in the viewer's language), not the catalog's. */
  subtitleFromUi?: boolean | undefined;
}

export interface RowView {
  id: RowId;
  tiles: TileView[];
  /** Epoch milliseconds of the data's fetch; older than now when painted from the cache. */
  fetchedAt: number;
  fromCache: boolean;
  /** Explicit tracks left out of `tiles` (the one on screen hides them); absent when none were. */
  explicitLeftOut?: number | undefined;
}

export interface TrackView {
  id: string;
  name: string;
  artist: string;
  album: string;
  durationMs: number;
  explicit: boolean;
  url: string;
  /** For "Go to album"; undefined when the service gave the track without its album. */
  albumId?: string | undefined;
  /** For "Go to artist". */
  artistId?: string | undefined;
  /** Where the album is offered, when the service says: "Go to album" elsewhere leads nowhere. */
  albumTerritories?: Territory[] | undefined;
}

/** A release date as the service knows it: the contract allows `00` for an unknown month or day. */
export interface ReleaseDateView {
  year: number;
  /** 1–12, or undefined when unknown. */
  month: number | undefined;
  /** 1–31, or undefined when unknown. */
  day: number | undefined;
}

interface DetailCommon {
  ref: DetailRef;
  title: string;
  images: ImageView[];
  /** Where "Open on your phone" leads; undefined when the service gives no page for it. */
  url: string | undefined;
}

/** A list of tracks: chart, new-hits and other playlists, mood and genre stations, album, more like this. */
export interface TracksDetailView extends DetailCommon {
  layout: 'tracks';
  description: string;
  owner: string | undefined;
  /** ISO 8601. */
  updatedAt: string | undefined;
  totalTracks: number;
  /** Stations: the service returns their tracks in a new random order each time. */
  shuffled: boolean;
  /** The first page of tracks; the rest through getTracks. */
  tracks: TrackView[];
  /** Albums only: the artist to open, the release date and whether the album is explicit. */
  album?: AlbumFactsView | undefined;
  /** More like this only: the track the list was made from. */
  seed?: TrackView | undefined;
  /**
   * How many explicit tracks were left out of `tracks` and `totalTracks` (a children's playlist always, any list when
   * the one on screen hides them); absent or 0 when none were.
   */
  explicitLeftOut?: number | undefined;
}

export interface AlbumFactsView {
  artist: { id: string; name: string };
  releaseDate: ReleaseDateView | undefined;
  explicit: boolean;
}

/** An artist: their picture, top tracks (paged through getTracks) and a row of albums (paged through getTiles). */
export interface ArtistDetailView extends DetailCommon {
  layout: 'artist';
  totalTracks: number;
  tracks: TrackView[];
  /** Explicit top tracks left out of `tracks` and `totalTracks` (the one on screen hides them). */
  explicitLeftOut?: number | undefined;
  totalAlbums: number;
  albums: TileView[];
}

/** A new-release category: a grid of albums (paged through getTiles). */
export interface AlbumGridDetailView extends DetailCommon {
  layout: 'albums';
  totalAlbums: number;
  albums: TileView[];
}

/** One subcategory of a children category, with the first page of its playlists (the rest through getTiles). */
export interface KidsSectionView {
  /** getTiles({ kind: 'kids-category', id: section.ref.id }) pages its playlists. */
  ref: DetailRef;
  title: string;
  images: ImageView[];
  totalPlaylists: number;
  playlists: TileView[];
}

/** A children category: its subcategories and their playlists. */
export interface KidsDetailView extends DetailCommon {
  layout: 'kids';
  sections: KidsSectionView[];
}

export type DetailView = TracksDetailView | ArtistDetailView | AlbumGridDetailView | KidsDetailView;

export interface TrackPageView {
  offset: number;
  total: number;
  tracks: TrackView[];
}

/** A page of tiles: an artist's albums, a new-release category's albums, a children category's playlists. */
export interface TilePageView {
  offset: number;
  total: number;
  tiles: TileView[];
}

/** Whether a track is among the member's favourites; a guest has none. */
export type FavoriteState = 'favorite' | 'not-favorite' | 'members-only';

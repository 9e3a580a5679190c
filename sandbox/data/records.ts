/**
 * The records of the sandbox's generated catalog (catalog.ts), and the constants the generator and the catalog share.
 * Records carry no URLs; catalog/shape.ts turns them into the service's JSON.
 */
import type { Territory } from '../../shared/territory';
import type { Lang } from './names';

export interface ArtistRec {
  id: string;
  name: string;
  lang: Lang;
  albums: AlbumRec[];
  /** 'unexpected': one picture of a size the service does not document, whose URL is not served (edgeCases.ts). */
  artwork?: 'unexpected' | undefined;
}

export interface AlbumRec {
  id: string;
  name: string;
  artist: ArtistRec;
  explicit: boolean;
  territories: Territory[];
  /** `YYYY-MM-DD`, possibly with a `00` month or day; absent for some albums, as in the service. */
  releaseDate: string | undefined;
  /** For ordering; albums without a date sort last. */
  sortKey: number;
  recent: boolean;
  tracks: TrackRec[];
  /** 'none': the album comes without pictures (edgeCases.ts). */
  artwork?: 'none' | undefined;
}

export interface TrackRec {
  id: string;
  name: string;
  durationMs: number;
  isrc: string;
  trackNumber: number;
  explicit: boolean;
  territories: Territory[];
  album: AlbumRec;
  /** Whether recommendations can be made from this track (some cannot: "No available seed id"). */
  seedable: boolean;
  popularity: number;
  /** Served without its `album` wherever it appears (edgeCases.ts). */
  albumless?: boolean | undefined;
}

export interface UserRec {
  id: string;
  name: string;
  description: string;
  territory: Territory;
}

export interface PlaylistRec {
  id: string;
  title: string;
  description: string;
  owner: UserRec;
  /** Unix seconds. */
  updatedAt: number;
  utcOffset: string;
  tracks: TrackRec[];
}

export interface NewReleaseCategoryRec {
  id: string;
  title: string;
  albums: AlbumRec[];
}

export interface ChildrenCategoryRec {
  id: string;
  title: string;
  /** Widths of the category's images; their height is always 300. */
  imageWidths: number[];
  subcategories: ChildrenCategoryRec[];
  playlists: PlaylistRec[];
}

export interface GenreStationRec {
  id: string;
  category: string;
  name: string;
  tracks: TrackRec[];
}

export interface MoodStationRec {
  id: string;
  name: string;
  tracks: TrackRec[];
}

export interface TerritoryCatalog {
  territory: Territory;
  artists: ArtistRec[];
  charts: PlaylistRec[];
  newHits: PlaylistRec[];
  sharedPlaylists: PlaylistRec[];
  newReleaseCategories: NewReleaseCategoryRec[];
  childrenCategories: ChildrenCategoryRec[];
  genreStations: GenreStationRec[];
  moodStations: MoodStationRec[];
  users: UserRec[];
  byId: {
    artists: Map<string, ArtistRec>;
    albums: Map<string, AlbumRec>;
    tracks: Map<string, TrackRec>;
    charts: Map<string, PlaylistRec>;
    newHits: Map<string, PlaylistRec>;
    sharedPlaylists: Map<string, PlaylistRec>;
    newReleaseCategories: Map<string, NewReleaseCategoryRec>;
    childrenCategories: Map<string, ChildrenCategoryRec>;
    genreStations: Map<string, GenreStationRec>;
    moodStations: Map<string, MoodStationRec>;
    users: Map<string, UserRec>;
  };
  /** Tracks that may appear in playlists, charts and stations (their album is available somewhere). */
  playable: TrackRec[];
}

/** What a user has collected; members and curators alike. */
export interface UserLibrary {
  user: UserRec;
  albums: AlbumRec[];
  playlists: PlaylistRec[];
  sharedPlaylists: PlaylistRec[];
  favorites: TrackRec[];
}

/** The first character of every generated id says which territory made it, so a lookup generates only that one. */
export const ID_MARK: Record<Territory, string> = { TW: 'T', HK: 'H', SG: 'S', MY: 'M', JP: 'J' };

/** Fixed "now" of the generated data, so the same seed gives byte-identical JSON on any day. */
export const CATALOG_EPOCH_SECONDS = Date.UTC(2026, 10, 20, 4, 0, 0) / 1000;

export const CHILDREN_IMAGE_WIDTHS = [400, 533, 600, 720, 840] as const;
export const LONG_CHART_TRACKS = 620;

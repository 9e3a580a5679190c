/**
 * The catalog and member API, one typed method per endpoint of the contract. Every JSON answer is parsed by its schema
 * in shared/service before anyone trusts it (requests.ts asks and reads); failures are CatalogErrors (errors.ts).
 */
import type { z } from 'zod';
import {
  AlbumPageSchema,
  AlbumSchema,
  ArtistSchema,
  ChartDetailSchema,
  ChildrenCategoryDetailSchema,
  ChildrenCategoryPageSchema,
  GenreStationDetailSchema,
  GenreStationPageSchema,
  MoodStationDetailSchema,
  MoodStationPageSchema,
  NewReleaseCategoryDetailSchema,
  NewReleaseCategoryPageSchema,
  PAGE_LIMITS,
  PlaylistDetailSchema,
  PlaylistPageSchema,
  RecommendedTracksSchema,
  TrackSchema,
  UserSchema,
} from '../../../shared/service/catalog';
import type {
  Album,
  Artist,
  ChartDetail,
  ChildrenCategory,
  ChildrenCategoryDetail,
  GenreStation,
  GenreStationDetail,
  MoodStation,
  MoodStationDetail,
  NewReleaseCategory,
  NewReleaseCategoryDetail,
  Playlist,
  PlaylistDetail,
  RecommendedTracks,
  Track,
  User,
} from '../../../shared/service/catalog';
import { TerritorySchema } from '../../../shared/territory';
import type { Territory } from '../../../shared/territory';
import type { Logger } from '../ports';
import type { Page } from './paging';
import { createCatalogRequests, parseWith, readTrackPage, type Query } from './requests';

export interface CatalogClientOptions {
  /** Adds the bearer token (the session's authorizedFetch, or a guest token's). */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  /** `{base_url}`, with or without the `/v1.1` version segment. */
  apiBase: string;
  /** The territory sent with every catalog request (the member's, from /me, once paired). */
  territory: () => Territory;
  /** Per request, including reading the body. Default 15 s. */
  timeoutMs?: number;
  /** Most pages `pages()`/`collectAll()` read from one list. Default 50. */
  maxPages?: number;
  logger?: Logger;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

export interface PageOptions extends CallOptions {
  /** Clamped to the endpoint's maximum. Omitted: the service's default page size. */
  limit?: number | undefined;
  offset?: number | undefined;
}

export interface CollectionOptions extends PageOptions {
  /** Omitted: the service uses the account's own territory. */
  territory?: Territory | undefined;
}

/** A detail whose nested `tracks` (or `albums`) page can be followed with pages()/collectAll(). */
export type WithTracksPage<D> = D & { tracks: Page<Track> };

export const MeSchema = UserSchema.extend({ territory: TerritorySchema });
export type Me = z.infer<typeof MeSchema>;

export interface CatalogClient {
  /** The origin every request goes to (and the only one paging follows). */
  readonly origin: string;

  charts(options?: PageOptions): Promise<Page<Playlist>>;
  chart(chartId: string, options?: CallOptions): Promise<WithTracksPage<ChartDetail>>;
  chartTracks(chartId: string, options?: PageOptions): Promise<Page<Track>>;

  newHitsPlaylists(options?: PageOptions): Promise<Page<Playlist>>;
  newHitsPlaylist(playlistId: string, options?: CallOptions): Promise<WithTracksPage<PlaylistDetail>>;
  newHitsPlaylistTracks(playlistId: string, options?: PageOptions): Promise<Page<Track>>;

  newReleaseCategories(options?: PageOptions): Promise<Page<NewReleaseCategory>>;
  newReleaseCategory(
    categoryId: string,
    options?: CallOptions,
  ): Promise<NewReleaseCategoryDetail & { albums: Page<Album> }>;
  newReleaseCategoryAlbums(categoryId: string, options?: PageOptions): Promise<Page<Album>>;

  sharedPlaylist(playlistId: string, options?: CallOptions): Promise<WithTracksPage<PlaylistDetail>>;
  sharedPlaylistTracks(playlistId: string, options?: PageOptions): Promise<Page<Track>>;

  childrenCategories(options?: PageOptions): Promise<Page<ChildrenCategory>>;
  childrenCategory(categoryId: string, options?: CallOptions): Promise<ChildrenCategoryDetail>;
  childrenCategoryPlaylists(categoryId: string, options?: PageOptions): Promise<Page<Playlist>>;

  genreStations(options?: PageOptions): Promise<Page<GenreStation>>;
  genreStation(stationId: string, options?: CallOptions): Promise<WithTracksPage<GenreStationDetail>>;
  moodStations(options?: PageOptions): Promise<Page<MoodStation>>;
  moodStation(stationId: string, options?: CallOptions): Promise<WithTracksPage<MoodStationDetail>>;

  artist(artistId: string, options?: CallOptions): Promise<Artist>;
  artistAlbums(artistId: string, options?: PageOptions): Promise<Page<Album>>;
  artistTopTracks(artistId: string, options?: PageOptions): Promise<Page<Track>>;
  album(albumId: string, options?: CallOptions): Promise<Album>;
  albumTracks(albumId: string, options?: PageOptions): Promise<Page<Track>>;
  track(trackId: string, options?: CallOptions): Promise<Track>;
  recommendedTracks(trackId: string, options?: PageOptions): Promise<RecommendedTracks & { tracks: Page<Track> }>;

  user(userId: string, options?: CallOptions): Promise<User>;
  albumCollection(userId: string, options?: CollectionOptions): Promise<Page<Album>>;
  playlistCollection(userId: string, options?: CollectionOptions): Promise<Page<Playlist>>;
  userSharedPlaylists(userId: string, options?: PageOptions): Promise<Page<Playlist>>;
  me(options?: CallOptions): Promise<Me>;
  favorites(options?: PageOptions): Promise<Page<Track>>;
  addFavorite(trackId: string, options?: CallOptions): Promise<void>;
}

export { resolveApiBase } from './requests';

const seg = encodeURIComponent;

export function createCatalogClient(options: CatalogClientOptions): CatalogClient {
  const { origin, urlFor, request, get, source, asPage, pageQuery, list, detail, detailWithTracks } = createCatalogRequests(options);
  const readAlbumPage = parseWith(AlbumPageSchema, 'album list');
  const readPlaylistPage = parseWith(PlaylistPageSchema, 'playlist list');
  const readPlaylistDetail = parseWith(PlaylistDetailSchema, 'playlist');
  const readRecommended = parseWith(RecommendedTracksSchema, 'recommended tracks');
  const { default: MAX, playlists: MAX_PLAYLISTS, recommended: MAX_RECOMMENDED } = PAGE_LIMITS;

  return {
    origin,

    charts: (o) => list('/charts', readPlaylistPage, MAX, o, 'client'),
    chart: (id, o) =>
      detailWithTracks(`/charts/${seg(id)}`, `/charts/${seg(id)}/tracks`, parseWith(ChartDetailSchema, 'chart'), o),
    chartTracks: (id, o) => list(`/charts/${seg(id)}/tracks`, readTrackPage, MAX, o, 'client'),

    newHitsPlaylists: (o) => list('/new-hits-playlists', readPlaylistPage, MAX, o, 'client'),
    newHitsPlaylist: (id, o) =>
      detailWithTracks(`/new-hits-playlists/${seg(id)}`, `/new-hits-playlists/${seg(id)}/tracks`, readPlaylistDetail, o),
    newHitsPlaylistTracks: (id, o) => list(`/new-hits-playlists/${seg(id)}/tracks`, readTrackPage, MAX, o, 'client'),

    newReleaseCategories: (o) =>
      list('/new-release-categories', parseWith(NewReleaseCategoryPageSchema, 'new-release categories'), MAX, o, 'client'),
    newReleaseCategory: async (id, o) => {
      const value = await detail(
        `/new-release-categories/${seg(id)}`,
        parseWith(NewReleaseCategoryDetailSchema, 'new-release category'),
        o,
      );
      const albums = asPage(value.albums, source(`/new-release-categories/${seg(id)}/albums`, MAX, readAlbumPage));
      return { ...value, albums };
    },
    newReleaseCategoryAlbums: (id, o) => list(`/new-release-categories/${seg(id)}/albums`, readAlbumPage, MAX, o, 'client'),

    sharedPlaylist: (id, o) =>
      detailWithTracks(`/shared-playlists/${seg(id)}`, `/shared-playlists/${seg(id)}/tracks`, readPlaylistDetail, o),
    sharedPlaylistTracks: (id, o) => list(`/shared-playlists/${seg(id)}/tracks`, readTrackPage, MAX, o, 'client'),

    childrenCategories: (o) =>
      list('/children-categories', parseWith(ChildrenCategoryPageSchema, 'children categories'), MAX, o, 'client'),
    childrenCategory: (id, o) =>
      detail(`/children-categories/${seg(id)}`, parseWith(ChildrenCategoryDetailSchema, 'children category'), o),
    childrenCategoryPlaylists: (id, o) =>
      list(`/children-categories/${seg(id)}/playlists`, readPlaylistPage, MAX_PLAYLISTS, o, 'client'),

    genreStations: (o) => list('/genre-stations', parseWith(GenreStationPageSchema, 'genre stations'), MAX, o, 'client'),
    // Stations have no track list of their own: later pages of their tracks come from the detail again.
    genreStation: (id, o) =>
      detailWithTracks(`/genre-stations/${seg(id)}`, undefined, parseWith(GenreStationDetailSchema, 'genre station'), o),
    moodStations: (o) => list('/mood-stations', parseWith(MoodStationPageSchema, 'mood stations'), MAX, o, 'client'),
    moodStation: (id, o) =>
      detailWithTracks(`/mood-stations/${seg(id)}`, undefined, parseWith(MoodStationDetailSchema, 'mood station'), o),

    artist: (id, o) => detail(`/artists/${seg(id)}`, parseWith(ArtistSchema, 'artist'), o),
    artistAlbums: (id, o) => list(`/artists/${seg(id)}/albums`, readAlbumPage, MAX, o, 'client'),
    artistTopTracks: (id, o) => list(`/artists/${seg(id)}/top-tracks`, readTrackPage, MAX, o, 'client'),
    album: (id, o) => detail(`/albums/${seg(id)}`, parseWith(AlbumSchema, 'album'), o),
    albumTracks: (id, o) => list(`/albums/${seg(id)}/tracks`, readTrackPage, MAX, o, 'client'),
    track: (id, o) => detail(`/tracks/${seg(id)}`, parseWith(TrackSchema, 'track'), o),
    recommendedTracks: async (id, o) => {
      const path = `/tracks/${seg(id)}/recommended-tracks`;
      const query: Query = { territory: options.territory(), ...pageQuery(MAX_RECOMMENDED, o) };
      const value = await get(urlFor(path, query), readRecommended, o?.signal);
      // Later pages answer with the whole result again; only its `tracks` continue the list.
      const tracks = asPage(value.tracks, source(path, MAX_RECOMMENDED, (json) => readRecommended(json).tracks));
      return { ...value, tracks };
    },

    user: (id, o) => get(urlFor(`/users/${seg(id)}`, {}), parseWith(UserSchema, 'user'), o?.signal),
    albumCollection: (id, o) => list(`/users/${seg(id)}/album-collection`, readAlbumPage, MAX, o, o?.territory),
    playlistCollection: (id, o) =>
      list(`/users/${seg(id)}/playlist-collection`, readPlaylistPage, MAX_PLAYLISTS, o, o?.territory),
    userSharedPlaylists: (id, o) => list(`/users/${seg(id)}/shared-playlists`, readPlaylistPage, MAX_PLAYLISTS, o, undefined),
    me: (o) => get(urlFor('/me', {}), parseWith(MeSchema, 'member profile'), o?.signal),
    favorites: (o) => list('/me/favorite', readTrackPage, MAX, o, undefined),
    addFavorite: async (trackId, o) => {
      // Success carries no documented body: any JSON without an `error` (or none at all) is accepted.
      await request(
        urlFor('/me/favorite', {}),
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ track_id: trackId }) },
        o?.signal,
      );
    },
  };
}

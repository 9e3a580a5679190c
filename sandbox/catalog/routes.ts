/**
 * Every catalog and member endpoint of the contract under /v1.1, and the artwork under /artwork.
 * Checks run in the order a client would trip over them: bearer token, member-ness, territory, paging, then the id.
 */
import { Hono } from 'hono';
import type { SandboxContext } from '../context';
import type { Catalog } from '../data/catalog';
import { router } from './call';
import {
  albumDetail,
  albumTracks,
  artistAlbums,
  artistDetail,
  artistTopTracks,
  chartDetail,
  chartList,
  chartTracks,
  childrenDetail,
  childrenList,
  childrenPlaylists,
  genreStationDetail,
  genreStationList,
  moodStationDetail,
  moodStationList,
  newHitsDetail,
  newHitsList,
  newHitsTracks,
  newReleaseAlbums,
  newReleaseDetail,
  newReleaseList,
  recommendedTracks,
  sharedPlaylistDetail,
  sharedPlaylistTracks,
  trackDetail,
} from './catalogHandlers';
import type { FavoriteLog } from './favorites';
import { addFavorite, albumCollection, favoriteList, me, playlistCollection, sharedPlaylists, userDetail } from './memberHandlers';

const API = '/v1.1';

/** Serves `catalog`; favorites added with POST /me/favorite go to `favorites` (which may outlive the process). */
export function mountCatalog(app: Hono, ctx: SandboxContext, data: { catalog: Catalog; favorites: FavoriteLog }): void {
  // Not strict: `/charts/` is `/charts`, as the real service answers both.
  const api = new Hono({ strict: false });
  const route = router(api, ctx, data);

  // Charts: lists and charts carry the short owner; the chart detail leaves out description and url.
  route('catalog', '/charts', chartList);
  route('catalog', '/charts/:id', chartDetail);
  route('catalog', '/charts/:id/tracks', chartTracks);

  // New-hits playlists.
  route('catalog', '/new-hits-playlists', newHitsList);
  route('catalog', '/new-hits-playlists/:id', newHitsDetail);
  route('catalog', '/new-hits-playlists/:id/tracks', newHitsTracks);

  // New-release categories.
  route('catalog', '/new-release-categories', newReleaseList);
  route('catalog', '/new-release-categories/:id', newReleaseDetail);
  route('catalog', '/new-release-categories/:id/albums', newReleaseAlbums);

  // Shared playlists belong to people, not to a territory: any valid territory reaches them.
  route('catalog', '/shared-playlists/:id', sharedPlaylistDetail);
  route('catalog', '/shared-playlists/:id/tracks', sharedPlaylistTracks);

  // Children categories: the detail pages its subcategories at the top level; playlist lists use integer updated_at.
  route('catalog', '/children-categories', childrenList);
  route('catalog', '/children-categories/:id', childrenDetail);
  route('catalog', '/children-categories/:id/playlists', childrenPlaylists);

  // Stations: tracks come in a new order on every call.
  route('catalog', '/genre-stations', genreStationList);
  route('catalog', '/genre-stations/:id', genreStationDetail);
  route('catalog', '/mood-stations', moodStationList);
  route('catalog', '/mood-stations/:id', moodStationDetail);

  // Artists, albums and tracks are one catalog across territories: any valid territory reaches them.
  route('catalog', '/artists/:id', artistDetail);
  route('catalog', '/artists/:id/albums', artistAlbums);
  route('catalog', '/artists/:id/top-tracks', artistTopTracks);
  route('catalog', '/albums/:id', albumDetail);
  route('catalog', '/albums/:id/tracks', albumTracks);
  route('catalog', '/tracks/:id', trackDetail);
  route('catalog', '/tracks/:id/recommended-tracks', recommendedTracks);

  // Member endpoints: a member token is required; collections have an empty summary.
  route('member', '/users/:id', userDetail);
  route('member', '/users/:id/album-collection', albumCollection);
  route('member', '/users/:id/playlist-collection', playlistCollection);
  route('member', '/users/:id/shared-playlists', sharedPlaylists);
  route('member', '/me', me);
  route('member', '/me/favorite', favoriteList);
  route('member', '/me/favorite', addFavorite, 'post');

  // Paths and methods not listed here fall through to the app's JSON 404 and 405 (http/guards.ts).
  app.route(API, api);
}

/**
 * The catalog endpoints' handlers (any valid token): charts, new hits, new-release and children categories, stations,
 * and the one catalog of artists, albums and tracks. Each checks in the order a client would trip over it: territory,
 * then the id, then paging.
 */
import { PAGE_LIMITS } from '../../shared/service/catalog';
import type { Territory } from '../../shared/territory';
import type { TerritoryCatalog } from '../data/catalog';
import { shuffled } from '../data/random';
import { found, refuse, type Call } from './call';
import { FAIL } from './errors';
import { page } from './paging';

const MAX = PAGE_LIMITS.default;

/** The requested territory's catalog, for endpoints whose resources belong to one territory. */
function local(call: Call): { t: Territory; cat: TerritoryCatalog } {
  const t = call.territory();
  return { t, cat: call.catalog.territory(t) };
}

/** A shuffle that differs on every call, as the service's station tracks do (deliberately not seeded). */
function freshShuffle<T>(items: readonly T[]): T[] {
  return shuffled(items, Math.random);
}

/** GET /charts: the territory's charts, with the short owner. */
export function chartList(call: Call): unknown {
  const { t, cat } = local(call);
  return page(cat.charts, call.paging(MAX), call.link(undefined, { territory: t }), (p) => call.shape.playlistItem(p));
}

/** GET /charts/:id: a chart without description and url, its first page of tracks inside. */
export function chartDetail(call: Call): unknown {
  const { t, cat } = local(call);
  const chart = found(cat.byId.charts.get(call.id));
  const { description: _d, url: _u, ...rest } = call.shape.playlistItem(chart);
  const tracks = page(chart.tracks, call.paging(MAX), call.link(`${call.path}/tracks`, { territory: t }), (tr) => call.shape.track(tr));
  return { ...rest, tracks };
}

/** GET /charts/:id/tracks. */
export function chartTracks(call: Call): unknown {
  const { t, cat } = local(call);
  const chart = found(cat.byId.charts.get(call.id));
  return page(chart.tracks, call.paging(MAX), call.link(undefined, { territory: t }), (tr) => call.shape.track(tr));
}

/** GET /new-hits-playlists. */
export function newHitsList(call: Call): unknown {
  const { t, cat } = local(call);
  return page(cat.newHits, call.paging(MAX), call.link(undefined, { territory: t }), (p) => call.shape.playlistItem(p));
}

/** GET /new-hits-playlists/:id: the playlist, its first page of tracks inside. */
export function newHitsDetail(call: Call): unknown {
  const { t, cat } = local(call);
  const p = found(cat.byId.newHits.get(call.id));
  const tracks = page(p.tracks, call.paging(MAX), call.link(`${call.path}/tracks`, { territory: t }), (tr) => call.shape.track(tr));
  return { ...call.shape.playlistDetail(p), tracks };
}

/** GET /new-hits-playlists/:id/tracks. */
export function newHitsTracks(call: Call): unknown {
  const { t, cat } = local(call);
  const p = found(cat.byId.newHits.get(call.id));
  return page(p.tracks, call.paging(MAX), call.link(undefined, { territory: t }), (tr) => call.shape.track(tr));
}

/** GET /new-release-categories. */
export function newReleaseList(call: Call): unknown {
  const { t, cat } = local(call);
  return page(cat.newReleaseCategories, call.paging(MAX), call.link(undefined, { territory: t }), ({ id, title }) => ({ id, title }));
}

/** GET /new-release-categories/:id: the category, its first page of albums inside. */
export function newReleaseDetail(call: Call): unknown {
  const { t, cat } = local(call);
  const category = found(cat.byId.newReleaseCategories.get(call.id));
  const albums = page(category.albums, call.paging(MAX), call.link(`${call.path}/albums`, { territory: t }), (a) => call.shape.album(a));
  return { id: category.id, title: category.title, albums };
}

/** GET /new-release-categories/:id/albums. */
export function newReleaseAlbums(call: Call): unknown {
  const { t, cat } = local(call);
  const category = found(cat.byId.newReleaseCategories.get(call.id));
  return page(category.albums, call.paging(MAX), call.link(undefined, { territory: t }), (a) => call.shape.album(a));
}

/** GET /shared-playlists/:id: the playlist, its first page of tracks inside. */
export function sharedPlaylistDetail(call: Call): unknown {
  const t = call.territory();
  const p = found(call.catalog.catalogFor(call.id)?.byId.sharedPlaylists.get(call.id));
  const tracks = page(p.tracks, call.paging(MAX), call.link(`${call.path}/tracks`, { territory: t }), (tr) => call.shape.track(tr));
  return { ...call.shape.playlistDetail(p), tracks };
}

/** GET /shared-playlists/:id/tracks. */
export function sharedPlaylistTracks(call: Call): unknown {
  const t = call.territory();
  const p = found(call.catalog.catalogFor(call.id)?.byId.sharedPlaylists.get(call.id));
  return page(p.tracks, call.paging(MAX), call.link(undefined, { territory: t }), (tr) => call.shape.track(tr));
}

/** GET /children-categories. */
export function childrenList(call: Call): unknown {
  const { t, cat } = local(call);
  return page(cat.childrenCategories, call.paging(MAX), call.link(undefined, { territory: t }), (cc) => call.shape.childrenCategory(cc));
}

/** GET /children-categories/:id: its subcategories paged at the top level. */
export function childrenDetail(call: Call): unknown {
  const { t, cat } = local(call);
  const category = found(cat.byId.childrenCategories.get(call.id));
  const subs = page(category.subcategories, call.paging(MAX), call.link(undefined, { territory: t }), (cc) => call.shape.childrenCategory(cc));
  return { ...call.shape.childrenCategory(category), subcategories: subs.data, paging: subs.paging, summary: subs.summary };
}

/** GET /children-categories/:id/playlists, with integer updated_at. */
export function childrenPlaylists(call: Call): unknown {
  const { t, cat } = local(call);
  const category = found(cat.byId.childrenCategories.get(call.id));
  return page(category.playlists, call.paging(PAGE_LIMITS.playlists), call.link(undefined, { territory: t }), (p) =>
    call.shape.playlistItem(p, 'seconds'),
  );
}

/** GET /genre-stations. */
export function genreStationList(call: Call): unknown {
  const { t, cat } = local(call);
  return page(cat.genreStations, call.paging(MAX), call.link(undefined, { territory: t }), ({ id, category, name }) => ({ id, category, name }));
}

/** GET /genre-stations/:id: its tracks in a new order. */
export function genreStationDetail(call: Call): unknown {
  const { t, cat } = local(call);
  const s = found(cat.byId.genreStations.get(call.id));
  const tracks = page(freshShuffle(s.tracks), call.paging(MAX), call.link(undefined, { territory: t }), (tr) => call.shape.track(tr));
  return { id: s.id, category: s.category, name: s.name, tracks };
}

/** GET /mood-stations, with each station's images. */
export function moodStationList(call: Call): unknown {
  const { t, cat } = local(call);
  return page(cat.moodStations, call.paging(MAX), call.link(undefined, { territory: t }), (s) => ({
    id: s.id,
    name: s.name,
    images: call.shape.stationImages(s.id),
  }));
}

/** GET /mood-stations/:id: its tracks in a new order. */
export function moodStationDetail(call: Call): unknown {
  const { t, cat } = local(call);
  const s = found(cat.byId.moodStations.get(call.id));
  const tracks = page(freshShuffle(s.tracks), call.paging(MAX), call.link(undefined, { territory: t }), (tr) => call.shape.track(tr));
  return { id: s.id, name: s.name, images: call.shape.stationImages(s.id), tracks };
}

const artistOf = (call: Call) => found(call.catalog.catalogFor(call.id)?.byId.artists.get(call.id));
const albumOf = (call: Call) => found(call.catalog.catalogFor(call.id)?.byId.albums.get(call.id));
const trackOf = (call: Call) => found(call.catalog.catalogFor(call.id)?.byId.tracks.get(call.id));

/** GET /artists/:id. */
export function artistDetail(call: Call): unknown {
  call.territory();
  return call.shape.artist(artistOf(call));
}

/** GET /artists/:id/albums, newest first. */
export function artistAlbums(call: Call): unknown {
  const t = call.territory();
  const artist = artistOf(call);
  const albums = artist.albums.slice().sort((a, b) => b.sortKey - a.sortKey);
  return page(albums, call.paging(MAX), call.link(undefined, { territory: t }), (a) => call.shape.album(a));
}

/** GET /artists/:id/top-tracks. */
export function artistTopTracks(call: Call): unknown {
  const t = call.territory();
  const artist = artistOf(call);
  return page(call.catalog.topTracks(artist), call.paging(MAX), call.link(undefined, { territory: t }), (tr) => call.shape.track(tr));
}

/** GET /albums/:id. */
export function albumDetail(call: Call): unknown {
  call.territory();
  return call.shape.album(albumOf(call));
}

/** GET /albums/:id/tracks, each without its album. */
export function albumTracks(call: Call): unknown {
  const t = call.territory();
  const album = albumOf(call);
  return page(album.tracks, call.paging(MAX), call.link(undefined, { territory: t }), (tr) => call.shape.track(tr, { album: false }));
}

/** GET /tracks/:id. */
export function trackDetail(call: Call): unknown {
  call.territory();
  return call.shape.track(trackOf(call));
}

/** GET /tracks/:id/recommended-tracks: the seed, and tracks like it (with ISRC). */
export function recommendedTracks(call: Call): unknown {
  const t = call.territory();
  const req = call.paging(PAGE_LIMITS.recommended);
  const seed = trackOf(call);
  const recommended = call.catalog.recommendations(seed) ?? refuse(FAIL.noSeed);
  return {
    seed_track: call.shape.track(seed, { album: false }),
    tracks: page(recommended, req, call.link(undefined, { territory: t }), (tr) => call.shape.track(tr, { isrc: true })),
  };
}

/**
 * Every catalog and member endpoint of the contract under /v1.1, and the artwork under /artwork.
 * Checks run in the order a client would trip over them: bearer token, member-ness, territory, paging, then the id.
 */
import { Hono, type Context } from 'hono';
import { PAGE_LIMITS, type FavoriteResult } from '../../shared/service/catalog';
import { isTerritory, type Territory } from '../../shared/territory';
import type { Grant, SandboxContext } from '../context';
import type { Catalog, TerritoryCatalog, TrackRec } from '../data/catalog';
import { demoProfile } from '../data/members';
import { shuffled } from '../data/random';
import { readFormBody } from '../http/forms';
import { FAIL, type CatalogFailure } from './errors';
import type { FavoriteLog } from './favorites';
import { page, pageLink, readPageRequest, type PageLink, type PageRequest } from './paging';
import { Shaper } from './shape';

const API = '/v1.1';

class Refusal {
  constructor(readonly failure: CatalogFailure) {}
}

function refuse(failure: CatalogFailure): never {
  throw new Refusal(failure);
}

/** What a handler gets: the request, helpers bound to it, and the caller's grant. */
interface Call {
  c: Context;
  grant: Grant;
  shape: Shaper;
  /** The `:id` path parameter ('' on routes without one). */
  id: string;
  /** The request path under the origin (e.g. /v1.1/charts/xyz/tracks), for paging links. */
  path: string;
  /** The required `territory`, validated. */
  territory(): Territory;
  /** `territory` when given (validated), else `fallback`. */
  territoryOr(fallback: Territory): Territory;
  paging(cap: number): PageRequest;
  link(path?: string, extra?: Record<string, string | undefined>): PageLink;
}

function memberOf(grant: Grant): string {
  return grant.kind === 'member' ? grant.memberId : refuse(FAIL.memberRequired);
}

function found<T>(value: T | undefined): T {
  return value === undefined ? refuse(FAIL.notFound) : value;
}

/** A shuffle that differs on every call, as the service's station tracks do (deliberately not seeded). */
function freshShuffle<T>(items: readonly T[]): T[] {
  return shuffled(items, Math.random);
}

async function readTrackId(c: Context): Promise<string | undefined> {
  const type = c.req.header('content-type') ?? '';
  let value: unknown;
  if (type.includes('application/json')) {
    // Malformed JSON is answered like a missing track_id: 400 Invalid Request Body.
    const body: unknown = await c.req.json().catch(() => undefined);
    value = typeof body === 'object' && body !== null && 'track_id' in body ? body.track_id : undefined;
  } else {
    // A form that does not parse is answered like a missing track_id, as malformed JSON is.
    const form = await readFormBody(c);
    value = form.ok ? form.fields['track_id'] : undefined;
  }
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Serves `catalog`; favorites added with POST /me/favorite go to `favorites` (which may outlive the process). */
export function mountCatalog(app: Hono, ctx: SandboxContext, { catalog, favorites }: { catalog: Catalog; favorites: FavoriteLog }): void {
  // Not strict: `/charts/` is `/charts`, as the real service answers both.
  const api = new Hono({ strict: false });

  type Handler = (call: Call) => unknown;

  const route = (audience: 'catalog' | 'member', path: string, handler: Handler, method: 'get' | 'post' = 'get'): void => {
    api[method](path, async (c) => {
      try {
        const grant = ctx.tokens.verifyBearer(c.req.header('authorization')) ?? refuse(FAIL.unauthenticated);
        if (audience === 'member') memberOf(grant);
        const origin = ctx.origin();
        // Links are built without the trailing slash a client may have sent (`/charts/` links to `/charts?…`).
        const fullPath = withoutTrailingSlash(new URL(c.req.url).pathname);
        const call: Call = {
          c,
          grant,
          id: c.req.param('id') ?? '',
          shape: new Shaper(origin),
          path: fullPath,
          territory: () => {
            const t = c.req.query('territory');
            return isTerritory(t) ? t : refuse(FAIL.invalidTerritory);
          },
          territoryOr: (fallback) => {
            const t = c.req.query('territory');
            if (t === undefined) return fallback;
            return isTerritory(t) ? t : refuse(FAIL.invalidTerritory);
          },
          paging: (cap) => readPageRequest((name) => c.req.query(name), cap) ?? refuse(FAIL.invalidRequest),
          link: (path = fullPath, extra = {}) => pageLink(origin, path, extra),
        };
        const body = await handler(call);
        return c.json(body as object, c.req.method === 'POST' && isCreated(body) ? 201 : 200);
      } catch (error) {
        if (error instanceof Refusal) return c.json(error.failure.body, error.failure.status);
        throw error;
      }
    });
  };

  /** The requested territory's catalog, for endpoints whose resources belong to one territory. */
  const local = (call: Call): { t: Territory; cat: TerritoryCatalog } => {
    const t = call.territory();
    return { t, cat: catalog.territory(t) };
  };

  const MAX = PAGE_LIMITS.default;

  // Charts: lists and charts carry the short owner; the chart detail leaves out description and url.
  route('catalog', '/charts', (call) => {
    const { t, cat } = local(call);
    return page(cat.charts, call.paging(MAX), call.link(undefined, { territory: t }), (p) => call.shape.playlistItem(p));
  });
  route('catalog', '/charts/:id', (call) => {
    const { t, cat } = local(call);
    const chart = found(cat.byId.charts.get(call.id));
    const { description: _d, url: _u, ...rest } = call.shape.playlistItem(chart);
    const tracks = page(chart.tracks, call.paging(MAX), call.link(`${call.path}/tracks`, { territory: t }), (tr) => call.shape.track(tr));
    return { ...rest, tracks };
  });
  route('catalog', '/charts/:id/tracks', (call) => {
    const { t, cat } = local(call);
    const chart = found(cat.byId.charts.get(call.id));
    return page(chart.tracks, call.paging(MAX), call.link(undefined, { territory: t }), (tr) => call.shape.track(tr));
  });

  // New-hits playlists.
  route('catalog', '/new-hits-playlists', (call) => {
    const { t, cat } = local(call);
    return page(cat.newHits, call.paging(MAX), call.link(undefined, { territory: t }), (p) => call.shape.playlistItem(p));
  });
  route('catalog', '/new-hits-playlists/:id', (call) => {
    const { t, cat } = local(call);
    const p = found(cat.byId.newHits.get(call.id));
    const tracks = page(p.tracks, call.paging(MAX), call.link(`${call.path}/tracks`, { territory: t }), (tr) => call.shape.track(tr));
    return { ...call.shape.playlistDetail(p), tracks };
  });
  route('catalog', '/new-hits-playlists/:id/tracks', (call) => {
    const { t, cat } = local(call);
    const p = found(cat.byId.newHits.get(call.id));
    return page(p.tracks, call.paging(MAX), call.link(undefined, { territory: t }), (tr) => call.shape.track(tr));
  });

  // New-release categories.
  route('catalog', '/new-release-categories', (call) => {
    const { t, cat } = local(call);
    return page(cat.newReleaseCategories, call.paging(MAX), call.link(undefined, { territory: t }), ({ id, title }) => ({ id, title }));
  });
  route('catalog', '/new-release-categories/:id', (call) => {
    const { t, cat } = local(call);
    const category = found(cat.byId.newReleaseCategories.get(call.id));
    const albums = page(category.albums, call.paging(MAX), call.link(`${call.path}/albums`, { territory: t }), (a) => call.shape.album(a));
    return { id: category.id, title: category.title, albums };
  });
  route('catalog', '/new-release-categories/:id/albums', (call) => {
    const { t, cat } = local(call);
    const category = found(cat.byId.newReleaseCategories.get(call.id));
    return page(category.albums, call.paging(MAX), call.link(undefined, { territory: t }), (a) => call.shape.album(a));
  });

  // Shared playlists belong to people, not to a territory: any valid territory reaches them.
  route('catalog', '/shared-playlists/:id', (call) => {
    const t = call.territory();
    const p = found(catalog.catalogFor(call.id)?.byId.sharedPlaylists.get(call.id));
    const tracks = page(p.tracks, call.paging(MAX), call.link(`${call.path}/tracks`, { territory: t }), (tr) => call.shape.track(tr));
    return { ...call.shape.playlistDetail(p), tracks };
  });
  route('catalog', '/shared-playlists/:id/tracks', (call) => {
    const t = call.territory();
    const p = found(catalog.catalogFor(call.id)?.byId.sharedPlaylists.get(call.id));
    return page(p.tracks, call.paging(MAX), call.link(undefined, { territory: t }), (tr) => call.shape.track(tr));
  });

  // Children categories: the detail pages its subcategories at the top level; playlist lists use integer updated_at.
  route('catalog', '/children-categories', (call) => {
    const { t, cat } = local(call);
    return page(cat.childrenCategories, call.paging(MAX), call.link(undefined, { territory: t }), (cc) => call.shape.childrenCategory(cc));
  });
  route('catalog', '/children-categories/:id', (call) => {
    const { t, cat } = local(call);
    const category = found(cat.byId.childrenCategories.get(call.id));
    const subs = page(category.subcategories, call.paging(MAX), call.link(undefined, { territory: t }), (cc) => call.shape.childrenCategory(cc));
    return { ...call.shape.childrenCategory(category), subcategories: subs.data, paging: subs.paging, summary: subs.summary };
  });
  route('catalog', '/children-categories/:id/playlists', (call) => {
    const { t, cat } = local(call);
    const category = found(cat.byId.childrenCategories.get(call.id));
    return page(category.playlists, call.paging(PAGE_LIMITS.playlists), call.link(undefined, { territory: t }), (p) =>
      call.shape.playlistItem(p, 'seconds'),
    );
  });

  // Stations: tracks come in a new order on every call.
  route('catalog', '/genre-stations', (call) => {
    const { t, cat } = local(call);
    return page(cat.genreStations, call.paging(MAX), call.link(undefined, { territory: t }), ({ id, category, name }) => ({ id, category, name }));
  });
  route('catalog', '/genre-stations/:id', (call) => {
    const { t, cat } = local(call);
    const s = found(cat.byId.genreStations.get(call.id));
    const tracks = page(freshShuffle(s.tracks), call.paging(MAX), call.link(undefined, { territory: t }), (tr) => call.shape.track(tr));
    return { id: s.id, category: s.category, name: s.name, tracks };
  });
  route('catalog', '/mood-stations', (call) => {
    const { t, cat } = local(call);
    return page(cat.moodStations, call.paging(MAX), call.link(undefined, { territory: t }), (s) => ({
      id: s.id,
      name: s.name,
      images: call.shape.stationImages(s.id),
    }));
  });
  route('catalog', '/mood-stations/:id', (call) => {
    const { t, cat } = local(call);
    const s = found(cat.byId.moodStations.get(call.id));
    const tracks = page(freshShuffle(s.tracks), call.paging(MAX), call.link(undefined, { territory: t }), (tr) => call.shape.track(tr));
    return { id: s.id, name: s.name, images: call.shape.stationImages(s.id), tracks };
  });

  // Artists, albums and tracks are one catalog across territories: any valid territory reaches them.
  const artistOf = (call: Call) => found(catalog.catalogFor(call.id)?.byId.artists.get(call.id));
  const albumOf = (call: Call) => found(catalog.catalogFor(call.id)?.byId.albums.get(call.id));
  const trackOf = (call: Call) => found(catalog.catalogFor(call.id)?.byId.tracks.get(call.id));

  route('catalog', '/artists/:id', (call) => {
    call.territory();
    return call.shape.artist(artistOf(call));
  });
  route('catalog', '/artists/:id/albums', (call) => {
    const t = call.territory();
    const artist = artistOf(call);
    const albums = artist.albums.slice().sort((a, b) => b.sortKey - a.sortKey);
    return page(albums, call.paging(MAX), call.link(undefined, { territory: t }), (a) => call.shape.album(a));
  });
  route('catalog', '/artists/:id/top-tracks', (call) => {
    const t = call.territory();
    const artist = artistOf(call);
    return page(catalog.topTracks(artist), call.paging(MAX), call.link(undefined, { territory: t }), (tr) => call.shape.track(tr));
  });
  route('catalog', '/albums/:id', (call) => {
    call.territory();
    return call.shape.album(albumOf(call));
  });
  route('catalog', '/albums/:id/tracks', (call) => {
    const t = call.territory();
    const album = albumOf(call);
    return page(album.tracks, call.paging(MAX), call.link(undefined, { territory: t }), (tr) => call.shape.track(tr, { album: false }));
  });
  route('catalog', '/tracks/:id', (call) => {
    call.territory();
    return call.shape.track(trackOf(call));
  });
  route('catalog', '/tracks/:id/recommended-tracks', (call) => {
    const t = call.territory();
    const req = call.paging(PAGE_LIMITS.recommended);
    const seed = trackOf(call);
    const recommended = catalog.recommendations(seed) ?? refuse(FAIL.noSeed);
    return {
      seed_track: call.shape.track(seed, { album: false }),
      tracks: page(recommended, req, call.link(undefined, { territory: t }), (tr) => call.shape.track(tr, { isrc: true })),
    };
  });

  // Member endpoints: a member token is required; collections have an empty summary.
  const userOf = (call: Call) => {
    return found(catalog.catalogFor(call.id)?.byId.users.get(call.id));
  };
  const callerTerritory = (call: Call): Territory => found(demoProfile(memberOf(call.grant))).territory;
  const libraryOf = (id: string) => found(catalog.library(id));

  route('member', '/users/:id', (call) => call.shape.user(userOf(call)));
  route('member', '/users/:id/album-collection', (call) => {
    const user = userOf(call);
    const t = call.territoryOr(callerTerritory(call));
    const albums = libraryOf(user.id).albums.filter((a) => a.territories.includes(t));
    return page(albums, call.paging(MAX), call.link(undefined, { territory: t }), (a) => call.shape.album(a), false);
  });
  route('member', '/users/:id/playlist-collection', (call) => {
    const user = userOf(call);
    const t = call.territoryOr(callerTerritory(call));
    const { playlists } = libraryOf(user.id);
    return page(playlists, call.paging(PAGE_LIMITS.playlists), call.link(undefined, { territory: t }), (p) => call.shape.playlistItem(p), false);
  });
  route('member', '/users/:id/shared-playlists', (call) => {
    const user = userOf(call);
    const { sharedPlaylists } = libraryOf(user.id);
    return page(sharedPlaylists, call.paging(PAGE_LIMITS.playlists), call.link(), (p) => call.shape.playlistItem(p), false);
  });
  route('member', '/me', (call) => {
    const me = found(catalog.catalogFor(memberOf(call.grant))?.byId.users.get(memberOf(call.grant)));
    return call.shape.user(me, true);
  });
  const favoriteTracks = (memberId: string): TrackRec[] => {
    const added = favorites
      .ids(memberId)
      .map((id) => catalog.catalogFor(id)?.byId.tracks.get(id))
      .filter((t): t is TrackRec => t !== undefined);
    const addedIds = new Set(added.map((t) => t.id));
    return [...added, ...libraryOf(memberId).favorites.filter((t) => !addedIds.has(t.id))];
  };
  route('member', '/me/favorite', (call) => {
    const memberId = memberOf(call.grant);
    return page(favoriteTracks(memberId), call.paging(MAX), call.link(), (tr) => call.shape.track(tr), false);
  });
  route(
    'member',
    '/me/favorite',
    async (call) => {
      const memberId = memberOf(call.grant);
      const trackId = (await readTrackId(call.c)) ?? refuse(FAIL.invalidRequest);
      const track = found(catalog.catalogFor(trackId)?.byId.tracks.get(trackId));
      const already = favoriteTracks(memberId).some((t) => t.id === track.id);
      if (!already) favorites.add(memberId, track.id);
      const result: FavoriteResult = { track_id: track.id, favorite: true, created: !already };
      return result;
    },
    'post',
  );

  // Paths and methods not listed here fall through to the app's JSON 404 and 405 (http/guards.ts).
  app.route(API, api);
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function isCreated(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'created' in body && body.created === true;
}

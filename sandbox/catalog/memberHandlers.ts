/** The member endpoints' handlers (a member token is required): users, their collections, /me and its favorites. */
import { PAGE_LIMITS, type FavoriteResult } from '../../shared/service/catalog';
import type { Territory } from '../../shared/territory';
import type { TrackRec } from '../data/catalog';
import { demoProfile } from '../data/members';
import { readFormBody } from '../http/forms';
import { found, memberOf, refuse, type Call } from './call';
import { FAIL } from './errors';
import { page } from './paging';

const MAX = PAGE_LIMITS.default;

const userOf = (call: Call) => found(call.catalog.catalogFor(call.id)?.byId.users.get(call.id));
const callerTerritory = (call: Call): Territory => found(demoProfile(memberOf(call.grant))).territory;
const libraryOf = (call: Call, id: string) => found(call.catalog.library(id));

/** GET /users/:id. */
export function userDetail(call: Call): unknown {
  return call.shape.user(userOf(call));
}

/** GET /users/:id/album-collection: the albums of the territory asked for (else the caller's), summary empty. */
export function albumCollection(call: Call): unknown {
  const user = userOf(call);
  const t = call.territoryOr(callerTerritory(call));
  const albums = libraryOf(call, user.id).albums.filter((a) => a.territories.includes(t));
  return page(albums, call.paging(MAX), call.link(undefined, { territory: t }), (a) => call.shape.album(a), false);
}

/** GET /users/:id/playlist-collection, summary empty. */
export function playlistCollection(call: Call): unknown {
  const user = userOf(call);
  const t = call.territoryOr(callerTerritory(call));
  const { playlists } = libraryOf(call, user.id);
  return page(playlists, call.paging(PAGE_LIMITS.playlists), call.link(undefined, { territory: t }), (p) => call.shape.playlistItem(p), false);
}

/** GET /users/:id/shared-playlists, summary empty. */
export function sharedPlaylists(call: Call): unknown {
  const user = userOf(call);
  const { sharedPlaylists: shared } = libraryOf(call, user.id);
  return page(shared, call.paging(PAGE_LIMITS.playlists), call.link(), (p) => call.shape.playlistItem(p), false);
}

/** GET /me: the caller, with the fields only they see. */
export function me(call: Call): unknown {
  const self = found(call.catalog.catalogFor(memberOf(call.grant))?.byId.users.get(memberOf(call.grant)));
  return call.shape.user(self, true);
}

/** The member's favorites: those added here first (newest first), then the library's own. */
function favoriteTracks(call: Call, memberId: string): TrackRec[] {
  const added = call.favorites
    .ids(memberId)
    .map((id) => call.catalog.catalogFor(id)?.byId.tracks.get(id))
    .filter((t): t is TrackRec => t !== undefined);
  const addedIds = new Set(added.map((t) => t.id));
  return [...added, ...libraryOf(call, memberId).favorites.filter((t) => !addedIds.has(t.id))];
}

/** GET /me/favorite, summary empty. */
export function favoriteList(call: Call): unknown {
  const memberId = memberOf(call.grant);
  return page(favoriteTracks(call, memberId), call.paging(MAX), call.link(), (tr) => call.shape.track(tr), false);
}

/** POST /me/favorite: adds the track (201 when it was not a favorite yet). */
export async function addFavorite(call: Call): Promise<FavoriteResult> {
  const memberId = memberOf(call.grant);
  const trackId = (await readTrackId(call)) ?? refuse(FAIL.invalidRequest);
  const track = found(call.catalog.catalogFor(trackId)?.byId.tracks.get(trackId));
  const already = favoriteTracks(call, memberId).some((t) => t.id === track.id);
  if (!already) call.favorites.add(memberId, track.id);
  return { track_id: track.id, favorite: true, created: !already };
}

/** The body's track_id, JSON or form; undefined when there is none or the body does not parse. */
async function readTrackId({ c }: Call): Promise<string | undefined> {
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

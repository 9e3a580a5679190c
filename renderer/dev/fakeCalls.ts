/**
 * The fake bridge's calls, by what they serve: signing in and the household, the catalog's rows and details,
 * favourites, and the settings and the shell. Each group works on the one FakeContext the bridge holds.
 */
import type {
  AppState,
  BridgeEvent,
  BridgeMethod,
  DetailRef,
  DetailView,
  FavoriteState,
  Result,
  RowId,
  RowView,
  TileView,
  TrackView,
  TunewallBridge,
  UiError,
} from '../../shared/bridge';
import { TERRITORIES } from '../../shared/territory';
import type { FakeCall, FakeOptions } from './fakeBridge';
import { favoriteTracksOf, makeDetail, makeTiles, makeTracks, memberFor, rowTiles, stationImages, trackTile } from './fakeData';
import { detailWithoutExplicit, pageWithoutExplicit, rowWithoutExplicit } from './fakeExplicit';
import type { householdCalls } from './fakeHousehold';
import { pairingAuth, qrMatrix } from './fakeState';

/** What every call of the fake reads and changes. */
export interface FakeContext {
  options: FakeOptions;
  now: () => number;
  calls: FakeCall[];
  listeners: Set<(event: BridgeEvent) => void>;
  state(): AppState;
  setState(patch: Partial<AppState>): void;
  emit(event: BridgeEvent): void;
  /** Rows whose next `loadRow` answers this error. */
  failing: Map<RowId, UiError>;
  /** Methods whose next call answers this error. */
  failingNext: Map<BridgeMethod, UiError>;
  /** Held answers: every row's (`all`) and one row's. */
  holds: { all: Promise<void> | undefined; rows: Map<RowId, Promise<void>> };
  /** How many details were asked for: each shuffles its station anew. */
  shuffles: { count: number };
  /** Tracks added with addFavorite, newest first, per member. */
  added: Map<string, TrackView[]>;
  /** Every track handed out, so "More like this" knows its seed as the screen that asked showed it. */
  tracksSeen: Map<string, TrackView>;
}

type Members = ReturnType<typeof householdCalls>;

const ROW_IDS: readonly RowId[] = [
  'favorites', 'charts', 'new-hits', 'mood-stations', 'genre-stations', 'new-releases', 'kids', 'collected-playlists', 'album-collection', 'shared-playlists',
];

/** The answer after the fake's latency, if any. */
async function answer<T>(ctx: FakeContext, value: T): Promise<T> {
  if (ctx.options.latencyMs) await new Promise((resolve) => setTimeout(resolve, ctx.options.latencyMs));
  return value;
}

function record(ctx: FakeContext, method: string, ...args: unknown[]): void {
  ctx.calls.push({ method, args });
}

/** The error `fail(method)` asked for, once. */
function failure(ctx: FakeContext, method: BridgeMethod): { ok: false; error: UiError } | undefined {
  const error = ctx.failingNext.get(method);
  if (error === undefined) return undefined;
  ctx.failingNext.delete(method);
  return { ok: false, error };
}

function seen<T extends TrackView>(ctx: FakeContext, tracks: readonly T[]): void {
  for (const track of tracks) ctx.tracksSeen.set(track.id, track);
}

/** The tracks a member added here, newest first. */
export function addedBy(ctx: FakeContext, member: string): TrackView[] {
  const list = ctx.added.get(member) ?? [];
  ctx.added.set(member, list);
  return list;
}

const hiding = (ctx: FakeContext): boolean => ctx.state().household.explicit === 'hide';

/** A tile's title as its row showed it, so a detail opens under the name the viewer chose. */
function titleOf(ctx: FakeContext, ref: DetailRef): string {
  for (const id of ROW_IDS) {
    const found = rowTiles(id, ctx.state().territory).find((t) => t.ref?.id === ref.id);
    if (found) return found.title;
  }
  return ref.id;
}

/** A row's tiles; favourites are the one on screen's, those added here first. */
export function tilesOf(ctx: FakeContext, id: RowId): TileView[] {
  const state = ctx.state();
  if (ctx.options.emptyRows?.includes(id)) return [];
  if (id !== 'favorites') return rowTiles(id, state.territory);
  // A state set by a test without a household is the first member's, as before several could sign in.
  const active = state.household.active ?? 'member-1';
  const tiles = favoriteTracksOf(active, state.territory).map(trackTile);
  const mine = addedBy(ctx, active);
  const ids = new Set(mine.map((t) => t.id));
  return [...mine.map(trackTile), ...tiles.filter((t) => !ids.has(t.key))];
}

/** A detail, or the error the core gives for one of another territory or one the service does not know. */
function detailOf(ctx: FakeContext, ref: DetailRef): Result<DetailView> {
  const state = ctx.state();
  const made = makeDetail(ref, state.territory, titleOf(ctx, ref), ctx.shuffles.count, ctx.tracksSeen.get(ref.id));
  if (made.ok) return made;
  if (made.reason === 'territory') {
    return {
      ok: false,
      error: { kind: 'territory', message: `Not available in ${state.territory}.`, retryable: false, messageKey: 'notAvailableIn', params: { territory: state.territory } },
    };
  }
  return { ok: false, error: { kind: 'not-found', message: 'The music service does not know this item.', retryable: false } };
}

/** Signing in, the guest, and the household's calls. */
export function signInCalls(ctx: FakeContext, members: Members): Pick<
  TunewallBridge,
  | 'getState' | 'startPairing' | 'browseAsGuest' | 'signOut' | 'chooseProfile' | 'addMember' | 'cancelAddMember' | 'signOutMember'
  | 'setChild' | 'setPin' | 'setExplicit' | 'setSkipChooser'
> {
  return {
    async getState() {
      record(ctx, 'getState');
      return answer(ctx, ctx.state());
    },
    async startPairing() {
      record(ctx, 'startPairing');
      ctx.setState({ auth: { status: 'requesting-code', attempt: 1 } });
      ctx.setState({ auth: pairingAuth(ctx.now()) });
    },
    async browseAsGuest() {
      record(ctx, 'browseAsGuest');
      ctx.setState({ auth: { status: 'signed-in', mode: 'guest', member: undefined } });
      return { ok: true, value: undefined };
    },
    async signOut(given) {
      record(ctx, 'signOut', given);
      return answer(ctx, await members.signOut(given));
    },
    async chooseProfile(key, given) {
      record(ctx, 'chooseProfile', key, given);
      return answer(ctx, await members.chooseProfile(key, given));
    },
    async addMember(given) {
      record(ctx, 'addMember', given);
      return answer(ctx, await members.addMember(given));
    },
    async cancelAddMember() {
      record(ctx, 'cancelAddMember');
      await members.cancelAddMember();
    },
    async signOutMember(key, given) {
      record(ctx, 'signOutMember', key, given);
      return answer(ctx, await members.signOutMember(key, given));
    },
    async setChild(key, child, given) {
      record(ctx, 'setChild', key, child, given);
      return answer(ctx, await members.setChild(key, child, given));
    },
    async setPin(next, current) {
      record(ctx, 'setPin', next, current);
      return answer(ctx, await members.setPin(next, current));
    },
    async setExplicit(explicit) {
      record(ctx, 'setExplicit', explicit);
      return answer(ctx, await members.setExplicit(explicit));
    },
    async setSkipChooser(skip, given) {
      record(ctx, 'setSkipChooser', skip, given);
      return answer(ctx, await members.setSkipChooser(skip, given));
    },
  };
}

/** Home's rows, details and their pages of tracks and tiles, and station art; explicit tracks hidden as the core does. */
export function catalogCalls(ctx: FakeContext): Pick<TunewallBridge, 'loadRow' | 'getDetail' | 'getTracks' | 'getTiles' | 'stationArt'> {
  return {
    async loadRow(id) {
      record(ctx, 'loadRow', id);
      if (ctx.holds.all) await ctx.holds.all;
      const rowHold = ctx.holds.rows.get(id);
      if (rowHold) await rowHold;
      const error = ctx.failing.get(id);
      if (error !== undefined) {
        ctx.failing.delete(id);
        return answer<Result<RowView>>(ctx, { ok: false, error });
      }
      const row: RowView = { id, tiles: tilesOf(ctx, id), fetchedAt: ctx.now(), fromCache: false };
      const shown = hiding(ctx) ? rowWithoutExplicit(row) : row;
      seen(ctx, shown.tiles.flatMap((t) => (t.track === undefined ? [] : [t.track])));
      return answer<Result<RowView>>(ctx, { ok: true, value: shown });
    },
    async getDetail(ref) {
      record(ctx, 'getDetail', ref);
      ctx.shuffles.count++;
      const failed = failure(ctx, 'getDetail');
      if (failed) return answer(ctx, failed);
      const made = detailOf(ctx, ref);
      const result = made.ok && hiding(ctx)
        ? { ok: true as const, value: detailWithoutExplicit(made.value, (total) => makeTracks(ref, ctx.state().territory, 0, total, ctx.shuffles.count)) }
        : made;
      if (result.ok && (result.value.layout === 'tracks' || result.value.layout === 'artist')) seen(ctx, result.value.tracks);
      return answer(ctx, result);
    },
    async getTracks(ref, offset, limit) {
      record(ctx, 'getTracks', ref, offset, limit);
      const failed = failure(ctx, 'getTracks');
      if (failed) return answer(ctx, failed);
      const detail = detailOf(ctx, ref);
      if (!detail.ok) return answer(ctx, detail);
      const total = detail.value.layout === 'tracks' || detail.value.layout === 'artist' ? detail.value.totalTracks : 0;
      if (hiding(ctx)) {
        const page = pageWithoutExplicit(makeTracks(ref, ctx.state().territory, 0, total, ctx.shuffles.count), offset, limit);
        seen(ctx, page.tracks);
        return answer(ctx, { ok: true, value: page });
      }
      const tracks = makeTracks(ref, ctx.state().territory, offset, limit, ctx.shuffles.count);
      seen(ctx, tracks);
      return answer(ctx, { ok: true, value: { offset, total, tracks } });
    },
    async getTiles(ref, offset, limit) {
      record(ctx, 'getTiles', ref, offset, limit);
      const failed = failure(ctx, 'getTiles');
      if (failed) return answer(ctx, failed);
      return answer(ctx, { ok: true, value: makeTiles(ref, ctx.state().territory, offset, limit) });
    },
    async stationArt(stationId) {
      record(ctx, 'stationArt', stationId);
      const failed = failure(ctx, 'stationArt');
      if (failed) return answer(ctx, failed);
      return answer(ctx, { ok: true, value: stationImages(stationId, ctx.state().territory) });
    },
  };
}

/** Whether a track is a favourite of the one on screen; the guest and nobody keep none. */
function favoriteOf(ctx: FakeContext, trackId: string): FavoriteState {
  const { auth } = ctx.state();
  if (auth.status !== 'signed-in' || auth.mode !== 'member') return 'members-only';
  return tilesOf(ctx, 'favorites').some((t) => t.track?.id === trackId) ? 'favorite' : 'not-favorite';
}

/** A track's favourite state, and adding one (the favourites row pushed again afterwards, as the core does). */
export function favoriteCalls(ctx: FakeContext): Pick<TunewallBridge, 'favoriteState' | 'addFavorite'> {
  return {
    async favoriteState(trackId) {
      record(ctx, 'favoriteState', trackId);
      const failed = failure(ctx, 'favoriteState');
      if (failed) return answer(ctx, failed);
      return answer(ctx, { ok: true, value: favoriteOf(ctx, trackId) });
    },
    async addFavorite(trackId) {
      record(ctx, 'addFavorite', trackId);
      const failed = failure(ctx, 'addFavorite');
      if (failed) return answer(ctx, failed);
      const before = favoriteOf(ctx, trackId);
      if (before === 'members-only') {
        return answer(ctx, { ok: false, error: { kind: 'auth', message: 'Sign in with your phone to keep favorites.', retryable: false, messageKey: 'favoriteNeedsMember' } });
      }
      const track = ctx.tracksSeen.get(trackId);
      if (before === 'not-favorite' && track !== undefined) {
        addedBy(ctx, ctx.state().household.active ?? 'member-1').unshift(track);
        // As the core does: the favourites row is pushed again once the service has it.
        setTimeout(() => ctx.emit({ type: 'row', row: { id: 'favorites', tiles: tilesOf(ctx, 'favorites'), fetchedAt: ctx.now(), fromCache: false } }), 0);
      }
      return answer(ctx, { ok: true, value: 'favorite' });
    },
  };
}

/** QR codes, the settings, speech, diagnostics and the event subscription. */
export function settingsCalls(ctx: FakeContext): Pick<
  TunewallBridge,
  'qrCode' | 'setTerritory' | 'setLanguage' | 'setVoiceGuidance' | 'speak' | 'stopSpeaking' | 'setDisplay' | 'diagnostics' | 'subscribe'
> {
  return {
    async qrCode(text) {
      record(ctx, 'qrCode', text);
      return answer(ctx, { ok: true, value: qrMatrix(text) });
    },
    async setTerritory(value) {
      record(ctx, 'setTerritory', value);
      if (!TERRITORIES.includes(value)) return { ok: false, error: { kind: 'territory', message: 'Unknown territory', retryable: false } };
      const { auth } = ctx.state();
      ctx.setState({ territory: value, auth: auth.status === 'signed-in' && auth.mode === 'member' ? { ...auth, member: memberFor(value) } : auth });
      return { ok: true, value: undefined };
    },
    async setLanguage(language) {
      record(ctx, 'setLanguage', language);
      ctx.setState({ language });
    },
    async setVoiceGuidance(enabled) {
      record(ctx, 'setVoiceGuidance', enabled);
      ctx.setState({ voiceGuidance: { ...ctx.state().voiceGuidance, enabled } });
    },
    async speak(request) {
      record(ctx, 'speak', request);
    },
    async stopSpeaking() {
      record(ctx, 'stopSpeaking');
    },
    async setDisplay(display) {
      record(ctx, 'setDisplay', display);
      ctx.setState({ display: { ...ctx.state().display, ...display } });
    },
    async diagnostics() {
      record(ctx, 'diagnostics');
      const state = ctx.state();
      return answer(ctx, {
        serviceReachable: state.network.online,
        latencyMs: state.network.online ? 42 : undefined,
        tokenValidUntil: state.auth.status === 'signed-in' ? new Date(ctx.now() + 3_600_000).toISOString() : undefined,
        signInRenews: state.auth.status === 'signed-in' ? true : undefined,
        apiOrigin: 'http://127.0.0.1:4780',
        sandbox: true,
      });
    },
    subscribe(listener) {
      ctx.listeners.add(listener);
      return () => ctx.listeners.delete(listener);
    },
  };
}

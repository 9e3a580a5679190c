/**
 * A scripted, in-memory bridge with realistic data: for renderer tests and screenshots while the core is built.
 * Dev only: the production entry never imports it.
 */
import QRCode from 'qrcode';
import type {
  AppState,
  AuthState,
  BridgeEvent,
  BridgeMethod,
  DetailRef,
  DetailView,
  FavoriteState,
  Language,
  QrMatrix,
  Result,
  RowId,
  RowView,
  ShellVoiceView,
  TileView,
  TrackView,
  TunewallBridge,
  UiError,
} from '../../shared/bridge';
import { detailWithoutExplicit, pageWithoutExplicit, rowWithoutExplicit } from './fakeExplicit';
import { TERRITORIES, type Territory } from '../../shared/territory';
import { favoriteTracksOf, makeDetail, makeTiles, makeTracks, memberFor, rowTiles, stationImages, trackTile } from './fakeData';
import { FAKE_PIN, householdCalls, initialHousehold, memberView, type HouseholdScenario } from './fakeHousehold';

/** espeak-ng's voices as a machine with every voice installed has them, with the readings that make hanzi and kanji readable. */
const ALL_SHELL_VOICES: ShellVoiceView[] = [
  { lang: 'en-US', engine: 'espeak-ng', voice: 'en-us', readings: undefined, available: true },
  { lang: 'zh-TW', engine: 'espeak-ng', voice: 'cmn-latn-pinyin', readings: 'pinyin-pro', available: true },
  { lang: 'zh-HK', engine: 'espeak-ng', voice: 'yue', readings: undefined, available: true },
  { lang: 'zh-SG', engine: 'espeak-ng', voice: 'cmn-latn-pinyin', readings: 'pinyin-pro', available: true },
  { lang: 'ja-JP', engine: 'espeak-ng', voice: 'ja', readings: 'kuromoji', available: true },
  { lang: 'ko-KR', engine: 'espeak-ng', voice: 'ko', readings: undefined, available: true },
];
/** The UI language each language of speech stands with, for a fake shell that has only some UI languages' voices. */
const VOICE_UI_LANGUAGE: Record<ShellVoiceView['lang'], Language | undefined> = {
  'en-US': 'en',
  'zh-TW': 'zh-Hant',
  'zh-HK': 'zh-Hant',
  'zh-SG': 'zh-Hant',
  'ja-JP': 'ja',
  'ko-KR': undefined,
};

function fakeShellVoices(languages: readonly Language[]): ShellVoiceView[] {
  return ALL_SHELL_VOICES.map((voice) => {
    const ui = VOICE_UI_LANGUAGE[voice.lang];
    return { ...voice, available: ui === undefined || languages.includes(ui) };
  });
}

export type FakeScenario =
  | 'pairing'
  | 'pairing-retrying'
  | 'denied'
  | 'expired'
  | 'signed-out'
  | 'sign-in-expired'
  | 'sign-in-interrupted'
  | 'requesting'
  | 'home'
  | 'guest'
  | 'offline'
  | 'row-error'
  | 'config'
  /** "Who's listening?": four members signed in (one without a picture, a child, one to pair again), nobody on screen. */
  | 'chooser'
  /** Adding a member from Home: the pairing of the new one. */
  | 'add-member'
  /** Pairing again a member whose sign-in ended. */
  | 'add-again'
  /** A child's profile on screen, a PIN set. */
  | 'child'
  /** Home of the first of four members (the others as in 'chooser'). */
  | 'household';

export const FAKE_SCENARIOS: readonly FakeScenario[] = [
  'pairing', 'pairing-retrying', 'denied', 'expired', 'signed-out', 'sign-in-expired', 'sign-in-interrupted', 'requesting', 'home', 'guest', 'offline', 'row-error', 'config', 'chooser', 'add-member',
  'add-again', 'child', 'household',
];

export interface FakeOptions {
  scenario?: FakeScenario;
  territory?: Territory;
  language?: AppState['language'];
  kiosk?: boolean;
  /** Kiosk idle time (default 120 s). */
  idleSeconds?: number;
  /** Configuration problems on any scenario (the 'config' scenario is Home with them). */
  configProblems?: boolean;
  /** Tokens under the kiosk shell's key file instead of in memory only. */
  keyFile?: boolean;
  now?: () => number;
  /** Delay of every answer, to see loading states. */
  latencyMs?: number;
  /** Rows that answer with no tiles (a member with no favourites yet). */
  emptyRows?: RowId[];
  /** Members signed in (default four; 'home' has one): six is the most one TV keeps. */
  members?: number;
  /** The household's PIN (default: '1234' on 'chooser' and 'child', none elsewhere). */
  pin?: string;
  /** Voice guidance on (default off); `shellLanguages`: what the shell can say (default: every language). */
  voiceGuidance?: boolean;
  shellLanguages?: AppState['voiceGuidance']['shellLanguages'];
  /** Explicit tracks for the one on screen (default shown); the fake hides them as the core does while `household.explicit` is 'hide'. */
  explicit?: 'show' | 'hide';
}

export interface FakeCall {
  method: string;
  args: unknown[];
}

export interface FakeBridge {
  bridge: TunewallBridge;
  calls: FakeCall[];
  state(): AppState;
  emit(event: BridgeEvent): void;
  setState(patch: Partial<AppState>): void;
  /** The next `loadRow(id)` answers this error. */
  failRow(id: RowId, error?: UiError): void;
  /** Holds every `loadRow` answer until `release()`, to see skeletons. */
  holdRows(): { release(): void };
  /** Holds the answers for one row only, so rows can answer out of screen order. */
  holdRow(id: RowId): { release(): void };
  /** The next call of `method` answers this error. */
  fail(method: BridgeMethod, error?: UiError): void;
  /** A phone approves the code on Add a member: the member is added (or signed in again) and put on screen. */
  approveAdding(name: string): void;
  callsOf(method: string): FakeCall[];
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  let bits = '';
  for (let i = 0; i < modules.data.length; i++) bits += modules.data[i] ? '1' : '0';
  return { size: modules.size, modules: bits };
}

const ROW_IDS: readonly RowId[] = [
  'favorites', 'charts', 'new-hits', 'mood-stations', 'genre-stations', 'new-releases', 'kids', 'collected-playlists', 'album-collection', 'shared-playlists',
];

const NETWORK_ERROR: UiError = {
  kind: 'network',
  message: 'Tunewall cannot reach the music service. Check the network connection.',
  messageKey: 'network',
  retryable: true,
};

function pairingAuth(now: number, poll: 'waiting' | 'retrying' = 'waiting'): Extract<AuthState, { status: 'pairing' }> {
  const verificationUrl = 'https://account.example.com/device';
  return {
    status: 'pairing',
    code: {
      userCode: 'WDJBMJHT',
      verificationUrl,
      shortVerificationUrl: 'https://exm.pl/d',
      qr: qrMatrix(`${verificationUrl}?user_code=WDJB-MJHT`),
      expiresAt: now + 9 * 60_000 + 41_000,
    },
    poll,
    retryAt: poll === 'retrying' ? now + 8_000 : undefined,
    renewals: 0,
  };
}

export function createFakeBridge(options: FakeOptions = {}): FakeBridge {
  const now = options.now ?? (() => Date.now());
  const scenario = options.scenario ?? 'home';
  const territory = options.territory ?? 'TW';
  const listeners = new Set<(event: BridgeEvent) => void>();
  const calls: FakeCall[] = [];
  const failing = new Map<RowId, UiError>();
  let held: Promise<void> | undefined;
  const heldRows = new Map<RowId, Promise<void>>();
  let shuffles = 0;
  const failingNext = new Map<BridgeMethod, UiError>();
  /** Tracks added with addFavorite, newest first, per member. */
  const added = new Map<string, TrackView[]>();
  const addedBy = (member: string): TrackView[] => {
    const list = added.get(member) ?? [];
    added.set(member, list);
    return list;
  };
  /** Every track handed out, so "More like this" knows its seed as the screen that asked showed it. */
  const tracksSeen = new Map<string, TrackView>();
  const seen = <T extends TrackView>(tracks: readonly T[]): void => {
    for (const track of tracks) tracksSeen.set(track.id, track);
  };
  const failure = (method: BridgeMethod): { ok: false; error: UiError } | undefined => {
    const error = failingNext.get(method);
    if (error === undefined) return undefined;
    failingNext.delete(method);
    return { ok: false, error };
  };

  const householdScenario: HouseholdScenario =
    scenario === 'guest' || scenario === 'chooser' || scenario === 'child' || scenario === 'household'
      ? scenario
      : scenario === 'add-member' || scenario === 'add-again'
        ? scenario
        : ['home', 'offline', 'row-error', 'config'].includes(scenario)
          ? 'signed-in'
          : 'nobody';
  const household = initialHousehold(householdScenario, territory, options.members);
  const pin = { value: options.pin ?? (scenario === 'chooser' || scenario === 'child' ? FAKE_PIN : undefined) };
  if (options.pin !== undefined) household.view.pinSet = true;

  const authFor = (): AuthState => {
    switch (scenario) {
      case 'pairing':
        return pairingAuth(now());
      case 'pairing-retrying':
        return pairingAuth(now(), 'retrying');
      case 'denied':
        return { status: 'denied', message: 'Sign-in was declined on the other device. Press OK to get a new code.', messageKey: 'denied' };
      case 'expired':
        return { status: 'expired', message: 'The sign-in code expired. Press OK to get a new one.', messageKey: 'codeExpired' };
      case 'signed-out':
        return {
          ...pairingAuth(now()),
          notice: { reason: 'signed-out', message: 'You were signed out by the music service. Scan the code to sign in again.' },
        };
      case 'sign-in-expired':
        return { ...pairingAuth(now()), notice: { reason: 'expired', message: 'Your sign-in expired. Scan the code to sign in again.' } };
      case 'sign-in-interrupted':
        return {
          ...pairingAuth(now()),
          notice: { reason: 'interrupted', message: 'Tunewall was interrupted while renewing your sign-in. Scan the code to sign in again.' },
        };
      case 'requesting':
        return { status: 'requesting-code', attempt: 1 };
      case 'guest':
        return { status: 'signed-in', mode: 'guest', member: undefined };
      case 'chooser':
        return { status: 'choosing' };
      case 'child': {
        const child = household.members.find((m) => m.child);
        return { status: 'signed-in', mode: 'member', member: child === undefined ? undefined : memberView(child, territory) };
      }
      default:
        return { status: 'signed-in', mode: 'member', member: memberFor(territory) };
    }
  };

  let state: AppState = {
    auth: authFor(),
    configProblems:
      scenario === 'config' || options.configProblems === true
        ? [
            {
              key: 'TUNEWALL_API_URL',
              message: 'is not a URL; using the default.',
              fix: 'Give the catalog API address as https://host, without /v1.1 (http:// only for this machine).',
              messageKey: 'config.notUrl',
              fixKey: 'configFix.apiUrl',
              params: { context: 'default' },
            },
            {
              key: 'TUNEWALL_TERRITORY',
              message: 'is not one of the accepted values; using the default.',
              fix: 'Use one of TW, HK, SG, MY, JP.',
              messageKey: 'config.notAccepted',
              fixKey: 'configFix.territory',
              params: { context: 'default', territories: 'TW, HK, SG, MY, JP' },
            },
          ]
        : [],
    network: scenario === 'offline' ? { online: false, retryAt: now() + 12_000 } : { online: true, retryAt: undefined },
    storage: options.keyFile === true ? {
      protection: 'key-file',
      reason: undefined,
      params: { path: '/run/credentials/tunewall.service/tunewall-vault-key' },
    } : {
      protection: 'memory',
      reason: 'This system has no keyring to protect the sign-in, so Tunewall keeps it in memory only and you sign in again after each restart. To keep it across restarts with weaker protection, set the storage policy to allow-weak (TUNEWALL_STORAGE_POLICY=allow-weak or --storage-policy=allow-weak).',
      reasonKey: 'storage.noKeyring',
    },
    territory,
    language: options.language ?? 'auto',
    display: { textSize: 100, highContrast: false },
    systemLocale: 'en-US',
    guestModeAvailable: true,
    sandbox: { approveUrl: 'http://192.168.1.20:4780/device' },
    kiosk: { enabled: options.kiosk ?? false, idleSeconds: options.idleSeconds ?? 120 },
    household: options.explicit === undefined ? household.view : { ...household.view, explicit: options.explicit },
    voiceGuidance: {
      enabled: options.voiceGuidance ?? false,
      shellEngine: 'espeak-ng',
      shellLanguages: options.shellLanguages ?? ['en', 'zh-Hant', 'ja'],
      shellVoices: fakeShellVoices(options.shellLanguages ?? ['en', 'zh-Hant', 'ja']),
    },
    version: '0.1.0',
  };
  if (scenario === 'row-error') failing.set('charts', NETWORK_ERROR);

  const emit = (event: BridgeEvent): void => {
    for (const listener of listeners) listener(event);
  };
  const setState = (patch: Partial<AppState>): void => {
    state = { ...state, ...patch };
    emit({ type: 'state', state });
  };
  const answer = async <T,>(value: T): Promise<T> => {
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    return value;
  };
  const record = (method: string, ...args: unknown[]): void => {
    calls.push({ method, args });
  };
  const titleOf = (ref: DetailRef): string => {
    for (const id of ROW_IDS) {
      const found = rowTiles(id, state.territory).find((t) => t.ref?.id === ref.id);
      if (found) return found.title;
    }
    return ref.id;
  };
  const hiding = (): boolean => state.household.explicit === 'hide';
  const tilesOf = (id: RowId): TileView[] => {
    if (options.emptyRows?.includes(id)) return [];
    if (id !== 'favorites') return rowTiles(id, state.territory);
    // A state set by a test without a household is the first member's, as before several could sign in.
    const active = state.household.active ?? 'member-1';
    const tiles = favoriteTracksOf(active, state.territory).map(trackTile);
    const mine = addedBy(active);
    const ids = new Set(mine.map((t) => t.id));
    return [...mine.map(trackTile), ...tiles.filter((t) => !ids.has(t.key))];
  };
  const detailOf = (ref: DetailRef): Result<DetailView> => {
    const made = makeDetail(ref, state.territory, titleOf(ref), shuffles, tracksSeen.get(ref.id));
    if (made.ok) return made;
    if (made.reason === 'territory') {
      return {
        ok: false,
        error: { kind: 'territory', message: `Not available in ${state.territory}.`, retryable: false, messageKey: 'notAvailableIn', params: { territory: state.territory } },
      };
    }
    return { ok: false, error: { kind: 'not-found', message: 'The music service does not know this item.', retryable: false } };
  };
  const favoriteOf = (trackId: string): FavoriteState => {
    if (state.auth.status !== 'signed-in' || state.auth.mode !== 'member') return 'members-only';
    return tilesOf('favorites').some((t) => t.track?.id === trackId) ? 'favorite' : 'not-favorite';
  };

  const members = householdCalls({ state: () => state, setState: (patch) => setState(patch), pairing: () => pairingAuth(now()) }, household.members, pin);
  if (scenario === 'add-member') void members.addMember();
  if (scenario === 'add-again') void members.chooseProfile(household.members.find((m) => m.needsPairing)?.key ?? '');

  const bridge: TunewallBridge = {
    async getState() {
      record('getState');
      return answer(state);
    },
    async startPairing() {
      record('startPairing');
      setState({ auth: { status: 'requesting-code', attempt: 1 } });
      setState({ auth: pairingAuth(now()) });
    },
    async browseAsGuest() {
      record('browseAsGuest');
      setState({ auth: { status: 'signed-in', mode: 'guest', member: undefined } });
      return { ok: true, value: undefined };
    },
    async signOut(given) {
      record('signOut', given);
      return answer(await members.signOut(given));
    },
    async chooseProfile(key, given) {
      record('chooseProfile', key, given);
      return answer(await members.chooseProfile(key, given));
    },
    async addMember(given) {
      record('addMember', given);
      return answer(await members.addMember(given));
    },
    async cancelAddMember() {
      record('cancelAddMember');
      await members.cancelAddMember();
    },
    async signOutMember(key, given) {
      record('signOutMember', key, given);
      return answer(await members.signOutMember(key, given));
    },
    async setChild(key, child, given) {
      record('setChild', key, child, given);
      return answer(await members.setChild(key, child, given));
    },
    async setPin(next, current) {
      record('setPin', next, current);
      return answer(await members.setPin(next, current));
    },
    async setExplicit(explicit) {
      record('setExplicit', explicit);
      return answer(await members.setExplicit(explicit));
    },
    async setSkipChooser(skip, given) {
      record('setSkipChooser', skip, given);
      return answer(await members.setSkipChooser(skip, given));
    },
    async loadRow(id) {
      record('loadRow', id);
      if (held) await held;
      const rowHold = heldRows.get(id);
      if (rowHold) await rowHold;
      const error = failing.get(id);
      if (error !== undefined) {
        failing.delete(id);
        return answer<Result<RowView>>({ ok: false, error });
      }
      const row: RowView = { id, tiles: tilesOf(id), fetchedAt: now(), fromCache: false };
      const shown = hiding() ? rowWithoutExplicit(row) : row;
      seen(shown.tiles.flatMap((t) => (t.track === undefined ? [] : [t.track])));
      return answer<Result<RowView>>({ ok: true, value: shown });
    },
    async getDetail(ref) {
      record('getDetail', ref);
      shuffles++;
      const failed = failure('getDetail');
      if (failed) return answer(failed);
      const made = detailOf(ref);
      const result = made.ok && hiding() ? { ok: true as const, value: detailWithoutExplicit(made.value, (total) => makeTracks(ref, state.territory, 0, total, shuffles)) } : made;
      if (result.ok && (result.value.layout === 'tracks' || result.value.layout === 'artist')) seen(result.value.tracks);
      return answer(result);
    },
    async getTracks(ref, offset, limit) {
      record('getTracks', ref, offset, limit);
      const failed = failure('getTracks');
      if (failed) return answer(failed);
      const detail = detailOf(ref);
      if (!detail.ok) return answer(detail);
      const total = detail.value.layout === 'tracks' || detail.value.layout === 'artist' ? detail.value.totalTracks : 0;
      if (hiding()) {
        const page = pageWithoutExplicit(makeTracks(ref, state.territory, 0, total, shuffles), offset, limit);
        seen(page.tracks);
        return answer({ ok: true, value: page });
      }
      const tracks = makeTracks(ref, state.territory, offset, limit, shuffles);
      seen(tracks);
      return answer({ ok: true, value: { offset, total, tracks } });
    },
    async getTiles(ref, offset, limit) {
      record('getTiles', ref, offset, limit);
      const failed = failure('getTiles');
      if (failed) return answer(failed);
      return answer({ ok: true, value: makeTiles(ref, state.territory, offset, limit) });
    },
    async stationArt(stationId) {
      record('stationArt', stationId);
      const failed = failure('stationArt');
      if (failed) return answer(failed);
      return answer({ ok: true, value: stationImages(stationId, state.territory) });
    },
    async favoriteState(trackId) {
      record('favoriteState', trackId);
      const failed = failure('favoriteState');
      if (failed) return answer(failed);
      return answer({ ok: true, value: favoriteOf(trackId) });
    },
    async addFavorite(trackId) {
      record('addFavorite', trackId);
      const failed = failure('addFavorite');
      if (failed) return answer(failed);
      const before = favoriteOf(trackId);
      if (before === 'members-only') {
        return answer({ ok: false, error: { kind: 'auth', message: 'Sign in with your phone to keep favorites.', retryable: false, messageKey: 'favoriteNeedsMember' } });
      }
      const track = tracksSeen.get(trackId);
      if (before === 'not-favorite' && track !== undefined) {
        addedBy(state.household.active ?? 'member-1').unshift(track);
        // As the core does: the favourites row is pushed again once the service has it.
        setTimeout(() => emit({ type: 'row', row: { id: 'favorites', tiles: tilesOf('favorites'), fetchedAt: now(), fromCache: false } }), 0);
      }
      return answer({ ok: true, value: 'favorite' });
    },
    async qrCode(text) {
      record('qrCode', text);
      return answer({ ok: true, value: qrMatrix(text) });
    },
    async setTerritory(value) {
      record('setTerritory', value);
      if (!TERRITORIES.includes(value)) return { ok: false, error: { kind: 'territory', message: 'Unknown territory', retryable: false } };
      const auth = state.auth.status === 'signed-in' && state.auth.mode === 'member'
        ? { ...state.auth, member: memberFor(value) }
        : state.auth;
      setState({ territory: value, auth });
      return { ok: true, value: undefined };
    },
    async setLanguage(language) {
      record('setLanguage', language);
      setState({ language });
    },
    async setVoiceGuidance(enabled) {
      record('setVoiceGuidance', enabled);
      setState({ voiceGuidance: { ...state.voiceGuidance, enabled } });
    },
    async speak(request) {
      record('speak', request);
    },
    async stopSpeaking() {
      record('stopSpeaking');
    },
    async setDisplay(display) {
      record('setDisplay', display);
      setState({ display: { ...state.display, ...display } });
    },
    async diagnostics() {
      record('diagnostics');
      return answer({
        serviceReachable: state.network.online,
        latencyMs: state.network.online ? 42 : undefined,
        tokenValidUntil: state.auth.status === 'signed-in' ? new Date(now() + 3_600_000).toISOString() : undefined,
        signInRenews: state.auth.status === 'signed-in' ? true : undefined,
        apiOrigin: 'http://127.0.0.1:4780',
        sandbox: true,
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  return {
    bridge,
    calls,
    state: () => state,
    emit,
    setState,
    failRow(id, error = NETWORK_ERROR) {
      failing.set(id, error);
    },
    holdRows() {
      let release = (): void => undefined;
      held = new Promise<void>((resolve) => {
        release = () => {
          held = undefined;
          resolve();
        };
      });
      return { release: () => release() };
    },
    holdRow(id) {
      let release = (): void => undefined;
      heldRows.set(
        id,
        new Promise<void>((resolve) => {
          release = () => {
            heldRows.delete(id);
            resolve();
          };
        }),
      );
      return { release: () => release() };
    },
    fail(method, error = NETWORK_ERROR) {
      failingNext.set(method, error);
    },
    approveAdding(name) {
      members.approveAdding(name);
    },
    callsOf(method) {
      return calls.filter((c) => c.method === method);
    },
  };
}

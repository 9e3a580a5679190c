/**
 * The bridge: the only API the renderer has. Typed once here; the Electron preload (IPC) and the kiosk shell's HTTP
 * client both implement exactly `TunewallBridge`. It carries states and view data only: never a token, a client
 * secret or a raw service response.
 */
import type { Territory } from './territory';

/** An error as the UI shows it: what kind, words a person understands, and whether trying again can help. */
export interface UiError {
  kind: 'network' | 'server' | 'auth' | 'config' | 'not-found' | 'territory' | 'invalid-response' | 'denied' | 'unknown';
  /** In English: what a renderer shows when it has no translation for `messageKey`. */
  message: string;
  retryable: boolean;
  /** A key of the renderer's message catalog (`errors.<messageKey>`), translated with `params` into the UI language. */
  messageKey?: string | undefined;
  params?: Record<string, string | number> | undefined;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: UiError };

/** A QR code as its module matrix, so the renderer draws it crisp at any size. */
export interface QrMatrix {
  size: number;
  /** `size * size` characters, row by row: '1' a dark module, '0' a light one. */
  modules: string;
}

export interface ImageView {
  url: string;
  width: number;
  height: number;
}

export interface PairingCode {
  userCode: string;
  verificationUrl: string;
  shortVerificationUrl: string | undefined;
  qr: QrMatrix;
  /**
   * The same QR code as a PNG data URI from the service's QR generator, when one is configured and has answered;
   * the renderer shows it instead of drawing `qr`.
   */
  qrImage?: string | undefined;
  /** Epoch milliseconds at which this code stops working. */
  expiresAt: number;
}

/** Why pairing is shown again although nobody signed out here. */
export interface PairingNotice {
  /**
   * 'signed-out': the service refused the sign-in (revoked); 'expired': it ran out and could not be renewed;
   * 'interrupted': Tunewall stopped (a power cut, a kill) while renewing it, and the renewal was lost.
   */
  reason: 'signed-out' | 'expired' | 'interrupted';
  /** In English, for a renderer without a translation. */
  message: string;
}

export type AuthState =
  | { status: 'starting' }
  | {
      status: 'requesting-code';
      attempt: number;
      /** Why pairing is shown again; absent for an ordinary pairing. */
      notice?: PairingNotice;
    }
  | {
      status: 'pairing';
      /** As on 'requesting-code': kept until the member signs in or asks for a new code. */
      notice?: PairingNotice;
      code: PairingCode;
      /** `retrying`: the last poll failed (offline or the service is busy); polling goes on until the code expires. */
      poll: 'waiting' | 'retrying';
      retryAt: number | undefined;
      /** How many times a code has been renewed on its own since the person last pressed a key. */
      renewals: number;
    }
  /** `messageKey`: the message in the renderer's catalog (`errors.<messageKey>`); `message` is its English text. */
  | { status: 'denied'; message: string; messageKey?: string | undefined }
  /** Codes expired more times than are renewed unattended: waiting for a key press before asking for a new one. */
  | { status: 'expired'; message: string; messageKey?: string | undefined }
  | { status: 'error'; error: UiError }
  | { status: 'signed-in'; mode: 'member' | 'guest'; member: MemberView | undefined };

export interface MemberView {
  name: string;
  /** Every size of the member's picture (none when the service has none). */
  images: ImageView[];
  territory: Territory;
}

export type StorageProtection =
  /** Tokens are encrypted with a key held by the operating system's keyring. */
  | 'os-keyring'
  /** Tokens are encrypted (AES-256-GCM) with a key read from a file (kiosk shell): `storage.params.path`. */
  | 'key-file'
  /** Tokens are stored encrypted with a key that offers little protection on this system. */
  | 'weak'
  /** Tokens are kept in memory only: signing in is needed after each restart. */
  | 'memory';

export interface ConfigProblem {
  /** The offending key, as written in the config file, environment or flags. */
  key: string;
  /** What is wrong and what Tunewall does instead, in English; shown after the key, so it never repeats it. */
  message: string;
  /** How to fix it, in plain words (English). */
  fix: string;
  /** `message` and `fix` in the renderer's catalog (`errors.<messageKey>`, `errors.<fixKey>`), filled with `params`. */
  messageKey?: string | undefined;
  fixKey?: string | undefined;
  params?: Record<string, string | number> | undefined;
}

export type Language = 'en' | 'zh-Hant' | 'ja';
/**
 * The viewer's choice: a language, 'auto' (the system's language when Tunewall has it, else English) or 'territory'
 * (the language of the territory chosen in Settings).
 */
export type LanguageSetting = Language | 'auto' | 'territory';

/** Text size, in percent of the design's. */
export type TextSize = 100 | 125 | 150;
/** How the screen is drawn for low vision: set in Settings or in the configuration, kept by the main side. */
export interface DisplaySettings {
  textSize: TextSize;
  highContrast: boolean;
}

export interface AppState {
  auth: AuthState;
  /** Problems with the configuration; non-empty means the app runs on defaults where it could and says so. */
  configProblems: ConfigProblem[];
  network: { online: boolean; retryAt: number | undefined };
  /**
   * `reason`: why tokens are not (well) protected, in English; `reasonKey` names it in the renderer's catalog
   * (`errors.<reasonKey>`), filled with `params`, which also fill the protection's own sentence.
   */
  storage: {
    protection: StorageProtection;
    reason: string | undefined;
    reasonKey?: string | undefined;
    params?: Record<string, string | number> | undefined;
  };
  territory: Territory;
  language: LanguageSetting;
  display: DisplaySettings;
  systemLocale: string;
  guestModeAvailable: boolean;
  /** Present when the embedded sandbox is in use: where a person can approve a code. */
  sandbox: { approveUrl: string } | undefined;
  kiosk: { enabled: boolean; idleSeconds: number };
  voiceGuidance: VoiceGuidanceView;
  version: string;
}

/** Voice guidance: whether it is on, and what the shell can say when the page's own speech has no voices. */
export interface VoiceGuidanceView {
  enabled: boolean;
  /** The shell's speech engine (speech-dispatcher's spd-say or espeak-ng); undefined when the machine has none. */
  shellEngine: 'espeak-ng' | 'spd-say' | undefined;
  /** The UI languages the shell's engine has a voice for. */
  shellLanguages: Language[];
}

/** One thing to say, in a UI language. */
export interface SpeechRequest {
  text: string;
  language: Language;
  /** 'slow': a code read character by character. */
  rate: 'normal' | 'slow';
  /** 'interrupt' cuts off whatever is being said; 'queue' waits for it (a polite status). */
  mode: 'interrupt' | 'queue';
}

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
}

export interface RowView {
  id: RowId;
  tiles: TileView[];
  /** Epoch milliseconds of the data's fetch; older than now when painted from the cache. */
  fetchedAt: number;
  fromCache: boolean;
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
  /** Children's playlists only: how many explicit tracks were left out of `tracks` and `totalTracks`. */
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

export interface DiagnosticsView {
  serviceReachable: boolean;
  latencyMs: number | undefined;
  /** ISO 8601 time the access token stops working; never the token itself. */
  tokenValidUntil: string | undefined;
  /**
   * Whether the sign-in renews itself past `tokenValidUntil` (a refresh token, or guest access); false: a new sign-in
   * is needed then. Undefined when not signed in.
   */
  signInRenews?: boolean | undefined;
  apiOrigin: string;
  sandbox: boolean;
}

export type Intent = 'back';

/**
 * What the kiosk shell writes into index.html as a JSON data block, so a warm start paints Home without waiting for
 * a call: the same view data getState and loadRow answer with, never a token.
 */
/** The id of that data block in index.html. */
export const BOOT_ELEMENT_ID = 'tunewall-boot';

export interface BootView {
  state: AppState;
  /** The rows the cache holds for the signed-in account and territory, as loadRow would answer at once. */
  rows: RowView[];
  /**
   * When the shell drew the first screen into the page (epoch ms): the page's first render reads the clock as this,
   * so its markup is the shell's to the character (a countdown, the time of day) and React takes it over as it is.
   * Absent when the page came without markup.
   */
  renderedAt?: number;
}

export type BridgeEvent =
  | { type: 'state'; state: AppState }
  | { type: 'row'; row: RowView }
  | { type: 'intent'; intent: Intent };

export interface TunewallBridge {
  getState(): Promise<AppState>;
  /** Asks for a new device code (after a denial, an error or codes that expired unattended). */
  startPairing(): Promise<void>;
  browseAsGuest(): Promise<Result<void>>;
  signOut(): Promise<void>;
  /** A home row; painted from the cache when there is one, with a fresh copy pushed as a `row` event after. */
  loadRow(id: RowId): Promise<Result<RowView>>;
  getDetail(ref: DetailRef): Promise<Result<DetailView>>;
  /** Tracks of a detail (an artist's: their top tracks). */
  getTracks(ref: DetailRef, offset: number, limit: number): Promise<Result<TrackPageView>>;
  /** Tiles of a detail: an artist's or a new-release category's albums, a children category's playlists. */
  getTiles(ref: DetailRef, offset: number, limit: number): Promise<Result<TilePageView>>;
  /** Pictures for a genre station's tile (the album art of its first tracks, up to four); cached by the core. */
  stationArt(stationId: string): Promise<Result<ImageView[]>>;
  favoriteState(trackId: string): Promise<Result<FavoriteState>>;
  /** Adds the track to the member's favourites; the favourites row is pushed again as a `row` event. */
  addFavorite(trackId: string): Promise<Result<FavoriteState>>;
  qrCode(text: string): Promise<Result<QrMatrix>>;
  setTerritory(territory: Territory): Promise<Result<void>>;
  setLanguage(language: LanguageSetting): Promise<void>;
  setVoiceGuidance(enabled: boolean): Promise<void>;
  /** The shell says `request` aloud (the page has no voice of its own); answers at once, never when it is said. */
  speak(request: SpeechRequest): Promise<void>;
  /** Cuts off whatever the shell is saying, and what it was queued to say. */
  stopSpeaking(): Promise<void>;
  /** Changes the text size or the contrast (what is left out stays as it is). */
  setDisplay(display: Partial<DisplaySettings>): Promise<void>;
  diagnostics(): Promise<DiagnosticsView>;
  /** Subscribes to pushed events; returns the unsubscribe function. */
  subscribe(listener: (event: BridgeEvent) => void): () => void;
}

/** The request/response methods, the allow-list of both transports (IPC channels, kiosk HTTP routes). */
export const BRIDGE_METHODS = [
  'getState',
  'startPairing',
  'browseAsGuest',
  'signOut',
  'loadRow',
  'getDetail',
  'getTracks',
  'getTiles',
  'stationArt',
  'favoriteState',
  'addFavorite',
  'qrCode',
  'setTerritory',
  'setLanguage',
  'setVoiceGuidance',
  'speak',
  'stopSpeaking',
  'setDisplay',
  'diagnostics',
] as const satisfies readonly Exclude<keyof TunewallBridge, 'subscribe'>[];
export type BridgeMethod = (typeof BRIDGE_METHODS)[number];

/** The bridge as the main side implements it: every method, minus the transport's own `subscribe`. */
export type BridgeHandlers = Pick<TunewallBridge, BridgeMethod>;

/**
 * The bridge: the only API the renderer has. Typed once here; the Electron preload (IPC) and the kiosk shell's HTTP
 * client both implement exactly `TunewallBridge`. It carries states and view data only: never a token, a client
 * secret or a raw service response.
 */
import type { Territory } from './territory';

/** An error as the UI shows it: what kind, words a person understands, and whether trying again can help. */
export interface UiError {
  kind: 'network' | 'server' | 'auth' | 'config' | 'not-found' | 'territory' | 'invalid-response' | 'denied' | 'unknown';
  message: string;
  retryable: boolean;
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

export type AuthState =
  | { status: 'starting' }
  | {
      status: 'requesting-code';
      attempt: number;
      /** Why pairing is shown again, e.g. the service signed the member out; absent for an ordinary pairing. */
      notice?: string;
    }
  | {
      status: 'pairing';
      /** As on 'requesting-code': kept until the member signs in or asks for a new code. */
      notice?: string;
      code: PairingCode;
      /** `retrying`: the last poll failed (offline or the service is busy); polling goes on until the code expires. */
      poll: 'waiting' | 'retrying';
      retryAt: number | undefined;
      /** How many times a code has been renewed on its own since the person last pressed a key. */
      renewals: number;
    }
  | { status: 'denied'; message: string }
  /** Codes expired more times than are renewed unattended: waiting for a key press before asking for a new one. */
  | { status: 'expired'; message: string }
  | { status: 'error'; error: UiError }
  | { status: 'signed-in'; mode: 'member' | 'guest'; member: MemberView | undefined };

export interface MemberView {
  name: string;
  image: ImageView | undefined;
  territory: Territory;
}

export type StorageProtection =
  /** Tokens are encrypted with a key held by the operating system's keyring (or a sealed key file in the kiosk shell). */
  | 'os-keyring'
  /** Tokens are stored encrypted with a key that offers little protection on this system. */
  | 'weak'
  /** Tokens are kept in memory only: signing in is needed after each restart. */
  | 'memory';

export interface ConfigProblem {
  /** The offending key, as written in the config file, environment or flags. */
  key: string;
  message: string;
  /** How to fix it, in plain words. */
  fix: string;
}

export type Language = 'en' | 'zh-Hant' | 'ja';

export interface AppState {
  auth: AuthState;
  /** Problems with the configuration; non-empty means the app runs on defaults where it could and says so. */
  configProblems: ConfigProblem[];
  network: { online: boolean; retryAt: number | undefined };
  storage: { protection: StorageProtection; reason: string | undefined };
  territory: Territory;
  /** 'auto' follows the territory or the system locale. */
  language: Language | 'auto';
  systemLocale: string;
  guestModeAvailable: boolean;
  /** Present when the embedded sandbox is in use: where a person can approve a code. */
  sandbox: { approveUrl: string } | undefined;
  kiosk: { enabled: boolean; idleSeconds: number };
  version: string;
}

export type RowId = 'charts' | 'mood-stations' | 'genre-stations' | 'favorites' | 'collected-playlists';

export type DetailKind = 'chart' | 'mood-station' | 'genre-station' | 'playlist';

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
  /** Genre stations: their category, one home row per category. */
  group: string | undefined;
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
}

export interface DetailView {
  ref: DetailRef;
  title: string;
  description: string;
  owner: string | undefined;
  /** ISO 8601. */
  updatedAt: string | undefined;
  images: ImageView[];
  url: string | undefined;
  totalTracks: number;
  /** Stations: the service returns their tracks in a new random order each time. */
  shuffled: boolean;
  /** The first page of tracks. */
  tracks: TrackView[];
}

export interface TrackPageView {
  offset: number;
  total: number;
  tracks: TrackView[];
}

export interface DiagnosticsView {
  serviceReachable: boolean;
  latencyMs: number | undefined;
  /** ISO 8601 time the access token stops working; never the token itself. */
  tokenValidUntil: string | undefined;
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
  getTracks(ref: DetailRef, offset: number, limit: number): Promise<Result<TrackPageView>>;
  qrCode(text: string): Promise<Result<QrMatrix>>;
  setTerritory(territory: Territory): Promise<Result<void>>;
  setLanguage(language: Language | 'auto'): Promise<void>;
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
  'qrCode',
  'setTerritory',
  'setLanguage',
  'diagnostics',
] as const satisfies readonly Exclude<keyof TunewallBridge, 'subscribe'>[];
export type BridgeMethod = (typeof BRIDGE_METHODS)[number];

/** The bridge as the main side implements it: every method, minus the transport's own `subscribe`. */
export type BridgeHandlers = Pick<TunewallBridge, BridgeMethod>;

/**
 * The bridge: the only API the renderer has. Typed once here; the Electron preload (IPC) and the kiosk shell's HTTP
 * client both implement exactly `TunewallBridge`. It carries states and view data only: never a token, a client
 * secret or a raw service response.
 */
import type { RowId, DetailRef, RowView, DetailView, TrackPageView, TilePageView, FavoriteState } from './catalogViews';
import type { CompanionScreen, PairingOffer, PhoneView, SentItem, ShowOnTvTarget } from './companion';
import type { SpeechRequest, VoiceGuidanceView } from './speech';
import type { Territory } from './territory';

/** The catalog's view types travel over the bridge too; they live in catalogViews.ts, and speech's in speech.ts. */
export type * from './catalogViews';
export type * from './speech';

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
  /** Several members are signed in on this TV and nobody is on screen yet: "Who's listening?" (household.members). */
  | { status: 'choosing' }
  | { status: 'signed-in'; mode: 'member' | 'guest'; member: MemberView | undefined };

/** The pairing states, as the pairing screen (and Add a member) shows them. */
export type PairingAuthState = Exclude<AuthState, { status: 'signed-in' } | { status: 'choosing' }>;

export interface MemberView {
  name: string;
  /** Every size of the member's picture (none when the service has none). */
  images: ImageView[];
  territory: Territory;
}

/** Most members one TV keeps signed in (the guest comes on top). */
export const MAX_MEMBERS = 6;
/** The guest's key wherever a profile is named (choosing, marking a child). */
export const GUEST_KEY = 'guest';

/** A member signed in on this TV, as the chooser and Settings show them: never a token, never the service's id. */
export interface MemberSummary {
  /** Tunewall's own key for this member on this TV (opaque, stable across restarts). */
  key: string;
  /** Empty until the member's profile has arrived once. */
  name: string;
  images: ImageView[];
  /** A child's profile: explicit tracks hidden everywhere, leaving it or changing the mark asks for the PIN. */
  child: boolean;
  /** The service ended this member's sign-in: choosing them asks them alone to pair again. */
  needsPairing: boolean;
}

/** Adding a member (or pairing one whose sign-in ended) while the others stay signed in. */
export interface AddingMember {
  /** The member asked to pair again (`MemberSummary.key`); undefined for a new member. */
  again: string | undefined;
  /** The pairing, as the pairing screen shows it. */
  pairing: PairingAuthState;
}

/** Everyone who can be on screen on this TV, and who is. */
export interface HouseholdView {
  /** Members signed in here, in the order they were added (at most MAX_MEMBERS). */
  members: MemberSummary[];
  /** The guest, last in the chooser when guest mode is available. */
  guest: { available: boolean; child: boolean };
  /** On screen now: a member's key, GUEST_KEY, or undefined (nobody: pairing or the chooser). */
  active: string | undefined;
  /** The last one chosen: where the chooser puts focus first. */
  lastChosen: string | undefined;
  /** Start on the last chosen instead of the chooser (Settings, config `skipChooser`, TUNEWALL_SKIP_CHOOSER). */
  skipChooser: boolean;
  /** A PIN is set: leaving a child's profile, or changing a child mark, asks for it. */
  pinSet: boolean;
  /** Explicit tracks for the one on screen: always 'hide' for a child. */
  explicit: 'show' | 'hide';
  /** The pairing of a member being added; undefined when nobody is. */
  adding: AddingMember | undefined;
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
  /**
   * `home`: in a kiosk with a kiosk member configured, who idle mode puts back on screen (their key, or GUEST_KEY);
   * choosing them needs no PIN. Undefined when none is configured or nobody here has that name.
   */
  kiosk: { enabled: boolean; idleSeconds: number; home?: string | undefined };
  household: HouseholdView;
  voiceGuidance: VoiceGuidanceView;
  companion: CompanionView;
  version: string;
}

/** The phone companion, as Settings and "Use your phone" show it. */
export interface CompanionView {
  /** "Use your phone" is offered on this TV (the configuration does not turn it off; a kiosk has it off unless set). */
  available: boolean;
  /** The port for phones is open now. */
  listening: boolean;
  /** Every pairing needs the household's PIN (a child's profile always does). */
  pinRequired: boolean;
  /** The phones paired on this TV, every member's. */
  phones: PhoneView[];
}

/** A pairing offer as the TV draws it: the offer and its QR code's matrix (of `url`). */
export interface CompanionOfferView extends PairingOffer {
  qr: QrMatrix;
}

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

/** A key pressed outside the page: a remote's Back (Electron `app-command`), or a phone's remote pad. */
export type Intent = 'up' | 'down' | 'left' | 'right' | 'select' | 'back' | 'info';

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
  | { type: 'intent'; intent: Intent }
  /** A phone's "Show on TV": opened as if the remote had chosen it. */
  /** `title`: what the phone was shown it under, painted as the new screen's heading until the detail arrives. */
  | { type: 'showOnTv'; target: ShowOnTvTarget; title?: string | undefined };

export interface TunewallBridge {
  getState(): Promise<AppState>;
  /** Asks for a new device code (after a denial, an error or codes that expired unattended). */
  startPairing(): Promise<void>;
  browseAsGuest(): Promise<Result<void>>;
  /**
   * Signs the member on screen out (their tokens and rows only); the others stay signed in. While a child's profile is
   * on screen, whatever changes the household (this, adding a member, signing one out, a child mark) needs the PIN:
   * without it, or with a wrong one, an error of kind 'denied' (messageKey 'household.pinNeeded' / 'household.pinWrong').
   */
  signOut(pin?: string): Promise<Result<void>>;
  /**
   * Puts a member (their key) or the guest (GUEST_KEY) on screen. Leaving a child's profile needs the PIN: without it,
   * or with a wrong one, an error of kind 'denied' (messageKey 'household.pinNeeded' / 'household.pinWrong').
   */
  chooseProfile(key: string, pin?: string): Promise<Result<void>>;
  /**
   * Starts pairing one more member while everyone stays signed in (household.adding); an error past MAX_MEMBERS. Needs
   * the PIN while a child's profile is on screen.
   */
  addMember(pin?: string): Promise<Result<void>>;
  /** Stops adding a member (Back on Add a member). */
  cancelAddMember(): Promise<void>;
  /** Signs one member out (from Settings or the chooser): only their tokens and rows go. Needs the PIN while a child's profile is on screen. */
  signOutMember(key: string, pin?: string): Promise<Result<void>>;
  /** Marks a member or the guest as a child or not; needs the PIN when one is set, and a PIN set to mark a child. */
  setChild(key: string, child: boolean, pin?: string): Promise<Result<void>>;
  /** Sets the household's PIN (four digits); changing a set one needs `currentPin`. */
  setPin(pin: string, currentPin?: string): Promise<Result<void>>;
  /** Explicit tracks shown or hidden for the one on screen (a child's are always hidden). */
  setExplicit(explicit: 'show' | 'hide'): Promise<Result<void>>;
  /** Whether Tunewall starts on the last member; needs the PIN while a child's profile is on screen. */
  setSkipChooser(skip: boolean, pin?: string): Promise<Result<void>>;
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
  /**
   * "Use your phone": opens the port for phones when the configuration allows it, and answers a pairing offer for the
   * one on screen. Needs the PIN for a child's profile, or where every pairing does ('denied', 'household.pinNeeded').
   */
  companionOffer(pin?: string): Promise<Result<CompanionOfferView>>;
  /** The offer on the TV was closed: its code and QR code stop working. */
  companionCancelOffer(): Promise<void>;
  /** Ends a paired phone's access (Settings' Remove). */
  /** `pin`: the household's PIN, needed while a child's profile is on screen. */
  companionRemovePhone(id: string, pin?: string): Promise<Result<void>>;
  /** "Send to my phone": to the phones of the one on screen; answers how many were connected to receive it. */
  sendToPhone(item: SentItem): Promise<Result<number>>;
  /** What the TV shows now, told to the paired phones. */
  companionScreen(screen: CompanionScreen): Promise<void>;
  /** Subscribes to pushed events; returns the unsubscribe function. */
  subscribe(listener: (event: BridgeEvent) => void): () => void;
}

/** The request/response methods, the allow-list of both transports (IPC channels, kiosk HTTP routes). */
export const BRIDGE_METHODS = [
  'getState',
  'startPairing',
  'browseAsGuest',
  'signOut',
  'chooseProfile',
  'addMember',
  'cancelAddMember',
  'signOutMember',
  'setChild',
  'setPin',
  'setExplicit',
  'setSkipChooser',
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
  'companionOffer',
  'companionCancelOffer',
  'companionRemovePhone',
  'sendToPhone',
  'companionScreen',
] as const satisfies readonly Exclude<keyof TunewallBridge, 'subscribe'>[];
export type BridgeMethod = (typeof BRIDGE_METHODS)[number];

/** The bridge as the main side implements it: every method, minus the transport's own `subscribe`. */
export type BridgeHandlers = Pick<TunewallBridge, BridgeMethod>;

/**
 * The companion: a phone paired with the TV, served by the core on the LAN. What the phone page, the TV's screens and
 * the core say to each other about it, typed once. The phone reads the same view data the renderer gets from the
 * bridge (never a token, never a raw service answer) and sends intents; the TV pushes what it shows and what it sent
 * to the phone over one event stream. Types only: the phone page imports nothing that runs.
 */
import type { DetailRef, DetailView, FavoriteState, RowId, RowView, TilePageView, TrackPageView } from './catalogViews';
import type { ImageView, UiError } from './bridge';

/** The keys of the phone's remote pad: the remote's own, and "where am I" (voice guidance says the screen again). */
export type RemoteKey = 'up' | 'down' | 'left' | 'right' | 'ok' | 'back' | 'where-am-i';
export const REMOTE_KEYS = ['up', 'down', 'left', 'right', 'ok', 'back', 'where-am-i'] as const satisfies readonly RemoteKey[];

/** What "Show on TV" opens: a detail, or a track's panel (in the detail it was found in, when there was one). */
export type ShowOnTvTarget =
  | { kind: 'detail'; ref: DetailRef }
  | { kind: 'track'; trackId: string; in?: DetailRef | undefined };

/** What the TV shows, as the phone is told it. */
export interface CompanionScreen {
  kind: 'pairing' | 'chooser' | 'home' | 'detail' | 'settings' | 'other';
  /** The detail on screen. */
  ref?: DetailRef | undefined;
  title?: string | undefined;
  /**
   * 'member': the screen shows the on-screen member's own music (their favourites, a collection): phones of other
   * members are told only the screen's kind.
   */
  scope: 'public' | 'member';
}

/** What "Send to my phone" delivers: a track or a detail, with the service's link where the member plays it. */
export interface SentItem {
  kind: 'track' | 'detail';
  title: string;
  subtitle?: string | undefined;
  /** The service's page for it (TrackView.url, a detail's url). */
  url: string;
  ref?: DetailRef | undefined;
  trackId?: string | undefined;
  images: ImageView[];
}

/** The stream's events (SSE `event:` names), each with its JSON `data`. */
export type CompanionEvent =
  | { type: 'screen'; screen: CompanionScreen }
  | { type: 'sent'; item: SentItem; sentAt: number };

/** What the TV shows to pair a phone: the QR code's URL (with the one-time secret in its fragment) and a code to type. */
export interface PairingOffer {
  /** http://HOST:PORT/#s=SECRET: the secret never travels as part of a request's address. */
  url: string;
  /** The address to type by hand, without the secret (the page then asks for `code`). */
  address: string;
  /** Six digits. */
  code: string;
  /** Epoch milliseconds at which the secret and the code stop working. */
  expiresAt: number;
  /** The member (MemberSummary.key, or GUEST_KEY) a phone paired with this offer belongs to. */
  memberKey: string;
}

/** A paired phone, as Settings lists it: never its credential. */
export interface PhoneView {
  id: string;
  memberKey: string;
  /** From the phone's browser (its User-Agent): "Safari on iPhone". */
  name: string;
  pairedAt: number;
  lastSeen: number;
}

/** POST /api/pair: the QR code's secret, or the code typed by hand. */
export type PairRequest = { secret: string } | { code: string };
/** The answer to a pairing: the credential, sent back as `Authorization: Bearer` on every later request. */
export interface PairAnswer {
  credential: string;
  phone: PhoneView;
}

/** GET /api/home: the rows this phone may ask for, top to bottom, and whether its member is the one on screen. */
export interface CompanionHome {
  rows: RowId[];
  memberOnScreen: boolean;
}

/** Every failure the companion answers: `error` names it (read it, not the status); `ui` when a view had one. */
export interface CompanionError {
  error: string;
  ui?: UiError | undefined;
}

/** The answers of the API, by route, for the phone page's client. */
export interface CompanionAnswers {
  home: CompanionHome;
  row: RowView;
  detail: DetailView;
  tracks: TrackPageView;
  tiles: TilePageView;
  favorite: { favorite: FavoriteState };
  me: PhoneView;
}

/**
 * What the companion takes from the rest of the core, as small interfaces: the views the TV already answers the
 * renderer with, the intents a phone may send (show on TV, a remote key, a favourite), who is on screen, the PIN,
 * the store, the clock and the logger. No service client: the phone gets nothing the renderer would not (its pictures
 * come through the TV's artwork feature, as the renderer's do).
 */
import type { BridgeHandlers, FavoriteState, Result, UiError } from '../../../../shared/bridge';
import type { PhoneView, RemoteKey, ShowOnTvTarget } from '../../../../shared/companion';
import type { Clock, KeyValueStore, Logger } from '../../ports';

/** The TV's artwork feature (features/artwork): answers `/artwork/…` with the picture it names, fetched and kept. */
export interface CompanionArtwork {
  serve(request: Request): Promise<Response>;
}

/** The bridge's view handlers, answering for the one on screen (rows, details, their pages). */
export type CompanionViews = Pick<BridgeHandlers, 'loadRow' | 'getDetail' | 'getTracks' | 'getTiles'>;

export interface CompanionDeps {
  views: CompanionViews;
  /** Draws the pictures of those views; asked only for a path a view handed to a phone. */
  artwork: CompanionArtwork;
  /** A phone's "Show on TV": the renderer opens it as if the remote had chosen it. */
  showOnTv(target: ShowOnTvTarget, phone: PhoneView): void;
  /** A key of a phone's remote pad, handled as the remote's own. */
  remoteKey(key: RemoteKey, phone: PhoneView): void;
  /** Adds a track to `memberKey`'s favourites: the phone's member, whoever is on screen. */
  addFavorite(memberKey: string, trackId: string): Promise<Result<FavoriteState>>;
  /** Who is on screen: a member's key, GUEST_KEY, or undefined (pairing, the chooser). */
  memberOnScreen(): string | undefined;
  /** The one on screen is a child's profile: pairing a phone needs the PIN, and their Home leads with Kids. */
  childOnScreen(): boolean;
  /** The household's PIN: whether one is set, and why `pin` does not open it (undefined: it does). */
  pin: { isSet(): boolean; refused(pin: string | undefined): UiError | undefined };
  store: KeyValueStore;
  clock: Pick<Clock, 'now'>;
  logger: Logger;
  /** The phones or the pairing offer changed (paired, removed, used, burnt): the TV's state is pushed again. */
  changed?: () => void;
  /** This machine's addresses (default: every network interface's), for the Host allow-list and the QR code. */
  addresses?: () => string[];
}

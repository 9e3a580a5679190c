/**
 * The companion as a feature of the core: created by createAppCore, it opens the port for phones as the configuration
 * says (policy.ts), answers the TV's calls about phones (a pairing offer with its QR code, Remove, Send to my phone,
 * what the screen shows), turns a phone's Show on TV and remote keys into events the renderer handles as the remote's,
 * and forgets a member's phones when they sign out.
 */
import { GUEST_KEY, type BridgeEvent, type BridgeHandlers, type CompanionView, type Intent, type Result } from '../../../../shared/bridge';
import { CompanionScreenSchema, PhoneIdSchema, SentItemSchema } from '../../../../shared/bridgeArgs';
import type { CompanionScreen, RemoteKey, ShowOnTvTarget } from '../../../../shared/companion';
import type { AuthSession } from '../../auth/session';
import type { TunewallConfig } from '../../config/config';
import type { Clock, KeyValueStore, Logger } from '../../ports';
import { qrMatrix } from '../../qr';
import type { Household } from '../household/household';
import { badArgument } from '../results';
import type { TrackActions } from '../trackActions/trackActions';
import { createCompanion, type CompanionArtwork, type CompanionDeps, type CompanionOptions, type CompanionViews } from './companion';
import { companionErrors } from './errors';
import { companionPolicy } from './policy';
import { shownTitles, type ShownTitles } from './titles';

export type CompanionHandlers = Pick<
  BridgeHandlers,
  'companionOffer' | 'companionCancelOffer' | 'companionRemovePhone' | 'sendToPhone' | 'companionScreen'
>;

export interface CompanionFeatureDeps {
  config: Pick<TunewallConfig, 'companion' | 'companionHost' | 'companionPort' | 'kiosk'>;
  views: CompanionViews;
  /** The TV’s pictures (features/artwork), drawn for a phone once a view has shown one to a phone. */
  artwork: CompanionArtwork;
  household: Pick<Household, 'onScreen' | 'childOnScreen' | 'pins'>;
  session: Pick<AuthSession, 'onMemberRemoved' | 'onGuestLeft'> | undefined;
  /** Its addFavorite adds for the one on screen: the only member the core can add one for. */
  trackActions: { handlers: Pick<TrackActions['handlers'], 'addFavorite'> };
  /** Pushes an event to the renderer (Show on TV, a remote key). */
  emit: (event: BridgeEvent) => void;
  store: KeyValueStore;
  clock: Pick<Clock, 'now'>;
  logger: Logger;
  /** The companion's part of the state changed (listening, phones): the state is pushed again. */
  changed: () => void;
  /** This machine's addresses and the server's limits (tests). */
  addresses?: () => string[];
  options?: Pick<CompanionOptions, 'limits' | 'keepAliveSeconds' | 'page'>;
}

export interface CompanionFeature {
  handlers: CompanionHandlers;
  /** AppState.companion. */
  view(): CompanionView;
  /** Where the port is open now, if it is. */
  listening(): { host: string; port: number } | undefined;
  /** Closes the port and the phones' streams (the phones stay paired). */
  dispose(): Promise<void>;
}

/** A phone's remote pad as the remote's own intents; "where am I" is the remote's Info (voice guidance says it again). */
export const REMOTE_INTENTS: Readonly<Record<RemoteKey, Intent>> = {
  up: 'up',
  down: 'down',
  left: 'left',
  right: 'right',
  ok: 'select',
  back: 'back',
  'where-am-i': 'info',
};

const OK: Result<void> = { ok: true, value: undefined };

/**
 * A detail on the TV reported without its title (opened before its title was known): the phones are told the one it
 * was shown to them under, else the one the catalog gives it.
 */
async function withTitle(views: CompanionViews, titles: ShownTitles, screen: CompanionScreen): Promise<CompanionScreen> {
  if (screen.kind !== 'detail' || screen.ref === undefined || (screen.title ?? '') !== '') return screen;
  const shown = titles.titleOf(screen.ref);
  if (shown !== undefined) return { ...screen, title: shown };
  const detail = await views.getDetail(screen.ref);
  return detail.ok ? { ...screen, title: detail.value.title } : screen;
}

/** Show on TV, with the title the phone was shown it under: the TV paints the new screen's heading at once. */
function showOnTvEvent(titles: ShownTitles, target: ShowOnTvTarget): BridgeEvent {
  const ref = target.kind === 'detail' ? target.ref : target.in;
  const title = ref === undefined ? undefined : titles.titleOf(ref);
  return title === undefined ? { type: 'showOnTv', target } : { type: 'showOnTv', target, title };
}

/** What the companion takes from the core: the views (remembering titles), intents as events, who is on screen. */
function companionDeps(deps: CompanionFeatureDeps, titles: ShownTitles): CompanionDeps {
  const { household } = deps;
  return {
    views: titles.views,
    artwork: deps.artwork,
    showOnTv: (target) => deps.emit(showOnTvEvent(titles, target)),
    remoteKey: (key) => deps.emit({ type: 'intent', intent: REMOTE_INTENTS[key] }),
    // The catalog adds favourites for the one on screen only: a phone of someone else is refused, never served as them.
    addFavorite: async (memberKey, trackId) =>
      household.onScreen() === memberKey ? deps.trackActions.handlers.addFavorite(trackId) : { ok: false, error: companionErrors.notOnScreen() },
    memberOnScreen: () => household.onScreen(),
    childOnScreen: () => household.childOnScreen(),
    pin: { isSet: () => household.pins.pinSet(), refused: (pin) => household.pins.pinRefused(pin) },
    store: deps.store,
    clock: deps.clock,
    logger: deps.logger,
    changed: deps.changed,
    ...(deps.addresses === undefined ? {} : { addresses: deps.addresses }),
  };
}

export function createCompanionFeature(deps: CompanionFeatureDeps): CompanionFeature {
  const { household, logger } = deps;
  const policy = companionPolicy(deps.config);
  const titles = shownTitles(deps.views);
  const companion = createCompanion(companionDeps(deps, titles), { ...deps.options, pinRequired: policy.pinRequired });
  let starting: Promise<Result<void>> | undefined;
  let disposed = false;

  deps.session?.onMemberRemoved((key) => companion.removePhonesOf(key));
  // A guest's phone is that guest's alone: it goes with them, never left in the hands of whoever comes next.
  deps.session?.onGuestLeft(() => companion.removePhonesOf(GUEST_KEY));

  let reported = 0;

  /** Opens the port (once, whoever asks meanwhile shares the attempt). */
  function listen(): Promise<Result<void>> {
    if (companion.listening() !== undefined) return Promise.resolve(OK);
    starting ??= companion
      .start({ host: policy.host, port: policy.port })
      .then(
        async (): Promise<Result<void>> => {
          if (disposed) await companion.stop();
          deps.changed();
          return OK;
        },
        (error: unknown): Result<void> => {
          logger.warn('companion: the port for phones could not be opened', { host: policy.host, port: policy.port, error: String(error) });
          return { ok: false, error: companionErrors.cannotListen() };
        },
      )
      .finally(() => {
        starting = undefined;
      });
    return starting;
  }

  // Someone has asked before when phones are paired here: they find the TV again after a restart.
  if (policy.available && (policy.listenAtStart || companion.phones().length > 0)) void listen();

  const handlers: CompanionHandlers = {
    companionOffer: async (pin) => {
      if (!policy.available) return { ok: false, error: companionErrors.off() };
      // Refused before the port opens: a child without the PIN opens nothing.
      const refused = companion.refusal(pin);
      if (refused !== undefined) return { ok: false, error: refused };
      const listening = await listen();
      if (!listening.ok) return listening;
      const offer = companion.pairingOffer(pin);
      if (!offer.ok) return offer;
      // Drawn here, never by the service's QR generator (features/pairing): the URL holds the one-time secret.
      return { ok: true, value: { ...offer.value, qr: qrMatrix(offer.value.url) } };
    },
    companionCancelOffer: async () => companion.cancelOffer(),
    companionRemovePhone: async (id, pin) => {
      if (!PhoneIdSchema.safeParse(id).success) return badArgument('phone');
      // A child's profile removes a phone (anyone's) only with the household's PIN, as it signs no one out without it.
      const refused = household.childOnScreen() ? household.pins.pinRefused(pin) : undefined;
      if (refused !== undefined) return { ok: false, error: refused };
      return companion.removePhone(id) ? OK : { ok: false, error: companionErrors.noSuchPhone() };
    },
    sendToPhone: async (item) => {
      const parsed = SentItemSchema.safeParse(item);
      if (!parsed.success) return badArgument('item');
      const member = household.onScreen();
      if (member === undefined) return { ok: false, error: companionErrors.nobodyOnScreen() };
      return { ok: true, value: companion.sendToPhones(member, parsed.data) };
    },
    companionScreen: async (screen) => {
      const parsed = CompanionScreenSchema.safeParse(screen);
      if (!parsed.success) return logger.warn('companion: the screen reported was not understood');
      reported += 1;
      const mine = reported;
      const told = await withTitle(deps.views, titles, parsed.data);
      // A later screen was reported while this one's title was looked up: it is the one on the TV now.
      if (mine === reported) companion.screenChanged(told);
    },
  };

  return {
    handlers,
    view: () => ({ available: policy.available, listening: companion.listening() !== undefined, pinRequired: policy.pinRequired, phones: companion.phones() }),
    listening: () => companion.listening(),
    async dispose() {
      disposed = true;
      await companion.stop();
    },
  };
}

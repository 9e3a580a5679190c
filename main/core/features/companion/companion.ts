/**
 * The companion: a phone paired with the TV, as its second screen. Off until asked: no port is open until start().
 * It pairs a phone for the member on screen (a one-time secret in the QR code's fragment, or a six-digit code), keeps
 * the paired phones, serves them the views the TV shows and takes their intents, and tells them, live, what the TV
 * shows and what was sent to them. The TV's screens call this module; it calls the rest of the core through `deps`.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { GUEST_KEY, type Result, type UiError } from '../../../../shared/bridge';
import type { CompanionScreen, PairingOffer, PhoneView, SentItem } from '../../../../shared/companion';
import { householdError } from '../household/householdErrors';
import { createCompanionApp } from './app';
import type { CompanionDeps } from './deps';
import { companionErrors } from './errors';
import { createCompanionEvents } from './events';
import { hostOf, lanAddress, ownAddresses, reachableAddresses } from './guards';
import { createPairing } from './pairing';
import type { PhonePage } from './page';
import { createPhones } from './phones';
import { shownPictures } from './pictures';
import { DEFAULT_LIMITS, listen, type Listening, type ServerLimits } from './server';
import { createPhoneStreams } from './stream';

export type { CompanionArtwork, CompanionDeps, CompanionViews } from './deps';
export { builtPhonePage, findPhonePage, type PhonePage } from './page';

/** How long the TV's addresses are trusted before they are read again. */
const HOSTS_REFRESH_MS = 30_000;

export interface CompanionOptions {
  /** Every pairing needs the household's PIN (a kiosk, or `companion: pin-required`); a child's always does. */
  pinRequired?: boolean;
  /** Seconds between keep-alive comments on a phone's stream. */
  keepAliveSeconds?: number;
  /** How long a request may take to arrive, and the like (tests shorten them). */
  limits?: Partial<ServerLimits>;
  /** The built phone page (findPhonePage); without it, `/` answers a placeholder that loads nothing. */
  page?: PhonePage | undefined;
}

export interface StartOptions {
  /** The address to listen on: one of the TV's, or 0.0.0.0 for every IPv4 network. */
  host: string;
  /** 0: any free port (tests). */
  port: number;
}

export interface Companion {
  /** Opens the port; a second call while listening answers where it listens. */
  start(options: StartOptions): Promise<{ host: string; port: number }>;
  /** Closes the port and every phone's stream; the phones stay paired. */
  stop(): Promise<void>;
  /** Where it listens, or undefined when it does not. */
  listening(): { host: string; port: number } | undefined;
  /** Why a pairing offer with `pin` would be refused now (nobody on screen, the PIN), listening or not; undefined: it would not. */
  refusal(pin?: string): UiError | undefined;
  /** A new pairing offer for the member on screen (the last one stops working); the PIN when one is needed. */
  pairingOffer(pin?: string): Result<PairingOffer>;
  /** The offer on the TV is closed. */
  cancelOffer(): void;
  phones(): PhoneView[];
  /** Ends a phone's access at once (its streams too). */
  removePhone(id: string): boolean;
  /** A member signed out, or the guest left: their phones go. */
  removePhonesOf(memberKey: string): number;
  /** "Send to my phone": to every phone of `memberKey`; how many are connected to receive it now. */
  sendToPhones(memberKey: string, item: SentItem): number;
  /** What the TV shows now. */
  screenChanged(screen: CompanionScreen): void;
}

/** The remote address of a request, for the log (undefined outside Node's server). */
function remoteOf(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch (error) {
    void error;
    return undefined;
  }
}

/** The Host values a phone may send to `where`; read again now and then, as the TV's addresses change (DHCP, Wi-Fi). */
function allowedHostList(addresses: () => string[], clock: { now(): number }): (where: { host: string; port: number } | undefined) => ReadonlySet<string> {
  let hosts: ReadonlySet<string> = new Set();
  let read: { at: number; host: string; port: number } | undefined;
  return (where) => {
    if (where === undefined) return new Set();
    const now = clock.now();
    if (read === undefined || read.host !== where.host || read.port !== where.port || now - read.at >= HOSTS_REFRESH_MS) {
      hosts = new Set(reachableAddresses(where.host, addresses()).map((a) => hostOf(a, where.port).toLowerCase()));
      read = { at: now, ...where };
    }
    return hosts;
  };
}

export function createCompanion(deps: CompanionDeps, options: CompanionOptions = {}): Companion {
  const { logger, clock } = deps;
  const addresses = deps.addresses ?? ownAddresses;
  const pairing = createPairing({ clock, ended: () => deps.changed?.() });
  const phones = createPhones({ store: deps.store, clock, logger });
  const events = createCompanionEvents();
  const streams = createPhoneStreams();
  // A picture is drawn for a phone only if a view handed it to a phone of the same member.
  const pictures = shownPictures();
  let server: Listening | undefined;
  const hostList = allowedHostList(addresses, clock);
  const allowedHosts = (): ReadonlySet<string> => hostList(server);
  const app = createCompanionApp({
    deps,
    pictures,
    pairing,
    phones,
    events,
    streams,
    allowedHosts,
    remote: remoteOf,
    keepAliveMs: (options.keepAliveSeconds ?? 15) * 1000,
    page: options.page,
  });

  function pinRefusal(pin: string | undefined): UiError | undefined {
    if (!options.pinRequired && !deps.childOnScreen()) return undefined;
    if (!deps.pin.isSet()) return householdError('pinFirst');
    return deps.pin.refused(pin);
  }

  function refusal(pin: string | undefined): UiError | undefined {
    if (deps.memberOnScreen() === undefined) return companionErrors.nobodyOnScreen();
    return pinRefusal(pin);
  }

  function offer(pin: string | undefined): Result<PairingOffer> {
    if (server === undefined) return { ok: false, error: companionErrors.off() };
    const memberKey = deps.memberOnScreen();
    if (memberKey === undefined) return { ok: false, error: companionErrors.nobodyOnScreen() };
    const refused = pinRefusal(pin);
    if (refused !== undefined) return { ok: false, error: refused };
    const address = lanAddress(reachableAddresses(server.host, addresses())) ?? server.host;
    const origin = `http://${hostOf(address, server.port)}`;
    const made = pairing.offer(memberKey);
    logger.info('companion: a pairing offer was made', { guest: memberKey === GUEST_KEY, expiresAt: made.expiresAt });
    return { ok: true, value: { url: `${origin}/#s=${made.secret}`, address: origin, code: made.code, expiresAt: made.expiresAt, memberKey } };
  }

  function removed(gone: PhoneView[], why: string): number {
    streams.end(gone.map((p) => p.id));
    for (const phone of gone) logger.info('companion: a phone was removed', { phone: phone.id, why });
    if (gone.length > 0) deps.changed?.();
    return gone.length;
  }

  return {
    async start({ host, port }) {
      if (server === undefined) {
        const limits = { ...DEFAULT_LIMITS, ...options.limits };
        const started = await listen(app, { host, port }, limits, (reason) =>
          logger.warn('companion: connection refused before any request was read', { reason }),
        );
        server = started;
        logger.info('companion: listening', { host, port: started.port });
      }
      return { host: server.host, port: server.port };
    },
    async stop() {
      const running = server;
      if (running === undefined) return;
      server = undefined;
      pairing.cancel();
      streams.endAll();
      await running.close();
      logger.info('companion: stopped');
    },
    listening: () => (server === undefined ? undefined : { host: server.host, port: server.port }),
    refusal,
    pairingOffer: offer,
    cancelOffer: () => pairing.cancel(),
    phones: () => phones.list(),
    removePhone(id) {
      const gone = phones.remove(id);
      return removed(gone === undefined ? [] : [gone], 'removed on the TV') > 0;
    },
    removePhonesOf: (memberKey) => removed(phones.removeOf(memberKey), memberKey === GUEST_KEY ? 'the guest left' : 'their member signed out'),
    sendToPhones(memberKey, item) {
      const mine = new Set(phones.list().filter((p) => p.memberKey === memberKey).map((p) => p.id));
      pictures.keep(memberKey, item.images);
      events.sent(memberKey, { type: 'sent', item, sentAt: clock.now() });
      return [...mine].filter((id) => streams.countOf(id) > 0).length;
    },
    screenChanged: (screen) => {
      events.screen(screen, deps.memberOnScreen());
    },
  };
}

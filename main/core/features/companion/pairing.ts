/**
 * Pairing a phone: one offer at a time, made for the member on screen, carrying a 256-bit one-time secret (for the QR
 * code's URL fragment) and a six-digit code (for typing). Both expire together after a few minutes and work once; the
 * code is burnt after a few wrong guesses, and attempts of any kind are limited per minute. Secrets and codes are
 * compared by their SHA-256 digests in constant time, so the time of a refusal says nothing about how close a guess was.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { PairRequest } from '../../../../shared/companion';
import type { Clock } from '../../ports';

/** How long an offer works. */
export const OFFER_TTL_MS = 5 * 60_000;
/** Wrong codes before the code (and its offer) is burnt. */
export const MAX_WRONG_CODES = 5;
/** Pairing attempts of any kind in a minute, for everyone together. */
export const MAX_ATTEMPTS_PER_MINUTE = 20;
const MINUTE_MS = 60_000;

export interface Offer {
  secret: string;
  code: string;
  expiresAt: number;
  memberKey: string;
}

export type Redeemed =
  | { ok: true; memberKey: string }
  | {
      ok: false;
      /**
       * 'rate-limited': too many attempts this minute; 'wrong': no live offer has this secret or code; 'burnt': that
       * guess was the last one the code allowed; 'used': a secret or code that already paired a phone; 'expired':
       * no live offer at all.
       */
      reason: 'rate-limited' | 'wrong' | 'burnt' | 'used' | 'expired';
      retryAfterMs?: number;
    };

export interface Pairing {
  /** Makes a new offer for `memberKey`; the last one stops working. */
  offer(memberKey: string): Offer;
  /** The live offer, if any (not expired, not used, not burnt). */
  current(): Offer | undefined;
  redeem(request: PairRequest): Redeemed;
  /** The live offer stops working (the TV closed "Use your phone", or the companion stopped). */
  cancel(): void;
}

export interface PairingDeps {
  clock: Pick<Clock, 'now'>;
  /** The offer was burnt by wrong guesses or used: the TV shows a new one, or closes the card. */
  ended?: (why: 'used' | 'burnt') => void;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Whether `given` is `expected`, in a time that depends on neither. */
export function sameSecret(given: string, expected: Buffer): boolean {
  return timingSafeEqual(digest(given), expected);
}

/** Six digits, every one of the million equally likely. */
export function newPairingCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** 256 random bits, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

interface LiveOffer {
  offer: Offer;
  secret: Buffer;
  code: Buffer;
  wrong: number;
}

export function createPairing(deps: PairingDeps): Pairing {
  const { clock } = deps;
  let live: LiveOffer | undefined;
  /** Digests of the secrets and codes that paired a phone, to tell a replay from a guess in the log. */
  const spent: Buffer[] = [];
  let attempts: number[] = [];

  const alive = (): LiveOffer | undefined => {
    if (live !== undefined && clock.now() >= live.offer.expiresAt) live = undefined;
    return live;
  };

  /** Counts this attempt; the time until one more is allowed when the minute is full. */
  function limited(): number | undefined {
    const now = clock.now();
    attempts = attempts.filter((at) => now - at < MINUTE_MS);
    if (attempts.length >= MAX_ATTEMPTS_PER_MINUTE) return MINUTE_MS - (now - (attempts[0] ?? now));
    attempts.push(now);
    return undefined;
  }

  const wasSpent = (given: string): boolean => spent.some((d) => sameSecret(given, d));

  function accept(offer: LiveOffer): Redeemed {
    spent.push(offer.secret, offer.code);
    if (spent.length > 16) spent.splice(0, spent.length - 16);
    live = undefined;
    deps.ended?.('used');
    return { ok: true, memberKey: offer.offer.memberKey };
  }

  function redeemCode(offer: LiveOffer, code: string): Redeemed {
    if (sameSecret(code, offer.code)) return accept(offer);
    offer.wrong += 1;
    if (offer.wrong < MAX_WRONG_CODES) return { ok: false, reason: 'wrong' };
    live = undefined;
    deps.ended?.('burnt');
    return { ok: false, reason: 'burnt' };
  }

  return {
    offer(memberKey) {
      const offer: Offer = { secret: newSecret(), code: newPairingCode(), expiresAt: clock.now() + OFFER_TTL_MS, memberKey };
      live = { offer, secret: digest(offer.secret), code: digest(offer.code), wrong: 0 };
      return offer;
    },
    current: () => alive()?.offer,
    redeem(request) {
      const retryAfterMs = limited();
      if (retryAfterMs !== undefined) return { ok: false, reason: 'rate-limited', retryAfterMs };
      const given = 'secret' in request ? request.secret : request.code;
      const offer = alive();
      if (offer === undefined) return { ok: false, reason: wasSpent(given) ? 'used' : 'expired' };
      if ('code' in request) return redeemCode(offer, request.code);
      if (sameSecret(request.secret, offer.secret)) return accept(offer);
      return { ok: false, reason: wasSpent(given) ? 'used' : 'wrong' };
    },
    cancel() {
      live = undefined;
    },
  };
}

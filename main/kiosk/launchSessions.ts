/**
 * The kiosk server's launch key and the sessions it opens: the key works once, for one session cookie (random,
 * unrelated to the key); a second use revokes every session, the lasting one too, and is reported for the shell to
 * start again with a new key.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Logger } from '../core/ports';

/** A launch key and what became of it. */
export interface LaunchKeys {
  /** The key to present now. */
  current(): string;
  /** Revokes every session and makes a new key. */
  renew(): string;
}

export interface LaunchSessionOptions {
  /** The first launch key. */
  secret: string;
  /** A session cookie that outlives a launch: accepted from the start and handed out by the launch. */
  sessionCookie?: string;
  /** Every session was revoked, the lasting one too: the shell keeps this new lasting cookie in its place. */
  onSessionCookie?: (cookie: string) => void;
  onLaunchKeyReused?: () => void;
  logger?: Logger;
}

/** What presenting a launch key came to: a session cookie, or a refusal with its reason. */
export type LaunchOutcome = { ok: true; cookie: string } | { ok: false; why: string };

export interface LaunchSessions {
  keys: LaunchKeys;
  /** Trades the launch key for a session cookie, once. */
  launch(key: string | undefined): LaunchOutcome;
  /** Whether a request's cookie is one of the sessions open now. */
  has(cookie: string | undefined): boolean;
}

export function newKey(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares in constant time, so a wrong key or cookie says nothing of the right one. */
export function sameSecret(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The launch key, whether it has opened its session, and the session cookies handed out for it. */
export function createLaunchSessions(options: LaunchSessionOptions): LaunchSessions {
  let launchKey = options.secret;
  /** Whether the current key has opened its one session. */
  let launched = false;
  /** The cookie a launch hands out when sessions outlive the shell (see `sessionCookie`). */
  let lasting = options.sessionCookie;
  /** Session cookies handed out for the current key; random, unrelated to the key. */
  const sessions = new Set<string>(lasting === undefined ? [] : [lasting]);
  const revokeAll = (): void => {
    sessions.clear();
    if (lasting === undefined) return;
    lasting = newKey();
    options.onSessionCookie?.(lasting);
  };
  return {
    keys: {
      current: () => launchKey,
      renew: () => {
        revokeAll();
        launchKey = newKey();
        launched = false;
        return launchKey;
      },
    },
    launch: (key) => {
      if (!sameSecret(key, launchKey)) {
        options.logger?.warn('kiosk server: a launch without the right key was refused');
        return { ok: false, why: 'missing or wrong launch key' };
      }
      if (launched) {
        // Whoever came first may not be the browser this shell opened: nobody keeps a session from this key.
        options.logger?.warn('kiosk server: the launch key was used a second time; refused, and every session revoked');
        revokeAll();
        options.onLaunchKeyReused?.();
        return { ok: false, why: 'this launch key was already used' };
      }
      launched = true;
      const session = lasting ?? newKey();
      sessions.add(session);
      return { ok: true, cookie: session };
    },
    has: (cookie) => {
      if (cookie === undefined) return false;
      for (const session of sessions) if (sameSecret(cookie, session)) return true;
      return false;
    },
  };
}

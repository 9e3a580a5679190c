/**
 * What every request to the companion passes before any route sees it: its Host must be one of the TV's own addresses
 * with the server's port (a page whose name someone made resolve to the TV, DNS rebinding, is refused), its Origin,
 * when it has one, must be that same origin, and a browser's Sec-Fetch-Site must not say another site sent it. Every
 * answer carries a strict policy (no framing, no sniffing, no referrer) and no API answer is cached.
 */
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * The phone page's policy: its own scripts, styles, pictures and API, nothing else, never in a frame. Pictures come
 * as blob: URLs the page makes of what it fetched from its own API (with the bearer header an <img> cannot send).
 */
export const COMPANION_CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The other security headers of every answer. */
export const companionSecurityHeaders = (): MiddlewareHandler =>
  secureHeaders({
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'no-referrer',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    // Plain http on the LAN: a Strict-Transport-Security header would mean nothing.
    strictTransportSecurity: false,
  });

/** An address as it is written in a Host header: IPv6 in brackets. */
export function hostOf(address: string, port: number): string {
  return isIP(address) === 6 ? `[${address}]:${port}` : `${address}:${port}`;
}

/** This machine's own addresses, every interface (without an IPv6 address's zone, which no Host header carries). */
export function ownAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((info) => info.address.replace(/%.*$/, ''));
}

/** The addresses a phone may reach the server at: the one it is bound to, or every one of the TV's for a wildcard. */
export function reachableAddresses(boundHost: string, own: readonly string[]): string[] {
  if (boundHost === '0.0.0.0') return own.filter((a) => isIP(a) === 4);
  if (boundHost === '::') return [...own];
  return [boundHost];
}

/** The first address a phone on the LAN can use: not loopback, not link-local; IPv4 before IPv6. */
export function lanAddress(addresses: readonly string[]): string | undefined {
  const usable = addresses.filter((a) => !/^127\.|^::1$|^fe80:|^169\.254\./i.test(a));
  return usable.find((a) => isIP(a) === 4) ?? usable[0] ?? addresses[0];
}

/** Why a request is refused before any route sees it, or undefined when it may go on. */
export function refusalOf(
  headers: { host: string | undefined; origin: string | undefined; fetchSite: string | undefined },
  allowedHosts: ReadonlySet<string>,
): string | undefined {
  const { host, origin, fetchSite } = headers;
  if (host === undefined || !allowedHosts.has(host.toLowerCase())) return 'wrong host';
  if (origin !== undefined && origin.toLowerCase() !== `http://${host.toLowerCase()}`) return 'foreign origin';
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return 'cross-site request';
  return undefined;
}

export interface Refusals {
  /** Answers `status` with `{ error }` and logs the refusal: never a secret, a credential or a body. */
  refuse(c: Context, status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429, error: string, fields?: Record<string, unknown>): Response;
}

export function refusals(log: (message: string, fields: Record<string, unknown>) => void, remote: (c: Context) => string | undefined): Refusals {
  return {
    refuse(c, status, error, fields = {}) {
      log('companion: request refused', { error, status, method: c.req.method, path: c.req.path.slice(0, 200), remote: remote(c), ...fields });
      return c.json({ error }, status);
    },
  };
}

/** The guard as middleware: `allowedHosts` is read on every request (the server learns its port once listening). */
export function hostOriginGuard(allowedHosts: () => ReadonlySet<string>, { refuse }: Refusals): MiddlewareHandler {
  return async (c, next) => {
    const why = refusalOf(
      { host: c.req.header('host'), origin: c.req.header('origin'), fetchSite: c.req.header('sec-fetch-site') },
      allowedHosts(),
    );
    if (why !== undefined) {
      // A Host or Origin is the sender's own words: logged short.
      return refuse(c, 403, why, { host: c.req.header('host')?.slice(0, 100), origin: c.req.header('origin')?.slice(0, 100) });
    }
    await next();
  };
}

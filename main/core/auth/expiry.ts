/**
 * Token lifetimes. `expires_in` is untrusted: it may be a huge 64-bit integer (9223372036854775807 arrives as
 * 9223372036854776000), an absolute Unix time, a string, negative or missing. Expiry is kept as an absolute epoch-ms
 * time, always finite and within sane bounds, so no refresh storm and no timer overflow can follow from it.
 */

export const MIN_LIFETIME_MS = 60_000;
/** The documented client-credentials lifetime is 30 days; a day more leaves room for it. */
export const MAX_LIFETIME_MS = 31 * 86_400_000;
/** Used when `expires_in` is missing or unreadable: short enough to notice a revoked token the same day. */
export const DEFAULT_LIFETIME_MS = 3_600_000;
/** How close to now a large value must fall to be read as an absolute Unix time (seconds). */
const ABSOLUTE_WINDOW_MS = 400 * 86_400_000;

/** Seconds as a finite number, or undefined: accepts numbers and numeric strings. */
function toSeconds(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export interface LifetimeBounds {
  minMs: number;
  maxMs: number;
  /** When the value is missing or unreadable. */
  fallbackMs: number;
}

export const TOKEN_LIFETIME: LifetimeBounds = { minMs: MIN_LIFETIME_MS, maxMs: MAX_LIFETIME_MS, fallbackMs: DEFAULT_LIFETIME_MS };

/** The lifetime in ms `expires_in` stands for, received at `nowMs`, clamped to the bounds; never NaN. */
export function lifetimeFromExpiresIn(expiresIn: unknown, nowMs: number, bounds: LifetimeBounds = TOKEN_LIFETIME): number {
  const seconds = toSeconds(expiresIn);
  if (seconds === undefined) return bounds.fallbackMs;
  const asMs = seconds * 1000;
  // A value that lands near now when read as a Unix time is one (no real lifetime is 50+ years).
  if (Math.abs(asMs - nowMs) <= ABSOLUTE_WINDOW_MS) return clampLifetime(asMs - nowMs, bounds);
  return clampLifetime(asMs, bounds);
}

export function clampLifetime(ms: number, bounds: LifetimeBounds = TOKEN_LIFETIME): number {
  if (Number.isNaN(ms)) return bounds.fallbackMs;
  return Math.min(bounds.maxMs, Math.max(bounds.minMs, ms));
}

/** Absolute expiry (epoch ms) of a token whose answer said `expiresIn`, received at `nowMs`. */
export function expiresAtFrom(expiresIn: unknown, nowMs: number, bounds: LifetimeBounds = TOKEN_LIFETIME): number {
  return nowMs + lifetimeFromExpiresIn(expiresIn, nowMs, bounds);
}

/** A token this close to expiry is renewed before use rather than sent. */
export const EXPIRY_SKEW_MS = 10_000;

/** The longest lead a refresh takes ahead of expiry. */
export const REFRESH_LEAD_MAX_MS = 5 * 60_000;

/**
 * When to refresh a token issued at `issuedAt` that expires at `expiresAt`: 5 minutes before expiry, or at 80% of
 * the lifetime when that comes later (short tokens); never sooner than 48 s after issue, so no refresh storm.
 */
export function refreshAtFor(issuedAt: number, expiresAt: number, bounds: LifetimeBounds = TOKEN_LIFETIME): number {
  const lifetime = clampLifetime(expiresAt - issuedAt, bounds);
  const lead = Math.min(REFRESH_LEAD_MAX_MS, lifetime * 0.2);
  return issuedAt + lifetime - lead;
}

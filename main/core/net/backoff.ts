/** Retry delays: doubling from `initialMs`, capped at `maxMs`, jittered, and a server's Retry-After wins when given. */
export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
  /** The longest Retry-After honoured; a larger one is cut to this so a bad header cannot park the app for days. */
  maxRetryAfterMs?: number;
  /** 0..1; tests pass a constant. */
  random?: () => number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 1_000, maxMs: 60_000, maxRetryAfterMs: 3_600_000 };

/**
 * The delay before retry number `attempt` (0 for the first retry). Jitter keeps many screens that lost the network
 * together from coming back in the same second: the delay is drawn from [base/2, base].
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) {
    return Math.min(retryAfterMs, policy.maxRetryAfterMs ?? DEFAULT_BACKOFF.maxRetryAfterMs ?? retryAfterMs);
  }
  const safeAttempt = Number.isFinite(attempt) && attempt > 0 ? Math.min(Math.floor(attempt), 52) : 0;
  const base = Math.min(policy.maxMs, policy.initialMs * 2 ** safeAttempt);
  const random = policy.random ?? Math.random;
  const r = Math.min(1, Math.max(0, random()));
  return Math.round(base / 2 + (base / 2) * r);
}

/** What an AuthSession is made with, and what the catalog client sees of it. */
import type { QrMatrix } from '../../../shared/bridge';
import type { BackoffPolicy } from '../net/backoff';
import type { Clock, FetchLike, Logger } from '../ports';
import type { HouseholdVault } from '../vault/memberVault';
import type { TokenVault } from '../vault/tokenVault';
import type { LifetimeBounds } from './expiry';
import type { TokenServiceConfig } from './tokenClient';

/** What the catalog client takes: fetch with the session's bearer token, one refresh and one replay on a 401. */
export interface ApiAuth {
  authorizedFetch(url: string, init?: RequestInit): Promise<Response>;
}

export interface AuthSessionOptions {
  fetch: FetchLike;
  clock: Clock;
  logger: Logger;
  service: TokenServiceConfig;
  /** The household's vault; one TokenVault holds a single member (each new pairing replaces the last). */
  vault: HouseholdVault | TokenVault;
  qrMatrix: (text: string) => QrMatrix;
  /** Whether browsing without a member (client-credentials token) is offered. */
  guestMode: boolean;
  /** Time limit of each request to the token service but a refresh, and of each API request's answer (headers). */
  requestTimeoutMs?: number;
  /** Time limit of a refresh once sent (default: tokenClient's REFRESH_TIMEOUT_MS, minutes). */
  refreshTimeoutMs?: number;
  /** Retries of a refresh that met network trouble. */
  backoff?: BackoffPolicy;
  /** Backoff of the device flow's code requests; its polls back off from their interval up to `maxMs`. */
  deviceBackoff?: BackoffPolicy;
  /** Device-flow codes renewed unattended. */
  maxRenewals?: number;
  /** How often waits re-read the wall clock. */
  checkEveryMs?: number;
  /** Bounds of a member token's lifetime, whatever `expires_in` says (expiry.ts's policy; tests shorten it). */
  tokenLifetime?: LifetimeBounds;
}

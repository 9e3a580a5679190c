/** What an AuthSession is made with (and the token client and device flows made from it), and what the catalog client sees of it. */
import type { PairingNotice, QrMatrix } from '../../../shared/bridge';
import type { BackoffPolicy } from '../net/backoff';
import type { Clock, FetchLike, Logger } from '../ports';
import type { HouseholdVault } from '../vault/memberVault';
import type { TokenResponse } from '../../../shared/service/auth';
import { singleMemberVault } from '../vault/memberVault';
import { TokenVault } from '../vault/tokenVault';
import { createAuthorizedFetch } from './authorizedFetch';
import { DeviceFlow, type DeviceFlowState } from './deviceFlow';
import { TOKEN_LIFETIME, type LifetimeBounds } from './expiry';
import { MemberSignIns } from './memberSignIns';
import type { OnScreen } from './onScreen';
import { TokenClient, type TokenServiceConfig } from './tokenClient';

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

/** A member token's lifetime bounds as the options set them. */
export function lifetimeBoundsOf(options: AuthSessionOptions): LifetimeBounds {
  return options.tokenLifetime ?? TOKEN_LIFETIME;
}

/** The household's sign-ins as the options set them up; `client` is asked for when a renewal is made. */
export function memberSignInsFor(
  options: AuthSessionOptions,
  client: () => TokenClient,
  ended: (key: string, notice: PairingNotice) => void,
): MemberSignIns {
  const vault = options.vault instanceof TokenVault ? singleMemberVault(options.vault) : options.vault;
  const shared = () => ({
    client: client(),
    clock: options.clock,
    logger: options.logger,
    lifetimeBounds: lifetimeBoundsOf(options),
    backoff: options.backoff,
    checkEveryMs: options.checkEveryMs,
  });
  return new MemberSignIns(vault, shared, ended);
}

/** The token service's client as the session's options set it up. */
export function tokenClientFor(options: AuthSessionOptions): TokenClient {
  return new TokenClient({
    fetch: options.fetch,
    clock: options.clock,
    service: options.service,
    ...(options.requestTimeoutMs === undefined ? {} : { timeoutMs: options.requestTimeoutMs }),
    ...(options.refreshTimeoutMs === undefined ? {} : { refreshTimeoutMs: options.refreshTimeoutMs }),
  });
}

/** A device flow as the session's options set it up, reporting to `onState` and `onTokens`. */
export function deviceFlowFor(
  options: AuthSessionOptions,
  client: TokenClient,
  onState: (state: DeviceFlowState) => void,
  onTokens: (tokens: TokenResponse, receivedAt: number) => void,
): DeviceFlow {
  return new DeviceFlow({
    client,
    clock: options.clock,
    logger: options.logger,
    qrMatrix: options.qrMatrix,
    onState,
    onTokens,
    ...(options.maxRenewals === undefined ? {} : { maxRenewals: options.maxRenewals }),
    ...(options.deviceBackoff === undefined ? {} : { backoff: options.deviceBackoff }),
    ...(options.checkEveryMs === undefined ? {} : { checkEveryMs: options.checkEveryMs }),
  });
}

/** The bearer token of the one on screen on every request, renewed and replayed once when the service refuses it. */
export function authorizedFetchFor(options: AuthSessionOptions, onScreen: OnScreen): (url: string, init?: RequestInit) => Promise<Response> {
  return createAuthorizedFetch({
    fetch: options.fetch,
    logger: options.logger,
    requestTimeoutMs: options.requestTimeoutMs,
    signal: () => onScreen.signal,
    accessToken: () => onScreen.accessToken(),
    renewAfterRejection: (used) => onScreen.renewAfterRejection(used),
  });
}

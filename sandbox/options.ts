/** Everything that can be tuned in the sandbox: from the command line, from startSandbox(), or live via the control API. */
export interface SandboxOptions {
  /** Address to bind; 127.0.0.1 by default, a LAN address (or 0.0.0.0) so a phone can reach the approval page. */
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Origin that clients and phones are told to use (links, verification_qrcode, paging URLs). Defaults to http://host:port. */
  publicOrigin: string | undefined;
  /** Seed of the generated catalog; the same seed gives the same catalog. */
  seed: number;
  /** The registered demo client. */
  clientId: string;
  clientSecret: string;
  /** Redirect URI registered for the demo client (authorization-code flow). */
  redirectUri: string;
  faults: FaultOptions;
  lifetimes: LifetimeOptions;
}

export interface FaultOptions {
  /** Added latency per request, milliseconds. */
  latencyMs: number;
  /** Share of requests (0..1) answered with a 500 and a documented error body. */
  errorRate: number;
  /** Share of requests (0..1) whose connection is dropped without an answer. */
  dropRate: number;
  /** Share of requests (0..1) answered 200 with a body that is not JSON. */
  malformedRate: number;
  /** Share of requests (0..1) answered 503 with Retry-After. */
  unavailableRate: number;
  /** Retry-After seconds sent with a 503. */
  retryAfterSeconds: number;
  /** Share of requests (0..1) processed at once but answered only after `slowMs` (a rotation is already done). */
  slowRate: number;
  /** How long a slow answer is held, milliseconds. */
  slowMs: number;
  /** Share of requests (0..1) processed (a refresh token rotated) whose connection is then dropped: the answer is lost. */
  lostAnswerRate: number;
}

export interface LifetimeOptions {
  /** Device code lifetime, seconds (600 documented). */
  deviceCodeSeconds: number;
  /** Device poll interval, seconds (5 documented). */
  deviceIntervalSeconds: number;
  /** Member access token lifetime, seconds. */
  accessTokenSeconds: number;
  /** How much longer the refresh token lives than the access token, seconds. */
  refreshExtraSeconds: number;
  /** Client-credentials token lifetime, seconds (30 days documented). */
  clientTokenSeconds: number;
  /** Send expires_in as the very large 64-bit integer some flows show (the token still expires after accessTokenSeconds). */
  hugeExpiresIn: boolean;
  /**
   * Refresh-token reuse grace, seconds: a rotated refresh token presented again within this time gets the same new
   * pair back, as some large identity providers allow. 0 is strict rotation.
   */
  refreshGraceSeconds: number;
}

export const DEFAULT_OPTIONS: SandboxOptions = {
  host: '127.0.0.1',
  port: 0,
  publicOrigin: undefined,
  seed: 20261122,
  clientId: 'tunewall-sandbox',
  clientSecret: 'sandbox-secret-change-me',
  redirectUri: 'http://127.0.0.1/callback',
  faults: {
    latencyMs: 0,
    errorRate: 0,
    dropRate: 0,
    malformedRate: 0,
    unavailableRate: 0,
    retryAfterSeconds: 2,
    slowRate: 0,
    slowMs: 30_000,
    lostAnswerRate: 0,
  },
  lifetimes: {
    deviceCodeSeconds: 600,
    deviceIntervalSeconds: 5,
    accessTokenSeconds: 3600,
    refreshExtraSeconds: 86_400,
    clientTokenSeconds: 2_592_000,
    hugeExpiresIn: false,
    refreshGraceSeconds: 0,
  },
};

export type SandboxOptionsInput = Partial<Omit<SandboxOptions, 'faults' | 'lifetimes'>> & {
  faults?: Partial<FaultOptions>;
  lifetimes?: Partial<LifetimeOptions>;
};

export function resolveOptions(input: SandboxOptionsInput = {}): SandboxOptions {
  return {
    ...DEFAULT_OPTIONS,
    ...input,
    faults: { ...DEFAULT_OPTIONS.faults, ...input.faults },
    lifetimes: { ...DEFAULT_OPTIONS.lifetimes, ...input.lifetimes },
  };
}

/**
 * Whether the service can be reached, as the screen shows it. A request that fails on the network (or on a 5xx that
 * retrying can fix) marks the service unreachable; a probe with backoff then brings it back by itself, with no help
 * from the screen.
 */
import type { AuthState, BridgeHandlers, Result } from '../../../../shared/bridge';
import type { Territory } from '../../../../shared/territory';
import { toUiError } from '../../errors';
import { backoffDelay } from '../../net/backoff';
import type { Clock, FetchLike, Logger } from '../../ports';
import { setSafeTimeout, type TimerHandle } from '../../timers';
import { diagnosticsHandler } from './diagnostics';
import { probeService } from './serviceProbe';

export interface NetworkStatusDeps {
  fetch: FetchLike;
  /** `{base_url}`; undefined when there is no service to probe. */
  apiUrl: string | undefined;
  territory: () => Territory;
  clock: Clock;
  logger: Logger;
  /** What the screen shows changed (online, retry time). */
  changed: () => void;
  /** The service answers again after it did not: whatever waits on the network may go now. */
  reconnected: () => void;
  /** Epoch ms the access token stops working, for diagnostics. */
  tokenValidUntil: () => number | undefined;
  /** Whether the sign-in renews itself past that (AuthSession.renewsItself), for diagnostics. */
  signInRenews?: () => boolean | undefined;
  /** Whether the service is the embedded sandbox. */
  sandbox: boolean;
}

export interface NetworkView {
  online: boolean;
  retryAt: number | undefined;
}

export interface NetworkStatus {
  view(): NetworkView;
  /** Milliseconds the service took to answer, or undefined when it did not. Never changes the status. */
  probe(): Promise<number | undefined>;
  /** Probes now and takes the answer as the status (diagnostics). */
  check(): Promise<number | undefined>;
  markOnline(): void;
  /** Takes a failure as a sign of the network's state: only unreachability and retryable server trouble count. */
  noteOutcome(error: unknown): void;
  /**
   * Runs a request for the screen: its value, or its failure as a value. `reachedService` says whether a value came
   * over the network: one from the cache says nothing of the service.
   */
  guarded<T>(work: () => Promise<T>, reachedService?: (value: T) => boolean): Promise<Result<T>>;
  /** The sign-in flow's own polling says whether the service answers while pairing. */
  followPairing(auth: AuthState): void;
  /** Back from sleep: an unreachable service is probed at once. */
  resume(): void;
  /** The shell believes the network is back: probe at once. */
  recheck(): void;
  /** Settings' diagnostics: a probe now, and what the screen may know of the connection (never a token). */
  handlers: Pick<BridgeHandlers, 'diagnostics'>;
  dispose(): void;
}

export function createNetworkStatus(deps: NetworkStatusDeps): NetworkStatus {
  const { clock, logger } = deps;
  let online = true;
  let retryAt: number | undefined;
  let probeTimer: TimerHandle | undefined;
  let probeAttempt = 0;
  let disposed = false;

  const probe = (): Promise<number | undefined> => probeService(deps);

  function markOffline(): void {
    // A request or probe that fails after dispose must not arm a timer that outlives the core.
    if (probeTimer || disposed) return;
    const delay = backoffDelay(probeAttempt++, { initialMs: 2000, maxMs: 30_000 });
    online = false;
    retryAt = clock.now() + delay;
    deps.changed();
    probeTimer = setSafeTimeout(() => {
      probeTimer = undefined;
      void probe().then((latency) => {
        if (latency === undefined) markOffline();
        else markOnline();
      });
    }, delay);
  }

  function markOnline(): void {
    probeTimer?.cancel();
    probeTimer = undefined;
    probeAttempt = 0;
    if (online) return;
    online = true;
    retryAt = undefined;
    deps.reconnected();
    deps.changed();
  }

  function noteOutcome(error: unknown): void {
    const ui = toUiError(error);
    if (ui.kind === 'network' || (ui.kind === 'server' && ui.retryable)) markOffline();
  }

  const onlineIfAnswered = (latency: number | undefined): void => {
    if (latency !== undefined) markOnline();
  };

  async function check(): Promise<number | undefined> {
    const latency = await probe();
    if (latency === undefined) markOffline();
    else markOnline();
    return latency;
  }

  return {
    view: () => ({ online, retryAt }),
    probe,
    check,
    markOnline,
    noteOutcome,
    async guarded<T>(work: () => Promise<T>, reachedService: (value: T) => boolean = () => true): Promise<Result<T>> {
      try {
        const value = await work();
        if (reachedService(value)) markOnline();
        return { ok: true, value };
      } catch (error) {
        logger.warn('request failed', { error: String(error) });
        noteOutcome(error);
        return { ok: false, error: toUiError(error) };
      }
    },
    followPairing(auth) {
      if (auth.status === 'pairing' && auth.poll === 'retrying') {
        online = false;
        retryAt = auth.retryAt;
      } else if (auth.status === 'pairing' && !online && !probeTimer) {
        online = true;
        retryAt = undefined;
      }
    },
    resume() {
      if (!online) void probe().then(onlineIfAnswered);
    },
    recheck() {
      void probe().then(onlineIfAnswered);
    },
    handlers: { diagnostics: diagnosticsHandler(deps, check) },
    dispose() {
      disposed = true;
      probeTimer?.cancel();
      probeTimer = undefined;
    },
  };
}

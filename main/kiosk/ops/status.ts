/**
 * The one small status interface operations read (systemd notify, the watchdog, recovery, metrics): facts the shell
 * already has, gathered here, so none of them reaches into a feature. The core's pushed state says who is signed in
 * and whether the service answers; the page's heartbeat says what is painted; the shell's fetch says how the catalog
 * answers. Nothing here holds a token, a member's name or an id.
 */
import type { AppState } from '../../../shared/bridge';
import type { FetchLike } from '../../core/ports';

export const SCREENS = ['pairing', 'home', 'detail', 'settings', 'idle', 'other'] as const;
export type ScreenName = (typeof SCREENS)[number];
/** What the page says is wrong with what it shows: an error screen, or nothing at all. */
export const PROBLEMS = ['none', 'error', 'blank'] as const;
export type ScreenProblem = (typeof PROBLEMS)[number];
export const CATALOG_ERROR_KINDS = ['network', 'timeout', 'server', 'rate-limited', 'auth', 'client'] as const;
export type CatalogErrorKind = (typeof CATALOG_ERROR_KINDS)[number];
export const RECOVERY_CAUSES = ['renderer-unresponsive', 'browser-exited', 'screen-problem'] as const;
export type RecoveryCause = (typeof RECOVERY_CAUSES)[number];
/** 'choosing': several members are signed in and nobody is on screen yet (the chooser). */
export type SignInMode = 'member' | 'guest' | 'choosing' | 'none';
export const SIGN_IN_MODES = ['member', 'guest', 'choosing', 'none'] as const satisfies readonly SignInMode[];

export interface Heartbeat {
  screen: ScreenName;
  problem: ScreenProblem;
  /** Milliseconds from the remote's key press to the frame showing its effect, for presses since the last beat. */
  presses?: number[];
}

export interface OpsFacts {
  startedAt: number;
  authStatus: AppState['auth']['status'] | 'unknown';
  signIn: SignInMode;
  /** How many members are signed in on the display (never who). */
  members: number;
  /** The code a person types on their phone while pairing; shown on the screen itself, so not a secret. */
  pairingCode: string | undefined;
  online: boolean;
  /** Epoch ms the service stopped answering; undefined while it answers. */
  offlineSince: number | undefined;
  /** Times the service stopped answering since the shell started. */
  outages: number;
  lastCatalogOkAt: number | undefined;
  catalogErrors: Record<CatalogErrorKind, number>;
  /** The page's last heartbeat: when, and what it showed. */
  heartbeatAt: number | undefined;
  screen: ScreenName | undefined;
  problem: ScreenProblem;
  /** Since when the page has shown `problem` without a break (undefined while it shows none). */
  problemSince: number | undefined;
  /** The first heartbeat: the first screen is painted. */
  firstPaintAt: number | undefined;
  recoveries: Record<RecoveryCause, number>;
}

export interface OpsStatus {
  facts(): Readonly<OpsFacts>;
  /** Called after every change of a fact (heartbeats included). */
  subscribe(listener: () => void): () => void;
  noteState(state: AppState): void;
  noteHeartbeat(beat: Heartbeat): void;
  noteCatalog(outcome: { ok: true } | { ok: false; kind: CatalogErrorKind }): void;
  noteRecovery(cause: RecoveryCause): void;
  /** Press latencies (ms) as they arrive with heartbeats, for the metrics' histogram. */
  onPresses(listener: (latenciesMs: readonly number[]) => void): () => void;
}

function zeroes<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
}

export function createOpsStatus(now: () => number = Date.now): OpsStatus {
  const facts: OpsFacts = {
    startedAt: now(),
    authStatus: 'unknown',
    signIn: 'none',
    members: 0,
    pairingCode: undefined,
    online: true,
    offlineSince: undefined,
    outages: 0,
    lastCatalogOkAt: undefined,
    catalogErrors: zeroes(CATALOG_ERROR_KINDS),
    heartbeatAt: undefined,
    screen: undefined,
    problem: 'none',
    problemSince: undefined,
    firstPaintAt: undefined,
    recoveries: zeroes(RECOVERY_CAUSES),
  };
  const listeners = new Set<() => void>();
  const pressListeners = new Set<(latencies: readonly number[]) => void>();
  const changed = (): void => {
    for (const listener of listeners) listener();
  };
  return {
    facts: () => facts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    noteState(state) {
      const { auth } = state;
      facts.authStatus = auth.status;
      facts.signIn = auth.status === 'signed-in' ? auth.mode : auth.status === 'choosing' ? 'choosing' : 'none';
      // Read defensively: operations must never fail on a state that lacks a part they only count.
      facts.members = (state.household as AppState['household'] | undefined)?.members.length ?? 0;
      facts.pairingCode = auth.status === 'pairing' ? auth.code.userCode : undefined;
      if (state.network.online) facts.offlineSince = undefined;
      else if (facts.offlineSince === undefined) {
        facts.offlineSince = now();
        facts.outages += 1;
      }
      facts.online = state.network.online;
      changed();
    },
    noteHeartbeat(beat) {
      const at = now();
      facts.firstPaintAt ??= at;
      facts.heartbeatAt = at;
      facts.screen = beat.screen;
      if (beat.problem === 'none') facts.problemSince = undefined;
      else if (beat.problem !== facts.problem) facts.problemSince = at;
      else facts.problemSince ??= at;
      facts.problem = beat.problem;
      if (beat.presses !== undefined && beat.presses.length > 0) for (const listener of pressListeners) listener(beat.presses);
      changed();
    },
    noteCatalog(outcome) {
      if (outcome.ok) facts.lastCatalogOkAt = now();
      else facts.catalogErrors[outcome.kind] += 1;
      changed();
    },
    noteRecovery(cause) {
      facts.recoveries[cause] += 1;
      changed();
    },
    onPresses(listener) {
      pressListeners.add(listener);
      return () => pressListeners.delete(listener);
    },
  };
}

/** Classifies what the shell's fetch saw of a catalog request, for `noteCatalog`. */
export function catalogOutcome(result: { status: number } | { error: unknown }): { ok: true } | { ok: false; kind: CatalogErrorKind } {
  if ('error' in result) {
    const name = result.error instanceof Error ? result.error.name : '';
    return { ok: false, kind: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network' };
  }
  const { status } = result;
  if (status < 400) return { ok: true };
  if (status === 429) return { ok: false, kind: 'rate-limited' };
  if (status === 401 || status === 403) return { ok: false, kind: 'auth' };
  return { ok: false, kind: status >= 500 ? 'server' : 'client' };
}

/**
 * The shell's fetch, noting every catalog answer (never its body) in `status`. Token requests are not the catalog, and
 * neither is a reachability probe (Settings' diagnostics, the offline backoff): it asks without a token on purpose, so
 * its 401 is the answer it expects, not an error a fleet should be paged for.
 */
export function observedFetch(
  status: OpsStatus,
  inner: FetchLike = (input, init) => fetch(input, init),
): FetchLike {
  return async (input, init) => {
    const catalog = /\/v1\.1\//.test(input) && init?.purpose !== 'probe';
    try {
      const response = await inner(input, init);
      if (catalog) status.noteCatalog(catalogOutcome({ status: response.status }));
      return response;
    } catch (error) {
      if (catalog) status.noteCatalog(catalogOutcome({ error }));
      throw error;
    }
  };
}

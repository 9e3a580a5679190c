/**
 * Self-healing: the page stops answering → Chromium is started again; Chromium exits on its own → started again; an
 * error or blank screen lasts too long while the service answers → the page reloads itself. Each is a recovery,
 * counted by cause. Three in 30 minutes and the shell gives up and exits non-zero, saying why, so systemd restarts
 * the service (a fresh process, where a slow leak or a wedged state does not follow). The sign-in lives in the
 * shell's vault, not in the browser, so none of these loses it.
 */
import type { OpsLogger } from './log';
import type { OpsStatus, RecoveryCause } from './status';

export const RECOVERY_WINDOW_MS = 30 * 60 * 1000;
export const RECOVERIES_BEFORE_EXIT = 3;
/** Chromium gets this long to paint again after being started, before it is judged again. */
const RELAUNCH_ALLOWANCE_MS = 30_000;

export interface RecoveryOptions {
  status: OpsStatus;
  logger: OpsLogger;
  rendererStaleMs: number;
  screenProblemMs: number;
  /** Ends the browser (its whole process tree) and opens a new one; undefined when the shell opened no browser. */
  relaunchBrowser: (() => void) | undefined;
  /** Leaves the process with this code (after logging). */
  exit: (code: number) => void;
  now?: () => number;
  checkEveryMs?: number;
}

export interface Recovery {
  /** The browser exited without being asked to (a crash, a kill): start it again. */
  browserExited(detail: { code: number | null; signal: string | null }): void;
  /** Asked by each heartbeat: whether the page should reload itself now. */
  takeReload(): boolean;
  stop(): void;
}

export function startRecovery(options: RecoveryOptions): Recovery {
  const { status, logger } = options;
  const now = options.now ?? Date.now;
  const recent: { at: number; cause: RecoveryCause }[] = [];
  let reloadPending = false;
  let relaunchedAt: number | undefined;
  /** A reload restarts the clock: the same problem must last the whole time again before the next one. */
  let reloadedAt = -Infinity;
  let gaveUp = false;

  /** False when this recovery is one too many: the shell is on its way out. */
  const recover = (cause: RecoveryCause, fields: Record<string, unknown>): boolean => {
    if (gaveUp) return false;
    const at = now();
    while (recent.length > 0 && (recent[0]?.at ?? at) <= at - RECOVERY_WINDOW_MS) recent.shift();
    recent.push({ at, cause });
    status.noteRecovery(cause);
    if (recent.length >= RECOVERIES_BEFORE_EXIT) {
      gaveUp = true;
      logger.error(`${recent.length} recoveries in 30 minutes: exiting so that systemd restarts the service`, {
        causes: recent.map((r) => r.cause),
        ...fields,
      });
      options.exit(1);
      return false;
    }
    logger.warn(`recovery: ${cause}`, { recoveriesIn30Min: recent.length, ...fields });
    return true;
  };

  const relaunch = (cause: RecoveryCause, fields: Record<string, unknown>): void => {
    if (options.relaunchBrowser === undefined || !recover(cause, fields)) return;
    relaunchedAt = now();
    options.relaunchBrowser();
  };

  const check = (): void => {
    const facts = status.facts();
    const at = now();
    if (facts.firstPaintAt === undefined) return;
    const heartbeatAt = facts.heartbeatAt ?? 0;
    const sinceRelaunch = relaunchedAt === undefined ? Infinity : at - relaunchedAt;
    // After a relaunch the old heartbeat says nothing: wait for the new page's, or for its allowance to run out.
    const judged = relaunchedAt === undefined || heartbeatAt > relaunchedAt || sinceRelaunch > Math.max(RELAUNCH_ALLOWANCE_MS, options.rendererStaleMs);
    if (options.relaunchBrowser !== undefined && judged && at - heartbeatAt > options.rendererStaleMs) {
      relaunch('renderer-unresponsive', { heartbeatAgeMs: at - heartbeatAt });
      return;
    }
    const serviceAnswers = facts.online && facts.offlineSince === undefined;
    const problemSince = facts.problemSince === undefined ? undefined : Math.max(facts.problemSince, reloadedAt);
    if (problemSince !== undefined && at - problemSince >= options.screenProblemMs && serviceAnswers && !reloadPending) {
      if (recover('screen-problem', { problem: facts.problem, forMs: at - problemSince })) {
        reloadPending = true;
        reloadedAt = at;
      }
    }
  };
  const timer = setInterval(check, options.checkEveryMs ?? Math.max(100, Math.min(1_000, options.rendererStaleMs / 4)));

  return {
    browserExited({ code, signal }) {
      relaunch('browser-exited', { code, signal });
    },
    takeReload() {
      if (!reloadPending) return false;
      reloadPending = false;
      return true;
    },
    stop: () => clearInterval(timer),
  };
}

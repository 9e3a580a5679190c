/**
 * What systemd hears from the shell: READY=1 once the page has painted its first screen (its first heartbeat comes
 * from a frame), a STATUS= line whenever what a person would read changes, and WATCHDOG=1 at half of WatchdogSec, but
 * only while the page's heartbeat is fresh. The ping is sent from a timer of this process, so a stuck event loop sends
 * none either; a frozen page or a stuck shell then gets the service restarted by systemd instead of staying frozen.
 * Before the first paint the watchdog is fed while the loop answers: TimeoutStartSec= judges the start.
 */
import type { OpsLogger } from './log';
import type { Notifier } from './notify';
import type { OpsStatus } from './status';
import { statusLine } from './statusLine';

export interface SystemdOpsOptions {
  notifier: Notifier;
  status: OpsStatus;
  logger: OpsLogger;
  /** WatchdogSec= in ms; undefined: no watchdog asked for. */
  watchdogMs: number | undefined;
  rendererStaleMs: number;
  now?: () => number;
}

export interface SystemdOps {
  /** Whether the page's heartbeat is fresh (watchdog pings go out). */
  rendererFresh(): boolean;
  /** STOPPING=1, and no more messages. */
  stop(): Promise<void>;
}

/** How often the line is looked at when no watchdog sets the pace ("Offline for 4 min" must move on by itself). */
const STATUS_TICK_MS = 5_000;

export function startSystemdOps(options: SystemdOpsOptions): SystemdOps {
  const { notifier, status, logger, watchdogMs } = options;
  const now = options.now ?? Date.now;
  let ready = false;
  let lastLine: string | undefined;
  let withheld = false;
  let stopped = false;

  const fresh = (): boolean => {
    const at = status.facts().heartbeatAt;
    return at !== undefined && now() - at <= options.rendererStaleMs;
  };

  const update = (): void => {
    if (stopped) return;
    const facts = status.facts();
    const line = statusLine(facts, now(), options.rendererStaleMs);
    if (!ready && facts.firstPaintAt !== undefined) {
      ready = true;
      lastLine = line;
      logger.info('first screen painted: ready', { status: line });
      void notifier.send(['READY=1', `STATUS=${line}`], { mainPid: true });
      return;
    }
    if (line === lastLine) return;
    lastLine = line;
    void notifier.send([`STATUS=${line}`]);
  };

  const tick = (): void => {
    update();
    if (watchdogMs === undefined || stopped) return;
    if (ready && !fresh()) {
      if (!withheld) {
        const at = status.facts().heartbeatAt;
        logger.warn('watchdog: withheld, the page does not answer', { heartbeatAgeMs: at === undefined ? null : now() - at });
      }
      withheld = true;
      return;
    }
    if (withheld) logger.info('watchdog: the page answers again');
    withheld = false;
    void notifier.send(['WATCHDOG=1']);
  };

  const unsubscribe = status.subscribe(update);
  const timer = setInterval(tick, watchdogMs === undefined ? STATUS_TICK_MS : Math.max(100, Math.floor(watchdogMs / 2)));
  tick();
  return {
    rendererFresh: fresh,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await notifier.send(['STOPPING=1', 'STATUS=Stopping']);
    },
  };
}

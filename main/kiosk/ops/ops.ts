/**
 * Operations for a kiosk shell on a store display, wired in one place: the JSON log, the status facts, systemd's
 * notify and watchdog, recovery, and the metrics. The shell hands over what only it has (the core's events, the page's
 * heartbeat, its browser) and gets back a logger, a fetch that notes catalog answers, and the heartbeat route.
 */
import type { BridgeEvent, AppState } from '../../../shared/bridge';
import type { FetchLike } from '../../core/ports';
import { withCredentials } from './credentials';
import { createHeartbeatReceiver, type HeartbeatReceiver } from './heartbeat';
import { createJsonLogger, parseLogLevel, type OpsLogger } from './log';
import { createMetrics, type TunewallMetrics } from './metrics';
import { startMetricsEndpoint, startTextfileWriter, type MetricsEndpoint, type TextfileWriter } from './metricsExport';
import { createNotifier, watchdogIntervalMs } from './notify';
import { startRecovery, type Recovery } from './recovery';
import { readOpsSettings, type OpsSettings } from './settings';
import { createOpsStatus, observedFetch, type OpsStatus } from './status';
import { countStart } from './starts';
import { startSystemdOps, type SystemdOps } from './systemd';

export interface AttachOptions {
  subscribe: (listener: (event: BridgeEvent) => void) => () => void;
  getState: () => Promise<AppState>;
  /** Ends the browser and opens a new one; undefined when the shell opened none (--print-url). */
  relaunchBrowser: (() => void) | undefined;
  /** Leaves the process with this code, cleanly (the shell's own stop). */
  exit: (code: number) => void;
  dataDir: string;
  version: string;
  /** Epoch ms the access token stops working (the core's diagnostics, which asks the service). */
  tokenValidUntil: () => Promise<number | undefined>;
}

export interface Ops {
  logger: OpsLogger;
  /** The environment with the credentials systemd passed filled in. */
  env: NodeJS.ProcessEnv;
  settings: OpsSettings;
  status: OpsStatus;
  fetch: FetchLike;
  heartbeat: HeartbeatReceiver;
  /** Starts watching, once the core and the browser are there. */
  attach(options: AttachOptions): Promise<void>;
  /** The browser exited without being asked to. */
  browserExited(detail: { code: number | null; signal: string | null }): void;
  stop(): Promise<void>;
}

export function createOps(argv: readonly string[], processEnv: NodeJS.ProcessEnv): Ops {
  const { level, problem: levelProblem } = parseLogLevel(argv, processEnv);
  // JOURNAL_STREAM: stderr is the journal, which reads a `<N>` prefix as the line's priority.
  const logger = createJsonLogger({ level, priorityPrefix: (processEnv['JOURNAL_STREAM'] ?? '') !== '' });
  if (levelProblem !== undefined) logger.warn(levelProblem);
  const { env, problem: credentialProblem } = withCredentials(processEnv, argv);
  if (credentialProblem !== undefined) logger.warn(credentialProblem);
  const { settings, problems } = readOpsSettings(argv, processEnv);
  for (const problem of problems) logger.warn(`operations setting: ${problem}`);
  const status = createOpsStatus();
  let recovery: Recovery | undefined;
  let systemd: SystemdOps | undefined;
  let unsubscribe: (() => void) | undefined;
  let metrics: TunewallMetrics | undefined;
  let endpoint: MetricsEndpoint | undefined;
  let textfile: TextfileWriter | undefined;

  return {
    logger,
    env,
    settings,
    status,
    fetch: observedFetch(status),
    heartbeat: createHeartbeatReceiver({
      intervalMs: settings.heartbeatMs,
      note: (beat) => status.noteHeartbeat(beat),
      takeReload: () => recovery?.takeReload() ?? false,
    }),
    async attach(options) {
      unsubscribe = options.subscribe((event) => {
        if (event.type === 'state') status.noteState(event.state);
      });
      status.noteState(await options.getState());
      const notifier = createNotifier(processEnv, logger);
      if (notifier !== undefined) {
        systemd = startSystemdOps({
          notifier,
          status,
          logger,
          watchdogMs: watchdogIntervalMs(processEnv),
          rendererStaleMs: settings.rendererStaleMs,
        });
      }
      recovery = startRecovery({
        status,
        logger,
        rendererStaleMs: settings.rendererStaleMs,
        screenProblemMs: settings.screenProblemMs,
        relaunchBrowser: options.relaunchBrowser,
        exit: options.exit,
      });
      const restarts = countStart(options.dataDir);
      if (settings.metricsListen === undefined && settings.metricsTextfile === undefined) return;
      const made = createMetrics({ status, version: options.version, restarts, tokenValidUntil: options.tokenValidUntil });
      metrics = made;
      if (settings.metricsListen !== undefined) {
        endpoint = await startMetricsEndpoint({ listen: settings.metricsListen, tokenFile: settings.metricsTokenFile, render: made.render, logger });
      }
      if (settings.metricsTextfile !== undefined) {
        textfile = startTextfileWriter({ path: settings.metricsTextfile, everyMs: settings.metricsTextfileMs, render: made.render, logger });
      }
    },
    browserExited(detail) {
      recovery?.browserExited(detail);
    },
    async stop() {
      unsubscribe?.();
      recovery?.stop();
      metrics?.stop();
      await Promise.all([endpoint?.close(), textfile?.stop(), systemd?.stop()]);
    },
  };
}

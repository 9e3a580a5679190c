/**
 * Operations' own settings, from flags (`--name=value`) or the environment; they are the shell's, not the app's, so
 * they live here and not in the core's configuration. A bad value falls back to the default and is reported.
 */
import { join } from 'node:path';

export interface OpsSettings {
  /** How often the page reports what it shows. */
  heartbeatMs: number;
  /** A heartbeat older than this: the page does not answer (no watchdog ping; Chromium is started again). */
  rendererStaleMs: number;
  /** An error or blank screen this long while the service answers: the page is reloaded. */
  screenProblemMs: number;
  /** `host:port` for `/metrics`; undefined: no port opened. */
  metricsListen: string | undefined;
  /** File holding the bearer token `/metrics` requires when it listens beyond loopback. */
  metricsTokenFile: string | undefined;
  /** node_exporter textfile collector: the `.prom` file written (atomically) with the metrics. */
  metricsTextfile: string | undefined;
  metricsTextfileMs: number;
}

type Source = { argv: readonly string[]; env: NodeJS.ProcessEnv };

function read({ argv, env }: Source, flag: string, variable: string): string | undefined {
  const value = argv.find((a) => a.startsWith(`--${flag}=`))?.slice(flag.length + 3) ?? env[variable];
  return value === undefined || value === '' ? undefined : value;
}

function seconds(source: Source, flag: string, variable: string, fallback: number, min: number, problems: string[]): number {
  const text = read(source, flag, variable);
  if (text === undefined) return fallback * 1000;
  const value = Number(text);
  if (Number.isFinite(value) && value >= min && value <= 86_400) return Math.round(value * 1000);
  problems.push(`${variable} (--${flag}) must be a number of seconds from ${min} to 86400; using ${fallback}`);
  return fallback * 1000;
}

export function readOpsSettings(argv: readonly string[], env: NodeJS.ProcessEnv): { settings: OpsSettings; problems: string[] } {
  const source = { argv, env };
  const problems: string[] = [];
  const heartbeatMs = seconds(source, 'heartbeat-seconds', 'TUNEWALL_HEARTBEAT_SECONDS', 5, 0.2, problems);
  let rendererStaleMs = seconds(source, 'renderer-stale-seconds', 'TUNEWALL_RENDERER_STALE_SECONDS', 15, 0.5, problems);
  if (rendererStaleMs < heartbeatMs * 2) {
    problems.push('TUNEWALL_RENDERER_STALE_SECONDS must be at least two heartbeats; using three');
    rendererStaleMs = heartbeatMs * 3;
  }
  const credentials = env['CREDENTIALS_DIRECTORY'];
  return {
    settings: {
      heartbeatMs,
      rendererStaleMs,
      screenProblemMs: seconds(source, 'screen-problem-seconds', 'TUNEWALL_SCREEN_PROBLEM_SECONDS', 600, 0.5, problems),
      metricsListen: read(source, 'metrics-listen', 'TUNEWALL_METRICS_LISTEN'),
      metricsTokenFile:
        read(source, 'metrics-token-file', 'TUNEWALL_METRICS_TOKEN_FILE') ??
        (credentials === undefined || credentials === '' ? undefined : join(credentials, 'tunewall-metrics-token')),
      metricsTextfile: read(source, 'metrics-textfile', 'TUNEWALL_METRICS_TEXTFILE'),
      metricsTextfileMs: seconds(source, 'metrics-textfile-seconds', 'TUNEWALL_METRICS_TEXTFILE_SECONDS', 15, 0.2, problems),
    },
    problems,
  };
}

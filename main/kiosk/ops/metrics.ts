/**
 * Fleet metrics in Prometheus's format, with prom-client: what a head office needs to know of each display, in at most
 * 60 series (SERIES_BUDGET), so one Prometheus scrapes a thousand displays comfortably. Labels take a small fixed set
 * of values; no token, member name or id is ever a label or a value. Read from the status facts at scrape time.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CATALOG_ERROR_KINDS, RECOVERY_CAUSES, SCREENS, SIGN_IN_MODES, type OpsStatus } from './status';

export const SERIES_BUDGET = 60;

export interface MetricsSources {
  status: OpsStatus;
  version: string;
  /** How many times the shell started on this data folder before this start. */
  restarts: number;
  /** Epoch ms the access token stops working (the core's diagnostics), or undefined. */
  tokenValidUntil: () => Promise<number | undefined>;
  now?: () => number;
}

export interface TunewallMetrics {
  registry: Registry;
  /** The exposition text. */
  render(): Promise<string>;
  stop(): void;
}

const PRESS_BUCKETS = [0.016, 0.033, 0.05, 0.1, 0.2, 0.5, 1];
/** The token's expiry comes from a diagnostics call, which asks the service: once a minute at most. */
const EXPIRY_CACHE_MS = 60_000;

export function createMetrics(sources: MetricsSources): TunewallMetrics {
  const { status } = sources;
  const now = sources.now ?? Date.now;
  const registry = new Registry();
  const seconds = (ms: number): number => Math.max(0, ms) / 1000;
  factGauges(registry, status, sources.version, now);
  let expiry: { at: number; value: number | undefined } | undefined;
  const tokenGauge = new Gauge({
    name: 'tunewall_token_expiry_seconds',
    help: 'Seconds until the access token expires (absent when not signed in).',
    registers: [registry],
    async collect() {
      if (expiry === undefined || now() - expiry.at > EXPIRY_CACHE_MS) {
        expiry = { at: now(), value: status.facts().signIn === 'none' ? undefined : await sources.tokenValidUntil().catch(() => undefined) };
      }
      if (expiry.value === undefined) tokenGauge.reset();
      else tokenGauge.set(seconds(expiry.value - now()));
    },
  });
  const outages = new Counter({ name: 'tunewall_outages_total', help: 'Times the music service stopped answering.', registers: [registry] });
  const errors = new Counter({ name: 'tunewall_catalog_errors_total', help: 'Catalog requests that failed, by kind.', labelNames: ['kind'], registers: [registry] });
  const recoveries = new Counter({ name: 'tunewall_recoveries_total', help: 'Recoveries of the screen, by cause.', labelNames: ['cause'], registers: [registry] });
  new Counter({ name: 'tunewall_restarts_total', help: 'Times the kiosk shell started again on this data folder.', registers: [registry] }).inc(sources.restarts);
  const presses = new Histogram({
    name: 'tunewall_remote_press_latency_seconds',
    help: "From a remote's key press to the frame showing its effect.",
    buckets: PRESS_BUCKETS,
    registers: [registry],
  });

  // Counters follow the facts' own counts (by what was added since the last scrape); every kind is there at 0.
  const synced = new Map<string, number>();
  const follow = (counter: Counter, key: string, label: string | undefined, total: number): void => {
    const child = label === undefined ? counter : counter.labels(label);
    const added = total - (synced.get(key) ?? 0);
    child.inc(added > 0 ? added : 0);
    synced.set(key, total);
  };
  const syncCounters = (): void => {
    const facts = status.facts();
    follow(outages, 'outages', undefined, facts.outages);
    for (const kind of CATALOG_ERROR_KINDS) follow(errors, `error:${kind}`, kind, facts.catalogErrors[kind]);
    for (const cause of RECOVERY_CAUSES) follow(recoveries, `recovery:${cause}`, cause, facts.recoveries[cause]);
  };
  const unsubscribe = status.onPresses((latencies) => {
    for (const ms of latencies) presses.observe(ms / 1000);
  });
  return {
    registry,
    async render() {
      syncCounters();
      return registry.metrics();
    },
    stop: unsubscribe,
  };
}

/** Gauges read from the status facts at scrape time. */
function factGauges(registry: Registry, status: OpsStatus, version: string, now: () => number): void {
  const seconds = (ms: number): number => Math.max(0, ms) / 1000;
  const gauge = (name: string, help: string, read: () => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const value = read();
        if (value === undefined) this.reset();
        else this.set(value);
      },
    });
  gauge('tunewall_up', 'The kiosk shell is running (1).', () => 1);
  new Gauge({ name: 'tunewall_build_info', help: 'Version of Tunewall running.', labelNames: ['version'], registers: [registry] })
    .labels(version.slice(0, 32))
    .set(1);
  new Gauge({
    name: 'tunewall_screen',
    help: 'The screen on display (1 for the current one); other: loading, an error or nothing painted yet.',
    labelNames: ['screen'],
    registers: [registry],
    collect() {
      const current = status.facts().screen;
      for (const screen of SCREENS) this.labels(screen).set(screen === current ? 1 : 0);
    },
  });
  new Gauge({
    name: 'tunewall_sign_in',
    help: 'How the display is signed in (1 for the current mode).',
    labelNames: ['mode'],
    registers: [registry],
    collect() {
      const mode = status.facts().signIn;
      for (const m of SIGN_IN_MODES) this.labels(m).set(m === mode ? 1 : 0);
    },
  });
  gauge('tunewall_members', 'Members signed in on the display (the guest not counted).', () => status.facts().members);
  gauge('tunewall_service_reachable', 'Whether the music service answers (1) or not (0).', () => (status.facts().offlineSince === undefined ? 1 : 0));
  gauge('tunewall_catalog_last_success_timestamp_seconds', 'When the catalog last answered successfully (Unix time).', () => {
    const at = status.facts().lastCatalogOkAt;
    return at === undefined ? undefined : at / 1000;
  });
  gauge('tunewall_offline_seconds', 'Seconds the music service has not answered (0 while it answers).', () => {
    const since = status.facts().offlineSince;
    return since === undefined ? 0 : seconds(now() - since);
  });
  gauge('tunewall_renderer_heartbeat_age_seconds', "Age of the page's last heartbeat (absent before the first).", () => {
    const at = status.facts().heartbeatAt;
    return at === undefined ? undefined : seconds(now() - at);
  });
  gauge('process_resident_memory_bytes', 'Resident memory of the kiosk shell.', () => process.memoryUsage.rss());
  gauge('nodejs_heap_size_used_bytes', "The kiosk shell's JavaScript heap in use.", () => process.memoryUsage().heapUsed);
  gauge('process_start_time_seconds', 'When the kiosk shell started (Unix time).', () => status.facts().startedAt / 1000);
}

/**
 * The fleet metrics: promtool (Debian's prometheus package) accepts them, at most 60 series, every listed metric
 * there, never a token, a member's name or an id; /metrics behind a bearer token when one is configured and closed
 * beyond loopback without one; the textfile written atomically.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createJsonLogger } from '../../../../main/kiosk/ops/log';
import { createMetrics, SERIES_BUDGET } from '../../../../main/kiosk/ops/metrics';
import { startMetricsEndpoint, startTextfileWriter } from '../../../../main/kiosk/ops/metricsExport';
import { createOpsStatus } from '../../../../main/kiosk/ops/status';
import type { AppState } from '../../../../shared/bridge';

const dir = mkdtempSync(join(tmpdir(), 'tunewall-metrics-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MEMBER = '林語彤';
const MEMBER_ID = 'member-8f3e2a91';
const TOKEN = 'tokenvalue-should-never-appear-1234567890';

function signedInStatus() {
  const status = createOpsStatus();
  status.noteState({
    auth: { status: 'signed-in', mode: 'member', member: { name: MEMBER, images: [], territory: 'TW' } },
    configProblems: [],
    network: { online: true, retryAt: undefined },
    storage: { protection: 'key-file', reason: undefined, params: { path: `/keys/${MEMBER_ID}` } },
    territory: 'TW',
    language: 'en',
    systemLocale: 'en-US',
    guestModeAvailable: false,
    sandbox: undefined,
    kiosk: { enabled: true, idleSeconds: 300 },
    household: { members: [], guest: { available: true, child: false }, active: undefined, lastChosen: undefined, skipChooser: false, pinSet: false, explicit: 'show', adding: undefined },
    voiceGuidance: { enabled: false, shellEngine: undefined, shellLanguages: [], shellVoices: [] },
    companion: { available: true, listening: false, pinRequired: false, phones: [] },
    display: { textSize: 100, highContrast: false },
    version: '0.1.0',
  } satisfies AppState);
  status.noteHeartbeat({ screen: 'home', problem: 'none' });
  status.noteCatalog({ ok: true });
  status.noteCatalog({ ok: false, kind: 'server' });
  status.noteCatalog({ ok: false, kind: 'server' });
  status.noteRecovery('browser-exited');
  return status;
}

function metricsFor(status = signedInStatus()) {
  return createMetrics({ status, version: '0.1.0', restarts: 2, tokenValidUntil: async () => Date.now() + 3_600_000 });
}

function promtool(text: string): { status: number | null; output: string } {
  const run = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

const samples = (text: string): string[] => text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));

describe('the metrics', () => {
  it('are accepted by promtool check metrics, in at most 60 series', async () => {
    const text = await metricsFor().render();
    expect(promtool(text)).toEqual({ status: 0, output: '' });
    const count = samples(text).length;
    process.stdout.write(`metrics series per display: ${count}\n`);
    expect(count).toBeLessThanOrEqual(SERIES_BUDGET);
  });

  it('say what a head office needs', async () => {
    const status = signedInStatus();
    const metrics = metricsFor(status);
    status.noteHeartbeat({ screen: 'home', problem: 'none', presses: [12, 40, 180] });
    const lines = samples(await metrics.render());
    const value = (series: string) => lines.find((l) => l.startsWith(`${series} `))?.split(' ')[1];
    expect(value('tunewall_up')).toBe('1');
    expect(value('tunewall_build_info{version="0.1.0"}')).toBe('1');
    expect(value('tunewall_screen{screen="home"}')).toBe('1');
    expect(value('tunewall_screen{screen="pairing"}')).toBe('0');
    expect(value('tunewall_sign_in{mode="member"}')).toBe('1');
    expect(Number(value('tunewall_token_expiry_seconds'))).toBeGreaterThan(3500);
    expect(value('tunewall_service_reachable')).toBe('1');
    expect(Number(value('tunewall_catalog_last_success_timestamp_seconds'))).toBeGreaterThan(1.7e9);
    expect(value('tunewall_catalog_errors_total{kind="server"}')).toBe('2');
    expect(value('tunewall_catalog_errors_total{kind="network"}')).toBe('0');
    expect(value('tunewall_offline_seconds')).toBe('0');
    expect(value('tunewall_outages_total')).toBe('0');
    expect(value('tunewall_renderer_heartbeat_age_seconds')).toBeDefined();
    expect(value('tunewall_recoveries_total{cause="browser-exited"}')).toBe('1');
    expect(value('tunewall_restarts_total')).toBe('2');
    expect(value('tunewall_remote_press_latency_seconds_count')).toBe('3');
    expect(value('tunewall_remote_press_latency_seconds_bucket{le="0.05"}')).toBe('2');
    expect(Number(value('process_resident_memory_bytes'))).toBeGreaterThan(1e6);
    expect(Number(value('nodejs_heap_size_used_bytes'))).toBeGreaterThan(1e5);

    // Counters follow the facts between scrapes, never counting twice.
    status.noteCatalog({ ok: false, kind: 'server' });
    status.noteState({ ...({} as AppState), auth: { status: 'starting' }, network: { online: false, retryAt: undefined }, household: { members: [] } } as unknown as AppState);
    const again = samples(await metrics.render());
    expect(again).toContain('tunewall_catalog_errors_total{kind="server"} 3');
    expect(again).toContain('tunewall_service_reachable 0');
    expect(again).toContain('tunewall_outages_total 1');
    expect(again).toContain('tunewall_sign_in{mode="none"} 1');
  });

  it('say when several members are signed in and the chooser is up, counting members without naming them', async () => {
    const status = signedInStatus();
    const metrics = metricsFor(status);
    const member = (key: string) => ({ key, name: MEMBER, images: [], child: false, needsPairing: false });
    const before = samples(await metrics.render()).length;
    status.noteState({
      ...({} as AppState),
      auth: { status: 'choosing' },
      network: { online: true, retryAt: undefined },
      household: { members: [member('k1'), member(MEMBER_ID)] },
    } as unknown as AppState);
    const text = await metrics.render();
    const lines = samples(text);
    expect(lines).toContain('tunewall_sign_in{mode="choosing"} 1');
    expect(lines).toContain('tunewall_sign_in{mode="member"} 0');
    expect(lines).toContain('tunewall_members 2');
    expect(lines.length).toBe(before);
    for (const secret of [MEMBER, MEMBER_ID, 'k1']) expect(text).not.toContain(secret);
  });

  it('never carry a token, a member name or an id', async () => {
    const text = await metricsFor().render();
    for (const secret of [MEMBER, MEMBER_ID, TOKEN]) expect(text).not.toContain(secret);
    // Every label value is from a small fixed set (or the version).
    const labelValues = [...text.matchAll(/="([^"]*)"/g)].map((m) => m[1]);
    for (const v of labelValues) expect(v).toMatch(/^(0\.1\.0|[a-z-]+|[0-9.+Inf]+)$/);
  });
});

describe('/metrics', () => {
  const logged: string[] = [];
  const logger = createJsonLogger({ level: 'info', write: (line) => logged.push(line) });
  const render = () => metricsFor().render();

  it('answers on loopback without a token when none is configured', async () => {
    const endpoint = await startMetricsEndpoint({ listen: '127.0.0.1:0', tokenFile: undefined, render, logger });
    if (endpoint === undefined) throw new Error('not started');
    try {
      const response = await fetch(`${endpoint.origin}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      expect(await response.text()).toContain('tunewall_up 1');
      expect((await fetch(`${endpoint.origin}/other`)).status).toBe(404);
    } finally {
      await endpoint.close();
    }
  });

  it('requires the bearer token from the credential when there is one', async () => {
    const tokenFile = join(dir, 'metrics-token');
    writeFileSync(tokenFile, `${TOKEN}\n`, { mode: 0o600 });
    const endpoint = await startMetricsEndpoint({ listen: '127.0.0.1:0', tokenFile, render, logger });
    if (endpoint === undefined) throw new Error('not started');
    try {
      expect((await fetch(`${endpoint.origin}/metrics`)).status).toBe(401);
      expect((await fetch(`${endpoint.origin}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
      const ok = await fetch(`${endpoint.origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
    } finally {
      await endpoint.close();
    }
  });

  it('stays closed beyond loopback without a token, and says why', async () => {
    const endpoint = await startMetricsEndpoint({ listen: '0.0.0.0:0', tokenFile: join(dir, 'missing'), render, logger });
    expect(endpoint).toBeUndefined();
    expect(logged.at(-1)).toContain('listening beyond loopback needs a bearer token');
    expect(await startMetricsEndpoint({ listen: 'nonsense', tokenFile: undefined, render, logger })).toBeUndefined();
  });
});

describe('the textfile for node_exporter', () => {
  it('is replaced whole (no temporary file left), accepted by promtool, and removed when the shell stops', async () => {
    const path = join(dir, 'tunewall.prom');
    const logger = createJsonLogger({ level: 'info', write: () => undefined });
    const writer = startTextfileWriter({ path, everyMs: 60_000, render: () => metricsFor().render(), logger });
    if (writer === undefined) throw new Error('not started');
    await writer.write();
    expect(readdirSync(dir).filter((f) => f.startsWith('tunewall.prom'))).toEqual(['tunewall.prom']);
    expect(promtool(readFileSync(path, 'utf8'))).toEqual({ status: 0, output: '' });
    await writer.stop();
    expect(existsSync(path)).toBe(false);
    expect(startTextfileWriter({ path: join(dir, 'tunewall.txt'), everyMs: 1000, render: async () => '', logger })).toBeUndefined();
  });
});

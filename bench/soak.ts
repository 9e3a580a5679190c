/**
 * The soak: a month of a store display's life in minutes (`npm run bench:soak`, `-- --days=N` for fewer). Not part of
 * `npm test`. The built kiosk shell opens the system Chromium itself (headless), against a sandbox in this process
 * whose clock jumps 6 hours at a time, so every access token runs out on the service's clock and the refresh token
 * is rotated four times a simulated day; each day the service also goes away for a while; on day 10 Chromium is
 * killed and on day 20 the page's renderer is frozen (SIGSTOP). This script plays systemd: it starts the shell again
 * whenever it exits. At the end the display must be on Home with content fetched after the last jump, signed in,
 * never paired again, its RSS grown by at most 10 MB from the first day to the last, and its metrics must have
 * counted every outage and recovery. Writes bench/SOAK-RESULTS.md.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startSandbox, type RunningSandbox } from '../sandbox/index';
import { killTree, processTree } from '../main/kiosk/ops/processTree';
import { listenNotifySocket, type NotifySocket } from '../test/support/notifySocket';
import { spawnKioskShell, type KioskProcess } from '../test/support/kioskProcess';
import { REPO, rssOf } from './shell';

const DAYS = Number(process.argv.find((a) => a.startsWith('--days='))?.slice('--days='.length) ?? '30');
const STEPS_PER_DAY = 4;
const HOME = 'Home · member · online';
const RSS_BUDGET_BYTES = 10 * 1024 * 1024;

interface Supervisor {
  current(): KioskProcess;
  /** Exits the shell had, with the reason it logged. */
  exits: { code: number | null; reason: string | undefined }[];
  stop(): Promise<void>;
}

async function waitFor<T>(what: string, read: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`soak: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function latestStatus(socket: NotifySocket): string | undefined {
  return socket.messages().flatMap((m) => (m.fields['STATUS'] === undefined ? [] : [m.fields['STATUS']])).at(-1);
}

/** Starts the shell, and starts it again whenever it exits, as `Restart=always` does. */
async function supervise(env: Record<string, string>): Promise<Supervisor> {
  let shell = await spawnKioskShell(env, { openBrowser: true });
  let stopping = false;
  const exits: Supervisor['exits'] = [];
  const watch = (running: KioskProcess): void => {
    void running.exited.then(async (code) => {
      for (const pid of browserPids(running)) killTree(pid);
      if (stopping) return;
      const reason = /"level":"error","message":"([^"]*recoveries[^"]*)"/.exec(running.log())?.[1];
      exits.push({ code, reason });
      shell = await spawnKioskShell(env, { openBrowser: true });
      watch(shell);
    });
  };
  watch(shell);
  return {
    current: () => shell,
    exits,
    async stop() {
      stopping = true;
      await shell.stop();
      for (const pid of browserPids(shell)) killTree(pid);
    },
  };
}

function browserPids(shell: KioskProcess): number[] {
  return [...shell.stdout().matchAll(/Chromium started \(pid (\d+)\)/g)].map((m) => Number(m[1]));
}

async function scrape(shell: KioskProcess): Promise<string> {
  const origin = /"origin":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*"message":"metrics: \/metrics listening"/.exec(shell.log())?.[1];
  if (origin === undefined) throw new Error('soak: the shell names no /metrics address');
  return (await fetch(`${origin}/metrics`)).text();
}

function metric(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? Number.NaN : Number(line.split(' ')[1]);
}

/** The Tunewall page in the shell's Chromium, through the DevTools port the wrapper opened. */
async function appPage(dataDir: string, origin: string): Promise<{ browser: Browser; page: Page }> {
  return waitFor('the page in Chromium', async () => {
    try {
      const port = readFileSync(join(dataDir, 'chromium', 'DevToolsActivePort'), 'utf8').split('\n')[0];
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port ?? ''}`);
      const page = browser.contexts()[0]?.pages().find((p) => p.url().startsWith(origin));
      if (page !== undefined) return { browser, page };
      await browser.close();
    } catch {
      // Chromium is still starting (or was just replaced): try again.
    }
    return undefined;
  });
}

/** Opens a chart from Home and goes back: a detail is never cached, so it always asks the catalog. */
async function openChart(page: Page): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const key = await page.locator('.is-focused').first().getAttribute('data-focus-key', { timeout: 10_000 });
    if (key?.startsWith('tile:charts:') === true) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await page.locator('main.screen.detail').waitFor({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await page.locator('main.screen.home').waitFor({ timeout: 30_000 });
}

/** The Tunewall page of the shell's current Chromium, connected again after Chromium was replaced. */
function pageKeeper(dataDir: string, supervisor: Supervisor): () => Promise<Page> {
  let held: { pid: number; browser: Browser; page: Page } | undefined;
  return async () => {
    const shell = supervisor.current();
    const pid = browserPids(shell).at(-1) ?? 0;
    if (held?.pid === pid && !held.page.isClosed()) return held.page;
    await held?.browser.close().catch(() => undefined);
    const { browser, page } = await appPage(dataDir, shell.origin);
    held = { pid, browser, page };
    return page;
  };
}

/** One jump of the service's clock: a chart is opened, the expired token refreshed, the chart fetched. */
async function step(service: RunningSandbox, socket: NotifySocket, supervisor: Supervisor, page: () => Promise<Page>, hours: number): Promise<void> {
  service.control.advanceTime(hours * 3600 * 1000);
  const before = Date.now() / 1000;
  await openChart(await page());
  await waitFor('fresh content', async () => latestStatus(socket) === HOME && metric(await scrape(supervisor.current()), 'tunewall_catalog_last_success_timestamp_seconds') > before);
}

/** One simulated day: four clock jumps, an outage, and on days 10 and 20 a fault for the shell to recover from. */
async function simulateDay(
  day: number,
  { service, socket, supervisor, page }: { service: RunningSandbox; socket: NotifySocket; supervisor: Supervisor; page: () => Promise<Page> },
): Promise<void> {
  for (let s = 0; s < STEPS_PER_DAY; s++) await step(service, socket, supervisor, page, 24 / STEPS_PER_DAY);
  // The service goes away: the display says so, then comes back by itself once the service answers.
  service.control.setFaults({ dropRate: 1 });
  const tried = await page();
  await tried.keyboard.press('Enter');
  await waitFor('the display offline', () => latestStatus(socket)?.startsWith('Offline for'));
  await tried.keyboard.press('Escape');
  service.control.setFaults({ dropRate: 0 });
  await waitFor('the display back online', () => latestStatus(socket) === HOME, 90_000);
  if (day === 10) {
    process.kill(browserPids(supervisor.current()).at(-1) ?? 0, 'SIGKILL');
    await waitFor('Chromium started again', () => browserPids(supervisor.current()).length >= 2 && latestStatus(socket) === HOME);
  }
  if (day === 20) {
    const browser = browserPids(supervisor.current()).at(-1) ?? 0;
    for (const pid of processTree(browser).slice(1)) {
      if (/--type=renderer/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) process.kill(pid, 'SIGSTOP');
    }
    await waitFor('the frozen page brought back', () => browserPids(supervisor.current()).at(-1) !== browser && latestStatus(socket) === HOME);
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'tunewall-soak-'));
  const service = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
  const socket = await listenNotifySocket(work);
  const wrapper = join(work, 'chromium');
  writeFileSync(wrapper, '#!/bin/sh\nexec /usr/bin/chromium --headless=new --remote-debugging-port=0 "$@"\n');
  chmodSync(wrapper, 0o755);
  const keyFile = join(work, 'vault.key');
  writeFileSync(keyFile, randomBytes(32).toString('hex'), { mode: 0o600 });
  const dataDir = join(work, 'data');
  const env = {
    TUNEWALL_CLIENT_ID: service.client.id,
    TUNEWALL_CLIENT_SECRET: service.client.secret,
    TUNEWALL_AUTH_URL: service.urls.auth,
    TUNEWALL_API_URL: service.urls.api,
    TUNEWALL_VAULT_KEY_FILE: keyFile,
    TUNEWALL_DATA_DIR: dataDir,
    TUNEWALL_LANGUAGE: 'en',
    TUNEWALL_CHROMIUM: wrapper,
    NOTIFY_SOCKET: socket.path,
    TUNEWALL_HEARTBEAT_SECONDS: '0.5',
    TUNEWALL_RENDERER_STALE_SECONDS: '3',
    TUNEWALL_METRICS_LISTEN: '127.0.0.1:0',
  };
  const started = Date.now();
  const supervisor = await supervise(env);
  const rss: number[] = [];
  let outages = 0;
  const page = pageKeeper(dataDir, supervisor);
  try {
    const code = await waitFor('a pairing code', () => /^Pairing · code ([A-Z]{4}-[A-Z]{4})$/.exec(latestStatus(socket) ?? '')?.[1]);
    service.control.approve(code);
    await waitFor('Home after pairing', () => latestStatus(socket) === HOME);
    for (let day = 1; day <= DAYS; day++) {
      await simulateDay(day, { service, socket, supervisor, page });
      outages += 1;
      rss.push(rssOf(supervisor.current().pid));
      process.stdout.write(`day ${day}: RSS ${((rss.at(-1) ?? 0) / 1048576).toFixed(1)} MB, status "${latestStatus(socket) ?? ''}"\n`);
    }
    const metrics = await scrape(supervisor.current());
    const pairings = service.control.requestLog().filter((r) => r.path === '/oauth2/device/code').length;
    const refreshes = service.control.requestLog().filter((r) => r.path === '/oauth2/token' && r.status === 200).length;
    const growth = (rss.at(-1) ?? 0) - (rss[0] ?? 0);
    const checks: [string, string, boolean][] = [
      ['ends on Home, signed in, with a chart fetched after the last jump', latestStatus(socket) ?? '', latestStatus(socket) === HOME],
      ['device codes asked for (paired once, never again)', String(pairings), pairings === 1],
      ['token answers (sign-in and every refresh)', String(refreshes), refreshes >= DAYS * STEPS_PER_DAY],
      ['RSS growth, day 1 → last day', `${(growth / 1048576).toFixed(1)} MB`, growth <= RSS_BUDGET_BYTES],
      ['RSS peak (informational: V8 collects in large steps)', `${(Math.max(...rss) / 1048576).toFixed(1)} MB`, true],
      ['outages counted by tunewall_outages_total', `${metric(metrics, 'tunewall_outages_total')} of ${outages}`, metric(metrics, 'tunewall_outages_total') === outages],
      [
        'recoveries counted (browser exited, renderer unresponsive)',
        `${metric(metrics, 'tunewall_recoveries_total{cause="browser-exited"}')}, ${metric(metrics, 'tunewall_recoveries_total{cause="renderer-unresponsive"}')}`,
        metric(metrics, 'tunewall_recoveries_total{cause="browser-exited"}') === (DAYS >= 10 ? 1 : 0) &&
          metric(metrics, 'tunewall_recoveries_total{cause="renderer-unresponsive"}') === (DAYS >= 20 ? 1 : 0),
      ],
      ['shell exits (systemd would restart it)', String(supervisor.exits.length), supervisor.exits.length === 0],
    ];
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    const table = ['| check | figure | verdict |', '|---|---|---|', ...checks.map(([what, figure, ok]) => `| ${what} | ${figure} | ${ok ? 'ok' : 'FAILED'} |`)];
    const report = [
      '# Soak results',
      '',
      `${new Date().toISOString()} · ${DAYS} simulated days (${DAYS * STEPS_PER_DAY} clock jumps of ${24 / STEPS_PER_DAY} h, ${outages} outages) in ${minutes} min · \`npm run bench:soak\``,
      '',
      ...table,
      '',
      `RSS per simulated day (MB): ${rss.map((b) => (b / 1048576).toFixed(1)).join(', ')}`,
      '',
      `The month is compressed by the service's clock: the shell itself runs ${minutes} min of real time, so what happens per`,
      'second of real time (heartbeats, watchdog pings, keep-alives) is exercised for minutes, not for a month.',
      '',
    ].join('\n');
    writeFileSync(join(REPO, 'bench', 'SOAK-RESULTS.md'), report);
    process.stdout.write(`\n${report}`);
    if (checks.some(([, , ok]) => !ok)) process.exitCode = 1;
  } finally {
    await supervisor.stop();
    socket.close();
    await service.close();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

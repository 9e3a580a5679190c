/**
 * `npm run bench` (`-- --quick` for about a minute): how fast Tunewall starts, pairs and answers the remote, and what
 * it costs in memory, bytes and requests, each figure against its budget. Runs the built kiosk shell against a
 * sandbox in this process (60 ms added to every service answer) in the system Chromium; prints a table and writes
 * bench/results.json and bench/RESULTS.md. Not part of `npm test`: these are measurements, not pass/fail checks.
 * Build first: `npm run build:renderer && npm run build:kiosk` (the npm script does).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { z } from 'zod';
import { startSandbox, type LoggedRequest, type RunningSandbox } from '../sandbox/index';
import {
  artworkSettled,
  drawnImages,
  focusedKey,
  HomeWalk,
  homePosition,
  paintedAt,
  pressAndMeasure,
  PROBE_SCRIPT,
  resetMark,
  shown,
  waitUntil,
  type PressRecord,
} from './probe';
import { REPO, startShell, type Shell, type ShellService } from './shell';
import { allOverlap, differences, maxConcurrency, summarise, verdict, type Budget, type Summary, type Verdict } from './stats';

const QUICK = process.argv.includes('--quick');
const ITERATIONS = QUICK ? 3 : 12;
const PRESSES = QUICK ? 20 : 200;
const SCREEN_PAIRS = 10; // ten details and ten returns to Home: 20 screens
const LATENCY_MS = 60;
const SLOW_LATENCY_MS = 3000;
const POLL_INTERVAL_S = 2;
const CHROMIUM = process.env['TUNEWALL_CHROMIUM'] ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
/**
 * For the key-press figure only: frames are drawn as soon as there is something to draw instead of on the display's
 * next 60 Hz tick, so the figure is Tunewall's own work (handlers, render, paint) and not a 0–16.7 ms wait for vsync.
 */
const UNTHROTTLED_FRAMES = ['--disable-gpu-vsync', '--disable-frame-rate-limit'];
const VIEWPORT = { width: 1920, height: 1080 };
const BASELINE_DIR = join(REPO, 'bench/baseline');
const RENDERER_DIR = join(REPO, 'out/renderer');
const MB = 1024 * 1024;

interface Figure {
  id: string;
  title: string;
  unit: 'ms' | 'MB' | 'KB' | '×' | 'count';
  summary: Summary;
  verdict: Verdict;
  budgetText: string;
  /** Other numbers worth keeping beside the judged one. */
  detail: Record<string, number | string | boolean>;
}

const figures: Figure[] = [];
function addFigure(f: Omit<Figure, 'verdict'> & { budget: Budget }): void {
  const { budget, ...rest } = f;
  figures.push({ ...rest, verdict: verdict(f.summary, budget) });
}
const one = (value: number): Summary => summarise([value]);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

/**
 * Opens the app as the shell's browser would: the launch page (a file) hands the one-time key to /launch, whose page
 * moves on to the app. Probes wait for that last page; the ones before it come and go.
 */
async function openApp(page: Page, shell: Shell): Promise<void> {
  await page.goto(shell.launchUrl);
  await page.waitForURL(`${shell.origin}/`, { waitUntil: 'commit' });
}

class Bench {
  private browser: Browser | undefined;
  private fastBrowser: Browser | undefined;
  private readonly work = mkdtempSync(join(tmpdir(), 'tunewall-bench-'));
  private readonly keyFile = join(this.work, 'vault.key');
  private shells = new Set<Shell>();

  constructor(readonly sb: RunningSandbox) {
    writeFileSync(this.keyFile, randomBytes(32).toString('hex'), { mode: 0o600 });
  }

  get service(): ShellService {
    return { clientId: this.sb.client.id, clientSecret: this.sb.client.secret, origin: this.sb.origin, apiUrl: this.sb.urls.api };
  }

  async browserFor(fast: boolean): Promise<Browser> {
    if (fast) {
      this.fastBrowser ??= await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...UNTHROTTLED_FRAMES] });
      return this.fastBrowser;
    }
    this.browser ??= await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    return this.browser;
  }

  freshDataDir(): string {
    return mkdtempSync(join(this.work, 'data-'));
  }

  async shell(dataDir: string, rendererDir?: string): Promise<Shell> {
    const shell = await startShell({ dataDir, service: this.service, vaultKeyFile: this.keyFile, rendererDir });
    this.shells.add(shell);
    return shell;
  }

  async stop(shell: Shell): Promise<void> {
    await shell.stop();
    this.shells.delete(shell);
  }

  async open(shell: Shell, fast = false): Promise<{ context: BrowserContext; page: Page }> {
    const context = await (await this.browserFor(fast)).newContext({ viewport: VIEWPORT });
    await context.addInitScript({ content: PROBE_SCRIPT });
    const page = await context.newPage();
    await openApp(page, shell);
    return { context, page };
  }

  /** Process start → first paint of `mark`, in a fresh browser context; the shell is stopped unless kept. */
  async startToPaint(dataDir: string, mark: 'baseline' | 'qr' | 'home', rendererDir?: string) {
    const shell = await this.shell(dataDir, rendererDir);
    const { context, page } = await this.open(shell);
    const painted = await paintedAt(page, mark);
    return { shell, context, page, ms: painted - shell.spawnedAt, painted };
  }

  async close(): Promise<void> {
    for (const shell of this.shells) await shell.stop();
    await this.browser?.close();
    await this.fastBrowser?.close();
    await this.sb.close();
    rmSync(this.work, { recursive: true, force: true });
  }
}

const ROW_PATH = /^\/v1\.1\/(charts|mood-stations|genre-stations|me\/favorite|users\/[^/]+\/playlist-collection)$/;

interface HomeRequests {
  api: number;
  all: number;
  concurrency: number;
  rows: number;
  rowsParallel: boolean;
  chain: string;
}

/** The service requests between approval and Home's first paint (artwork aside: Home paints before its pictures). */
function requestsToHome(requests: readonly LoggedRequest[], from: number, painted: number): HomeRequests {
  const inWindow = requests.filter((r) => r.at >= from && r.at <= painted);
  const api = inWindow.filter((r) => !r.path.startsWith('/artwork/'));
  const rows = api.filter((r) => r.method === 'GET' && ROW_PATH.test(r.path));
  const interval = (r: LoggedRequest) => ({ start: r.at, end: r.at + r.ms });
  const chain = api
    .filter((r) => !r.path.startsWith('/oauth2/token') || r.status === 200)
    .map((r) => `${r.path.replace(/\/users\/[^/]+\//, '/users/…/')} +${Math.round(r.at - from)}ms`)
    .join(', ');
  return {
    api: api.length,
    all: inWindow.length,
    concurrency: maxConcurrency(api.map(interval)),
    rows: rows.length,
    rowsParallel: allOverlap(rows.map(interval)),
    chain,
  };
}

async function startFigures(bench: Bench): Promise<string> {
  const cold: number[] = [];
  const coldBase: number[] = [];
  const warm: number[] = [];
  const warmBase: number[] = [];
  const approval: number[] = [];
  let homeRequests: HomeRequests | undefined;
  let signedInDir = '';
  for (let i = 0; i < ITERATIONS; i++) {
    // Cold: an empty data folder (pairing), the empty page first, then Tunewall.
    const base = await bench.startToPaint(bench.freshDataDir(), 'baseline', BASELINE_DIR);
    await base.context.close();
    await bench.stop(base.shell);
    const dataDir = bench.freshDataDir();
    const app = await bench.startToPaint(dataDir, 'qr');
    coldBase.push(base.ms);
    cold.push(app.ms);

    // Approval at a random moment of the polling cycle.
    await sleep(Math.random() * POLL_INTERVAL_S * 1000);
    const code = (await app.page.getByTestId('user-code').innerText()).trim();
    bench.sb.control.clearRequestLog();
    const approvedAt = Date.now();
    if (!bench.sb.control.approve(code)) throw new Error(`The sandbox had no pending code ${code}.`);
    const home = await paintedAt(app.page, 'home');
    approval.push(home - approvedAt);
    // Every row asked for arrives and is cached before the shell stops (Home asks for rows as focus comes near them:
    // the first screen's), so the warm start paints them from the cache.
    await waitUntil(app.page, `document.querySelectorAll('section.row .row-track[aria-busy="true"]').length === 0`);
    await sleep(300);
    homeRequests ??= requestsToHome(bench.sb.control.requestLog(), approvedAt, home);
    await app.context.close();
    await bench.stop(app.shell);

    // Warm: the same folder, now signed in with every row cached.
    const wbase = await bench.startToPaint(dataDir, 'baseline', BASELINE_DIR);
    await wbase.context.close();
    await bench.stop(wbase.shell);
    const wapp = await bench.startToPaint(dataDir, 'home');
    await wapp.context.close();
    await bench.stop(wapp.shell);
    warmBase.push(wbase.ms);
    warm.push(wapp.ms);
    signedInDir = dataDir;
    log(`start ${i + 1}/${ITERATIONS}: cold ${app.ms} (empty ${base.ms}), approval ${home - approvedAt}, warm ${wapp.ms} (empty ${wbase.ms}) ms`);
  }

  addFigure({
    id: 'cold-start-qr',
    title: 'cold start → QR painted (over the empty page)',
    unit: 'ms',
    summary: summarise(differences(cold, coldBase)),
    budget: { max: 300, judged: 'median' },
    budgetText: '≤ 300 ms over the empty page (median)',
    detail: { appMedianMs: summarise(cold).median, appP95Ms: summarise(cold).p95, emptyPageMedianMs: summarise(coldBase).median },
  });
  addFigure({
    id: 'approval-home',
    title: 'approval → Home painted',
    unit: 'ms',
    summary: summarise(approval),
    budget: { max: POLL_INTERVAL_S * 1000 + 500, judged: 'p95' },
    budgetText: `p95 ≤ poll interval (${POLL_INTERVAL_S} s) + 500 ms`,
    detail: { pollIntervalS: POLL_INTERVAL_S },
  });
  addFigure({
    id: 'warm-start-home',
    title: 'warm start → Home painted (over the empty page)',
    unit: 'ms',
    summary: summarise(differences(warm, warmBase)),
    budget: { max: 400, judged: 'median' },
    budgetText: '≤ 400 ms over the empty page (median)',
    detail: { appMedianMs: summarise(warm).median, appP95Ms: summarise(warm).p95, emptyPageMedianMs: summarise(warmBase).median },
  });

  // No request may stand between a warm start and its first paint: with a 3 s service, Home must still come first.
  bench.sb.control.setFaults({ latencyMs: SLOW_LATENCY_MS });
  bench.sb.control.clearRequestLog();
  const slow = await bench.startToPaint(signedInDir, 'home');
  const answeredBefore = bench.sb.control
    .requestLog()
    .filter((r) => r.at >= slow.shell.spawnedAt && r.at + r.ms <= slow.painted && !r.path.startsWith('/artwork/')).length;
  await slow.context.close();
  await bench.stop(slow.shell);
  bench.sb.control.setFaults({ latencyMs: LATENCY_MS });
  addFigure({
    id: 'warm-start-blocking',
    title: `warm start, service answering in ${SLOW_LATENCY_MS / 1000} s: answers before Home painted`,
    unit: 'count',
    summary: one(answeredBefore),
    budget: { max: 0, judged: 'value' },
    budgetText: '0 (no request blocks the first paint)',
    detail: { homePaintedAfterMs: slow.ms },
  });

  if (homeRequests) {
    addFigure({
      id: 'home-requests',
      title: 'requests to paint Home after approval (rows not in parallel)',
      unit: 'count',
      summary: one(homeRequests.rowsParallel ? 0 : 1),
      budget: { max: 0, judged: 'value' },
      budgetText: 'every independent row fetched in parallel',
      detail: {
        apiRequests: homeRequests.api,
        withArtwork: homeRequests.all,
        maxInFlight: homeRequests.concurrency,
        rowRequests: homeRequests.rows,
        rowsParallel: homeRequests.rowsParallel,
        sequence: homeRequests.chain,
      },
    });
  }
  return signedInDir;
}

/** Home's pictures: bytes transferred against the bytes of pictures at exactly the drawn size. */
async function artworkFigure(bench: Bench, dataDir: string): Promise<void> {
  const shell = await bench.shell(dataDir);
  const context = await (await bench.browserFor(false)).newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: PROBE_SCRIPT });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const bytes = new Map<string, number>();
  const urls = new Map<string, string>();
  cdp.on('Network.responseReceived', (e) => {
    if (!e.response.url.includes('/artwork/')) return;
    urls.set(e.requestId, e.response.url);
    const length = Number(e.response.headers['Content-Length'] ?? e.response.headers['content-length']);
    if (Number.isFinite(length)) bytes.set(e.response.url, length);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const url = urls.get(e.requestId);
    if (url !== undefined && !bytes.has(url)) bytes.set(url, e.encodedDataLength);
  });
  await openApp(page, shell);
  await paintedAt(page, 'home');
  await waitUntil(page, `document.querySelectorAll('section.row .row-track[aria-busy="true"]').length === 0`);
  await sleep(500);
  await artworkSettled(page);
  await sleep(500);
  const drawn = await drawnImages(page);
  // Per picture: the largest area it is drawn at; an image fetched once and drawn twice costs its bytes once.
  const ratio = new Map<string, number>();
  for (const img of drawn) {
    const r = (img.width * img.height) / (img.naturalWidth * img.naturalHeight);
    ratio.set(img.url, Math.max(ratio.get(img.url) ?? 0, r));
  }
  let transferred = 0;
  let ideal = 0;
  let worst = 0;
  let worstUrl = '';
  for (const [url, b] of bytes) {
    transferred += b;
    const r = ratio.get(url) ?? 0; // fetched but drawn nowhere: all of it is waste
    ideal += b * r;
    const waste = r > 0 ? 1 / r : Number.POSITIVE_INFINITY;
    if (waste > worst) {
      worst = waste;
      worstUrl = url.replace(/^https?:\/\/[^/]+/, '');
    }
  }
  await context.close();
  await bench.stop(shell);
  addFigure({
    id: 'artwork-bytes',
    title: 'artwork bytes on Home over the bytes at drawn size',
    unit: '×',
    summary: one(ideal > 0 ? transferred / ideal : Number.POSITIVE_INFINITY),
    budget: { max: 1.5, judged: 'value' },
    budgetText: '≤ 1.5×',
    detail: { images: bytes.size, transferredKB: Math.round(transferred / 1024), idealKB: Math.round(ideal / 1024), worstImage: worstUrl, worstOver: Number(worst.toFixed(2)) },
  });
}

async function longChartId(sb: RunningSandbox, minTracks: number): Promise<string> {
  const token = sb.control.issueMemberToken().access_token;
  const get = async (path: string): Promise<unknown> => {
    const response = await fetch(`${sb.urls.api}/${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
    return response.json();
  };
  const latency = sb.options.faults.latencyMs;
  sb.control.setFaults({ latencyMs: 0 });
  try {
    const charts = z.object({ data: z.array(z.object({ id: z.string() })) }).parse(await get('charts?territory=TW&limit=100'));
    for (const chart of charts.data) {
      const detail = z.object({ tracks: z.object({ summary: z.object({ total: z.number() }) }) }).parse(await get(`charts/${chart.id}?territory=TW`));
      if (detail.tracks.summary.total >= minTracks) return chart.id;
    }
  } finally {
    sb.control.setFaults({ latencyMs: latency });
  }
  throw new Error(`No TW chart has ${minTracks} tracks.`);
}

/** Presses `key` until the focused element's key satisfies `wanted`; gives up after `max` presses. */
async function pressUntil(page: Page, key: string, wanted: (focus: string) => boolean, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    const focus = await focusedKey(page);
    if (focus !== null && wanted(focus)) return;
    await pressAndMeasure(page, key);
  }
  throw new Error(`${key} ×${max} never reached the wanted focus (at ${String(await focusedKey(page))}).`);
}

/**
 * Home asks for its rows as focus comes near them: focus is walked down to the last row and back up (presses not
 * measured), so the press figure is taken on Home with every row, as the budget says.
 */
async function loadEveryRow(page: Page): Promise<void> {
  for (const key of ['ArrowDown', 'ArrowUp']) {
    for (let i = 0; i < 80; i++) {
      const before = await focusedKey(page);
      await page.keyboard.press(key);
      const moved = await waitUntil(page, `(document.querySelector('.is-focused')?.getAttribute('data-focus-key') ?? null) !== ${JSON.stringify(before)}`, 3_000).then(
        () => true,
        () => false,
      );
      if (!moved) break;
    }
  }
  await waitUntil(page, `document.querySelectorAll('section.row .row-track[aria-busy="true"]').length === 0`);
  // From Settings (the top) back to the first tile.
  await pressUntil(page, 'ArrowDown', (f) => f.startsWith('tile:'), 10);
}

async function throttled<T>(cdp: CDPSession, work: () => Promise<T>): Promise<T> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    return await work();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}

function pressFigure(id: string, title: string, records: readonly PressRecord[]): void {
  const moved = records.filter((r) => r.moved);
  addFigure({
    id,
    title,
    unit: 'ms',
    summary: summarise(moved.map((r) => r.ms)),
    budget: { max: 16.7, judged: 'p95' },
    budgetText: 'p95 ≤ 16.7 ms (one frame)',
    detail: {
      presses: records.length,
      focusMoved: moved.length,
      inFirstFrame: moved.filter((r) => r.frames === 1).length,
      maxFrames: Math.max(0, ...moved.map((r) => r.frames)),
    },
  });
}

async function pressFigures(bench: Bench, dataDir: string): Promise<void> {
  const chartId = await longChartId(bench.sb, 500);
  const shell = await bench.shell(dataDir);
  const { context, page } = await bench.open(shell, true);
  const cdp = await context.newCDPSession(page);
  await paintedAt(page, 'home');
  await waitUntil(page, `document.querySelectorAll('section.row .row-track[aria-busy="true"]').length === 0`);
  await shown(page, '.tile.is-focused');
  await loadEveryRow(page);

  // Home: along a row, down to the next, back along it; turning at row ends and at the last row (HomeWalk).
  const home = await throttled(cdp, async () => {
    const records: PressRecord[] = [];
    const walk = new HomeWalk();
    for (let attempts = 0; records.filter((r) => r.moved).length < PRESSES && attempts < PRESSES * 2; attempts++) {
      records.push(await pressAndMeasure(page, walk.next(await homePosition(page))));
      await sleep(40);
    }
    return records;
  });
  pressFigure('press-home', 'remote press → focus painted, Home (CPU 4×)', home);

  // The long chart: open its tile, then down the track list (paging in as it goes).
  await page.goto(`${shell.origin}/`);
  await paintedAt(page, 'home');
  await shown(page, '.tile.is-focused');
  // The charts are the row under the member's favourites.
  await pressUntil(page, 'ArrowDown', (f) => f.startsWith('tile:charts:'), 10);
  await pressUntil(page, 'ArrowRight', (f) => f.includes(chartId));
  await resetMark(page, 'tracks');
  await page.keyboard.press('Enter');
  await paintedAt(page, 'tracks');
  await shown(page, '.track.is-focused');
  const chart = await throttled(cdp, async () => {
    const records: PressRecord[] = [];
    for (let attempts = 0; records.filter((r) => r.moved).length < PRESSES && attempts < PRESSES * 2; attempts++) {
      records.push(await pressAndMeasure(page, 'ArrowDown'));
      await sleep(40);
    }
    return records;
  });
  const total = z.number().parse(await page.evaluate(`document.querySelectorAll('.track[data-focus-key]').length`));
  pressFigure('press-chart', 'remote press → focus painted, 620-track chart (CPU 4×)', chart);
  log(`presses: home ${home.length}, chart ${chart.length} (rows in the DOM at the end: ${total})`);
  await context.close();
  await bench.stop(shell);
}

async function heapUsed(cdp: CDPSession): Promise<number> {
  // Twice: objects freed by the first collection's finalizers go in the second.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = await cdp.send('Runtime.getHeapUsage');
  return usage.usedSize;
}

async function memoryFigures(bench: Bench, dataDir: string): Promise<void> {
  const shell = await bench.shell(dataDir);
  const { context, page } = await bench.open(shell);
  const cdp = await context.newCDPSession(page);
  await paintedAt(page, 'home');
  await shown(page, '.tile.is-focused');
  await waitUntil(page, `document.querySelectorAll('section.row .row-track[aria-busy="true"]').length === 0`);
  // The charts are the row under the member's favourites (a favourite opens its track's panel, not a screen).
  await pressUntil(page, 'ArrowDown', (f) => f.startsWith('tile:charts:'), 10);
  const firstTile = await focusedKey(page);

  // 20 screens: ten charts opened from Home, each followed by Back to Home.
  const round = async (): Promise<void> => {
    await pressUntil(page, 'ArrowLeft', (f) => f === firstTile, 40);
    for (let i = 0; i < SCREEN_PAIRS; i++) {
      const tile = await focusedKey(page);
      await resetMark(page, 'tracks');
      await page.keyboard.press('Enter');
      await paintedAt(page, 'tracks');
      await shown(page, '.track.is-focused');
      await page.keyboard.press('Escape');
      await shown(page, `.tile.is-focused[data-focus-key="${tile ?? ''}"]`);
      await page.keyboard.press('ArrowRight');
      await waitUntil(page, `document.querySelector('.is-focused')?.getAttribute('data-focus-key') !== ${JSON.stringify(tile)}`);
    }
    await sleep(500);
  };
  await round();
  const heap1 = await heapUsed(cdp);
  const rss1 = shell.rssBytes();
  await round();
  const heap2 = await heapUsed(cdp);
  const rss2 = shell.rssBytes();
  await context.close();
  await bench.stop(shell);
  addFigure({
    id: 'renderer-heap',
    title: 'renderer JS heap after 20 screens',
    unit: 'MB',
    summary: one(heap1 / MB),
    budget: { max: 40, judged: 'value' },
    budgetText: '≤ 40 MB',
    detail: { afterSecondRoundMB: Number((heap2 / MB).toFixed(2)) },
  });
  addFigure({
    id: 'renderer-heap-growth',
    title: 'renderer JS heap growth over a second round of the same 20 screens',
    unit: 'MB',
    summary: one((heap2 - heap1) / MB),
    // A collected heap still moves by some hundreds of KB (caches, compiled code); a leak of ten screens shows above it.
    budget: { max: 1, judged: 'value' },
    budgetText: '≤ 1 MB (no growth)',
    detail: {},
  });
  addFigure({
    id: 'shell-rss',
    title: 'kiosk shell process RSS after 20 screens',
    unit: 'MB',
    summary: one(rss1 / MB),
    budget: { max: 150, judged: 'value' },
    budgetText: '≤ 150 MB',
    detail: { afterSecondRoundMB: Number((rss2 / MB).toFixed(1)) },
  });
}

function bundleFigure(): void {
  const files: { name: string; gzip: number }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(js|mjs|css)$/.test(entry)) files.push({ name: path.slice(RENDERER_DIR.length + 1), gzip: gzipSync(readFileSync(path), { level: 9 }).length });
    }
  };
  walk(RENDERER_DIR);
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  addFigure({
    id: 'renderer-bundle',
    title: 'renderer bundle, JS + CSS gzip',
    unit: 'KB',
    summary: one(total / 1024),
    budget: { max: 180, judged: 'value' },
    budgetText: '≤ 180 KB',
    detail: Object.fromEntries(files.map((f) => [f.name, Number((f.gzip / 1024).toFixed(1))])),
  });
}

function fmt(value: number, unit: Figure['unit']): string {
  if (!Number.isFinite(value)) return String(value);
  if (unit === 'count') return String(Math.round(value));
  if (unit === '×') return `${value.toFixed(2)}×`;
  return `${value.toFixed(unit === 'ms' ? 0 : 1)} ${unit}`;
}

function table(): string {
  const rows = figures.map((f) => {
    const single = f.summary.runs === 1;
    return `| ${f.title} | ${single ? '' : f.summary.runs} | ${single ? '—' : fmt(f.summary.median, f.unit)} | ${single ? '—' : fmt(f.summary.p95, f.unit)} | ${fmt(f.verdict.value, f.unit)} | ${f.budgetText} | ${f.verdict.within ? 'within' : '**over**'} |`;
  });
  return ['| figure | runs | median | p95 | value | budget | verdict |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
}

function machine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 1024 ** 3)} GB RAM, Node ${process.version}, ${CHROMIUM} (headless)`;
}

async function main(): Promise<void> {
  const started = Date.now();
  const sb = await startSandbox({ faults: { latencyMs: LATENCY_MS }, lifetimes: { deviceIntervalSeconds: POLL_INTERVAL_S } });
  const bench = new Bench(sb);
  try {
    bundleFigure();
    const signedIn = await startFigures(bench);
    await artworkFigure(bench, signedIn);
    await pressFigures(bench, signedIn);
    await memoryFigures(bench, signedIn);
  } finally {
    await bench.close();
  }
  const date = new Date().toISOString().slice(0, 10);
  const seconds = Math.round((Date.now() - started) / 1000);
  const mode = QUICK ? 'quick' : 'full';
  const results = {
    date,
    mode,
    seconds,
    machine: machine(),
    setup: { iterations: ITERATIONS, presses: PRESSES, serviceLatencyMs: LATENCY_MS, pollIntervalS: POLL_INTERVAL_S, viewport: VIEWPORT },
    figures,
  };
  const text = table();
  process.stdout.write(`\nTunewall bench (${mode}, ${seconds} s) on ${results.machine}\n\n${text}\n\n`);
  writeFileSync(join(REPO, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const details = figures
    .filter((f) => Object.keys(f.detail).length > 0)
    .map((f) => `- **${f.title}**: ${Object.entries(f.detail).map(([k, v]) => `${k} ${typeof v === 'number' ? String(Number(v.toFixed(1))) : String(v)}`).join(', ')}`)
    .join('\n');
  writeFileSync(
    join(REPO, 'bench/RESULTS.md'),
    `# Tunewall bench results\n\n${date}, \`npm run bench${QUICK ? ' -- --quick' : ''}\` (${mode}, ${seconds} s), on ${results.machine}.\n` +
      `Service: the sandbox in the bench process, ${LATENCY_MS} ms added to every answer, device poll interval ${POLL_INTERVAL_S} s; ` +
      `viewport ${VIEWPORT.width}×${VIEWPORT.height}. What each figure means: README.md, "Benchmarks".\n\n${text}\n\nDetails:\n\n${details}\n`,
  );
  if (figures.some((f) => !f.verdict.within)) process.stdout.write('Some figures are over budget (see the table).\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

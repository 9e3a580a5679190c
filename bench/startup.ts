/**
 * Start-up figures against the bench's sandbox (the service, 60 ms added to every answer): cold start → QR, approval →
 * Home, warm start → Home, whether any request blocks a warm start's first paint, whether Home's rows are fetched in
 * parallel, and the artwork bytes Home spends. Start figures are measured over the same shell painting an empty page
 * (bench/baseline/index.html), paired run by run, so they follow the code rather than the machine.
 */
import { join } from 'node:path';
import type { LoggedRequest } from '../sandbox/index';
import type { FigureBook } from './figures';
import { log, openApp, rowsSettled, sleep, VIEWPORT, type Bench } from './harness';
import { artworkSettled, drawnImages, paintedAt, PROBE_SCRIPT } from './probe';
import { REPO } from './shell';
import { allOverlap, differences, maxConcurrency, summarise } from './stats';

export const BASELINE_DIR = join(REPO, 'bench/baseline');
const SLOW_LATENCY_MS = 3000;

export const BUDGETS = {
  coldStartOverEmptyMs: 100,
  warmStartOverEmptyMs: 150,
  approvalOverPollMs: 300,
  artworkBytes: 1.25,
} as const;

const ROW_PATH = /^\/v1\.1\/(charts|new-hits-playlists|mood-stations|genre-stations|new-release-categories|children-categories|me\/favorite|users\/[^/]+\/(playlist-collection|album-collection|shared-playlists))$/;

interface HomeRequests {
  api: number;
  all: number;
  concurrency: number;
  rows: number;
  rowsParallel: boolean;
  chain: string;
}

/** A start figure judged over the empty page: run by run, Tunewall's time minus the empty page's. */
function addOverEmpty(
  book: FigureBook,
  id: string,
  title: string,
  app: number[],
  empty: number[],
  maxMs: number,
  more: Record<string, number> = {},
): void {
  book.add({
    id,
    title,
    unit: 'ms',
    measure: 'over the empty page',
    summary: summarise(differences(app, empty)),
    budget: { max: maxMs, judged: 'median' },
    budgetText: `≤ ${maxMs} ms over the empty page (median)`,
    detail: { appMedianMs: summarise(app).median, appP95Ms: summarise(app).p95, emptyPageMedianMs: summarise(empty).median, ...more },
  });
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

/** What the start runs measured: each run's times, paired with the empty page's, and the first run's requests. */
interface StartSamples {
  cold: number[];
  coldBase: number[];
  warm: number[];
  warmBase: number[];
  warmRunning: number[];
  approval: number[];
  homeRequests: HomeRequests | undefined;
  signedInDir: string;
}

/** The empty page's start to its first paint, in a shell on `dataDir`. */
async function emptyStart(bench: Bench, dataDir: string): Promise<number> {
  const base = await bench.startToPaint({ dataDir, rendererDir: BASELINE_DIR }, 'baseline');
  await base.context.close();
  await bench.stop(base.shell);
  return base.ms;
}

/**
 * Cold start → QR, approval → Home and warm start → Home, each over the empty page, `iterations` times. Which of a pair
 * starts first alternates, so neither always follows a browser still closing Tunewall's last context.
 */
async function measureStarts(bench: Bench, iterations: number, pollIntervalS: number): Promise<StartSamples> {
  const samples: StartSamples = { cold: [], coldBase: [], warm: [], warmBase: [], warmRunning: [], approval: [], homeRequests: undefined, signedInDir: '' };
  for (let i = 0; i < iterations; i++) {
    const emptyFirst = i % 2 === 0;
    // Cold: an empty data folder (pairing).
    const coldBase = emptyFirst ? await emptyStart(bench, bench.freshDataDir()) : undefined;
    const dataDir = bench.freshDataDir();
    const app = await bench.startToPaint({ dataDir }, 'qr');

    // Approval at a random moment of the polling cycle.
    await sleep(Math.random() * pollIntervalS * 1000);
    const code = (await app.page.getByTestId('user-code').innerText()).trim();
    bench.sb.control.clearRequestLog();
    const approvedAt = Date.now();
    if (!bench.sb.control.approve(code)) throw new Error(`The sandbox had no pending code ${code}.`);
    const home = await paintedAt(app.page, 'home');
    samples.approval.push(home - approvedAt);
    // Every row arrives and is cached before the shell stops, so the warm start has a full cache.
    await rowsSettled(app.page);
    await sleep(300);
    samples.homeRequests ??= requestsToHome(bench.sb.control.requestLog(), approvedAt, home);
    await app.context.close();
    await bench.stop(app.shell);
    samples.coldBase.push(coldBase ?? (await emptyStart(bench, bench.freshDataDir())));
    samples.cold.push(app.ms);

    // Warm: the same folder, now signed in with every row cached.
    const warmBase = emptyFirst ? await emptyStart(bench, dataDir) : undefined;
    const wapp = await bench.startToPaint({ dataDir }, 'home');
    // Home is painted from the shell's HTML; the remote moves focus once the page's script runs and draws the focus.
    samples.warmRunning.push((await paintedAt(wapp.page, 'focus')) - wapp.shell.spawnedAt);
    await wapp.context.close();
    await bench.stop(wapp.shell);
    samples.warmBase.push(warmBase ?? (await emptyStart(bench, dataDir)));
    samples.warm.push(wapp.ms);
    samples.signedInDir = dataDir;
    log(`start ${i + 1}/${iterations}: cold ${app.ms} (empty ${samples.coldBase.at(-1)}), approval ${home - approvedAt}, warm ${wapp.ms} (empty ${samples.warmBase.at(-1)}) ms`);
  }
  return samples;
}

/** The three start figures: cold start → QR and warm start → Home over the empty page, approval → Home absolute. */
function addStartFigures(book: FigureBook, samples: StartSamples, pollIntervalS: number): void {
  addOverEmpty(book, 'cold-start-qr', 'cold start → QR painted', samples.cold, samples.coldBase, BUDGETS.coldStartOverEmptyMs);
  book.add({
    id: 'approval-home',
    title: 'approval → Home painted',
    unit: 'ms',
    measure: 'absolute',
    summary: summarise(samples.approval),
    budget: { max: pollIntervalS * 1000 + BUDGETS.approvalOverPollMs, judged: 'p95' },
    budgetText: `p95 ≤ poll interval (${pollIntervalS} s) + ${BUDGETS.approvalOverPollMs} ms`,
    detail: { pollIntervalS },
  });
  addOverEmpty(book, 'warm-start-home', 'warm start → Home painted', samples.warm, samples.warmBase, BUDGETS.warmStartOverEmptyMs, {
    focusPaintedOverEmptyMedianMs: summarise(differences(samples.warmRunning, samples.warmBase)).median,
    focusPaintedMedianMs: summarise(samples.warmRunning).median,
  });
}

/** No request may stand between a warm start and its first paint: with a 3 s service, Home must still come first. */
async function warmStartBlockingFigure(bench: Bench, book: FigureBook, signedInDir: string, latencyMs: number): Promise<void> {
  bench.sb.control.setFaults({ latencyMs: SLOW_LATENCY_MS });
  bench.sb.control.clearRequestLog();
  const slow = await bench.startToPaint({ dataDir: signedInDir }, 'home');
  const answeredBefore = bench.sb.control
    .requestLog()
    .filter((r) => r.at >= slow.shell.spawnedAt && r.at + r.ms <= slow.painted && !r.path.startsWith('/artwork/')).length;
  await slow.context.close();
  await bench.stop(slow.shell);
  bench.sb.control.setFaults({ latencyMs });
  book.add({
    id: 'warm-start-blocking',
    title: `warm start, service answering in ${SLOW_LATENCY_MS / 1000} s: answers before Home painted`,
    unit: 'count',
    measure: 'absolute',
    summary: summarise([answeredBefore]),
    budget: { max: 0, judged: 'value' },
    budgetText: '0 (no request blocks the first paint)',
    detail: { homePaintedAfterMs: slow.ms },
  });
}

/** Whether Home's independent rows were fetched in parallel after approval, with the requests that painted it. */
function homeRequestsFigure(book: FigureBook, homeRequests: HomeRequests): void {
  book.add({
    id: 'home-requests',
    title: 'requests to paint Home after approval (rows not in parallel)',
    unit: 'count',
    measure: 'absolute',
    summary: summarise([homeRequests.rowsParallel ? 0 : 1]),
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

/** Returns a data folder left signed in with every row cached, for the figures that follow. */
export async function startFigures(bench: Bench, book: FigureBook, iterations: number, pollIntervalS: number, latencyMs: number): Promise<string> {
  const samples = await measureStarts(bench, iterations, pollIntervalS);
  addStartFigures(book, samples, pollIntervalS);
  await warmStartBlockingFigure(bench, book, samples.signedInDir, latencyMs);
  if (samples.homeRequests) homeRequestsFigure(book, samples.homeRequests);
  return samples.signedInDir;
}

/** Home's pictures: bytes transferred against the bytes of pictures at exactly the drawn size. */
export async function artworkFigure(bench: Bench, book: FigureBook, dataDir: string): Promise<void> {
  const shell = await bench.shell({ dataDir });
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
  await rowsSettled(page);
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
  book.add({
    id: 'artwork-bytes',
    title: 'artwork bytes on Home over the bytes at drawn size',
    unit: '×',
    measure: 'absolute',
    summary: summarise([ideal > 0 ? transferred / ideal : Number.POSITIVE_INFINITY]),
    budget: { max: BUDGETS.artworkBytes, judged: 'value' },
    budgetText: `≤ ${BUDGETS.artworkBytes}×`,
    detail: { images: bytes.size, transferredKB: Math.round(transferred / 1024), idealKB: Math.round(ideal / 1024), worstImage: worstUrl, worstOver: Number(worst.toFixed(2)) },
  });
}

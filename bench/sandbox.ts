/**
 * `npm run bench:sandbox`: how the sandbox holds up while it draws pictures. The sandbox runs as its own process (the
 * CLI), as the embedded one runs inside the shell's; this process is the client.
 *
 * - Artwork: 2,000 requests for artwork nobody asked for before, every documented kind and size in turn, 50 in flight.
 * - During it, `/v1.1/charts` every 50 ms: does the event loop still answer a JSON request promptly?
 * - QR codes: 20 codes of 2,048 px in flight at once, with the same charts probe.
 * - The sandbox's RSS before, at its peak and after, sampled every 100 ms from /proc.
 *
 * Prints a table and writes bench/sandbox-results.json and bench/SANDBOX-RESULTS.md. Not part of `npm test`: the
 * figures depend on the machine, so they are reported against budgets, never asserted.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { ARTWORK_SIZES, CHILDREN_IMAGE_HEIGHT, artworkUrl, type ArtworkKind } from '../sandbox/artwork';
import { CHILDREN_IMAGE_WIDTHS, createCatalog } from '../sandbox/data/catalog';
import { DEFAULT_OPTIONS } from '../sandbox/options';
import { TERRITORIES } from '../shared/territory';
import { startSandboxProcess } from './sandboxProcess';
import { percentile, summarise, verdict, type Budget, type Summary, type Verdict } from './stats';

const REPO = resolve(import.meta.dirname, '..');
const ARTWORK_REQUESTS = 2000;
const IN_FLIGHT = 50;
const QR_REQUESTS = 20;
const QR_SIZE = 2048;
const PROBE_EVERY_MS = 50;
const RSS_EVERY_MS = 100;
const MB = 1024 * 1024;

interface Figure {
  title: string;
  unit: 'ms' | 'MB' | 'count';
  summary: Summary;
  verdict: Verdict;
  budgetText: string;
  detail: Record<string, number>;
}

const figures: Figure[] = [];
const log = (line: string) => process.stderr.write(`bench:sandbox: ${line}\n`);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function addFigure(f: Omit<Figure, 'verdict'> & { budget: Budget }): void {
  const { budget, ...rest } = f;
  figures.push({ ...rest, verdict: verdict(f.summary, budget) });
}

/** A latency figure judged on its nearest-rank 99th percentile, as the budgets here are. */
function addP99Figure(f: Omit<Figure, 'verdict' | 'summary'> & { values: readonly number[]; max: number }): void {
  const p99 = percentile(f.values, 99);
  figures.push({
    title: f.title,
    unit: f.unit,
    summary: summarise(f.values),
    verdict: { judged: 'value', value: p99, budget: f.max, within: p99 <= f.max, margin: f.max - p99 },
    budgetText: f.budgetText,
    detail: { p99, ...f.detail },
  });
}

/** CPU seconds the process has used, user and system (clock ticks of 1/100 s on Linux). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command name: state is field 3, so utime (14) and stime (15) are at 11 and 12 here.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function loadAverage(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}

function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? Number.NaN) * 1024;
}

/** Samples the RSS of `pid` until stopped: its first value, peak and last. */
function watchRss(pid: number): { stop(): { first: number; peak: number; last: number } } {
  const samples = [rssBytes(pid)];
  const timer = setInterval(() => samples.push(rssBytes(pid)), RSS_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      samples.push(rssBytes(pid));
      return { first: samples[0] ?? Number.NaN, peak: Math.max(...samples), last: samples[samples.length - 1] ?? Number.NaN };
    },
  };
}

/**
 * `count` artwork URLs taking every documented (kind, size) pair in turn, each with the catalog's ids of that kind in
 * the order they come; past those (or with `madeUpPrefix`, from the start), made-up ids of the same form: the sandbox
 * draws any well-formed id, which is what is measured.
 */
function artworkUrls(origin: string, count: number, madeUpPrefix?: string): string[] {
  const catalog = createCatalog(DEFAULT_OPTIONS.seed);
  const ids: Record<ArtworkKind, string[]> = { playlist: [], user: [], album: [], artist: [], station: [], children: [] };
  for (const t of TERRITORIES) {
    const cat = catalog.territory(t);
    ids.playlist.push(...[...cat.charts, ...cat.newHits, ...cat.sharedPlaylists].map((p) => p.id));
    ids.user.push(...cat.users.map((u) => u.id));
    ids.album.push(...cat.artists.flatMap((a) => a.albums.map((al) => al.id)));
    ids.artist.push(...cat.artists.map((a) => a.id));
    ids.station.push(...[...cat.genreStations, ...cat.moodStations].map((s) => s.id));
    ids.children.push(...cat.childrenCategories.flatMap((c) => [c.id, ...c.subcategories.map((s) => s.id)]));
  }
  const sizes: { kind: ArtworkKind; width: number; height: number }[] = [
    ...Object.entries(ARTWORK_SIZES).flatMap(([kind, sides]) => sides.map((side) => ({ kind: kind as ArtworkKind, width: side, height: side }))),
    ...CHILDREN_IMAGE_WIDTHS.map((width) => ({ kind: 'children' as const, width, height: CHILDREN_IMAGE_HEIGHT })),
  ];
  const next = new Map<string, number>();
  const urls: string[] = [];
  for (let i = 0; urls.length < count; i += 1) {
    const size = sizes[i % sizes.length];
    if (size === undefined) continue;
    const key = `${size.kind}/${size.width}`;
    const n = next.get(key) ?? 0;
    next.set(key, n + 1);
    const madeUp = `${madeUpPrefix ?? 'B'}${size.kind.slice(0, 3)}${String(n).padStart(14, '0')}`;
    const id = madeUpPrefix === undefined ? (ids[size.kind][n] ?? madeUp) : madeUp;
    urls.push(artworkUrl(origin, size.kind, id, size.width, size.height));
  }
  return urls;
}

/** Fetches every URL with `inFlight` requests at a time; the time to the last byte of each, and what failed. */
async function load(urls: readonly string[], inFlight: number): Promise<{ ms: number[]; failures: number; bytes: number }> {
  const ms: number[] = [];
  let failures = 0;
  let bytes = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < urls.length; i = next++) {
      const url = urls[i];
      if (url === undefined) continue;
      const start = performance.now();
      try {
        const res = await fetch(url);
        const body = await res.arrayBuffer();
        if (res.status !== 200) failures += 1;
        bytes += body.byteLength;
      } catch {
        failures += 1;
      }
      ms.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { ms, failures, bytes };
}

/** GETs the charts every PROBE_EVERY_MS until `until` settles; the time each took. */
async function probeCharts(origin: string, token: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const ms: number[] = [];
  while (!done) {
    const start = performance.now();
    const res = await fetch(`${origin}/v1.1/charts?territory=TW`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`The charts answered ${res.status}.`);
    ms.push(performance.now() - start);
    await sleep(PROBE_EVERY_MS);
  }
  return ms;
}

async function clientToken(origin: string): Promise<string> {
  const res = await fetch(`${origin}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: DEFAULT_OPTIONS.clientId, client_secret: DEFAULT_OPTIONS.clientSecret }),
  });
  return z.object({ access_token: z.string() }).parse(await res.json()).access_token;
}

async function artworkFigures(origin: string, pid: number, token: string): Promise<void> {
  // Warm up what a running sandbox has warm anyway: the TW catalog, the code paths, libvips. Other ids than measured.
  for (let i = 0; i < 5; i += 1) await (await fetch(`${origin}/v1.1/charts?territory=TW`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
  await load(artworkUrls(origin, 34, 'W'), 4);
  const idle = watchRss(pid).stop();

  const urls = artworkUrls(origin, ARTWORK_REQUESTS);
  log(`${urls.length} uncached artwork requests, ${IN_FLIGHT} in flight…`);
  const rss = watchRss(pid);
  const cpuBefore = cpuSeconds(pid);
  const loadBefore = loadAverage();
  const started = performance.now();
  const images = load(urls, IN_FLIGHT);
  const charts = await probeCharts(origin, token, images);
  const { ms, failures, bytes } = await images;
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(pid) - cpuBefore;
  const memory = rss.stop();

  addP99Figure({
    title: `uncached artwork, every kind and size, ${ARTWORK_REQUESTS} requests, ${IN_FLIGHT} in flight`,
    unit: 'ms',
    values: ms,
    max: 1000,
    budgetText: 'p99 ≤ 1000 ms',
    // The sandbox's own CPU time per picture does not depend on what else the machine runs; the latencies do.
    detail: {
      failures,
      perSecond: ms.length / seconds,
      megabytes: bytes / MB,
      sandboxCpuMsPerPicture: (cpu * 1000) / ms.length,
      sandboxCpuShareOfWall: cpu / seconds,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAverage(),
    },
  });
  addP99Figure({ title: '/v1.1/charts during that load', unit: 'ms', values: charts, max: 50, budgetText: 'p99 ≤ 50 ms', detail: {} });
  addFigure({
    title: 'sandbox RSS growth over the artwork load (peak − idle)',
    unit: 'MB',
    summary: summarise([(memory.peak - idle.first) / MB]),
    // The artwork LRU holds at most 48 MB of JPEGs; libvips and the answers in flight need some working memory besides.
    budget: { max: 128, judged: 'value' },
    budgetText: '≤ 128 MB (48 MB cache + working memory)',
    detail: { idleMB: idle.first / MB, peakMB: memory.peak / MB, afterMB: memory.last / MB },
  });
}

async function qrFigures(origin: string, token: string): Promise<void> {
  const urls = Array.from(
    { length: QR_REQUESTS },
    (_, i) =>
      `${origin}/generator?${new URLSearchParams({
        content: `${origin}/oauth2/authorize?response_type=device&user_code=BENCH-${String(i).padStart(4, '0')}`,
        image_size: String(QR_SIZE),
        logo_size: String(Math.floor(QR_SIZE * 0.2)),
        response_type: 'image',
      }).toString()}`,
  );
  // Warm up the generator's code paths, as any sandbox that has drawn one code has them.
  await load(urls.slice(0, 2).map((u) => u.replace('BENCH-', 'WARM-')), 1);
  log(`${QR_REQUESTS} QR codes of ${QR_SIZE} px, all in flight…`);
  const codes = load(urls, QR_REQUESTS);
  const charts = await probeCharts(origin, token, codes);
  const { ms, failures } = await codes;
  addP99Figure({
    title: `/v1.1/charts while ${QR_REQUESTS} QR codes of ${QR_SIZE} px are drawn`,
    unit: 'ms',
    values: charts,
    max: 50,
    budgetText: 'p99 ≤ 50 ms',
    detail: { qrMedianMs: summarise(ms).median, qrMaxMs: summarise(ms).max, failures },
  });
}

function fmt(value: number, unit: Figure['unit']): string {
  if (unit === 'count') return String(Math.round(value));
  return `${value.toFixed(unit === 'ms' ? 0 : 1)} ${unit}`;
}

function table(): string {
  const rows = figures.map((f) => {
    const single = f.summary.runs === 1;
    const p99 = f.detail['p99'];
    return `| ${f.title} | ${single ? '' : f.summary.runs} | ${single ? '—' : fmt(f.summary.median, f.unit)} | ${p99 === undefined ? '—' : fmt(p99, f.unit)} | ${fmt(f.summary.max, f.unit)} | ${fmt(f.verdict.value, f.unit)} | ${f.budgetText} | ${f.verdict.within ? 'within' : '**over**'} |`;
  });
  return ['| figure | runs | median | p99 | max | judged | budget | verdict |', '|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}

function machine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 1024 ** 3)} GB RAM, Node ${process.version}`;
}

async function main(): Promise<void> {
  const started = Date.now();
  const sandbox = await startSandboxProcess();
  const { origin } = sandbox;
  const pid = sandbox.child.pid;
  if (pid === undefined) throw new Error('The sandbox has no process id.');
  try {
    const token = await clientToken(origin);
    await artworkFigures(origin, pid, token);
    await qrFigures(origin, token);
  } finally {
    await sandbox.stop();
  }
  const date = new Date().toISOString().slice(0, 10);
  const seconds = Math.round((Date.now() - started) / 1000);
  const text = table();
  const load = 'load average at the end';
  const loadavg = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  process.stdout.write(`\nTunewall sandbox bench (${seconds} s) on ${machine()}, ${load} ${loadavg}\n\n${text}\n\n`);
  const results = { date, seconds, machine: machine(), loadavg, setup: { ARTWORK_REQUESTS, IN_FLIGHT, QR_REQUESTS, QR_SIZE, PROBE_EVERY_MS }, figures };
  writeFileSync(join(REPO, 'bench/sandbox-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const details = figures
    .map((f) => `- **${f.title}**: ${Object.entries(f.detail).map(([k, v]) => `${k} ${String(Number(v.toFixed(1)))}`).join(', ')}`)
    .join('\n');
  writeFileSync(
    join(REPO, 'bench/SANDBOX-RESULTS.md'),
    `# Sandbox bench results\n\n${date}, \`npm run bench:sandbox\` (${seconds} s), on ${machine()}; ${load} ${loadavg}.\n` +
      `The sandbox CLI as its own process, this bench the client. What each figure means: docs/development.md, "Benchmarks".\n\n${text}\n\nDetails:\n\n${details}\n`,
  );
  if (figures.some((f) => !f.verdict.within)) process.stdout.write('Some figures are over budget (see the table).\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:sandbox failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

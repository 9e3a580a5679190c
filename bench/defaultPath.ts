/**
 * The path most people take: no credentials, so the kiosk shell runs its embedded sandbox in its own process and the
 * bench has no sandbox of its own in the way. Each figure is measured on that default path and, in the same run and
 * the same way, on the external path: a fresh sandbox as a process of its own (the sandbox CLI, no latency added, the
 * same poll interval), as a real service runs apart from the shell. The default path may cost at most 10 % more than
 * the external path's budget, or than its measured value where the figure has no budget of its own.
 *
 * Not the bench's own sandbox: that one shares the bench process with Playwright's client, so its answers, and the
 * pictures it draws, would wait on the bench's work as well as on the shell's.
 */
import { SandboxApi } from '../test/support/sandboxApi';
import type { FigureBook } from './figures';
import { log, sleep, type Bench } from './harness';
import { startSandboxProcess } from './sandboxProcess';
import { HomeWalk, homePosition, paintedAt, pressAndMeasure, shown, visibleArtworkPaintedAt, type PressRecord } from './probe';
import { BASELINE_DIR, BUDGETS } from './startup';
import { differences, loosened, ratio, summarise } from './stats';

/** How much more the default path may cost. */
export const DEFAULT_PATH_SHARE = 0.1;
/** The embedded sandbox's device poll interval: the documented 5 s. */
const POLL_INTERVAL_S = 5;
const PRESSES_WHILE_ARRIVING = 20;

interface PathRun {
  /** Shell start → QR painted, minus the same launch painting the empty page. */
  coldOverEmpty: number;
  approvalToHome: number;
  /**
   * Home's first paint → every picture in view painted. From Home, not from approval: approval → Home waits for the
   * next device poll (a random 0–5 s), which would make this a measure of poll luck over a handful of runs.
   */
  homeToArtwork: number;
}

type Path = 'default' | 'external';

/** Starts the path's shell and sandbox; the sandbox is new each time, so its pictures are drawn afresh. */
async function launch(bench: Bench, path: Path, dataDir: string, rendererDir?: string) {
  if (path === 'default') {
    const shell = await bench.shell({ dataDir, embedded: true, rendererDir });
    if (shell.embeddedSandbox === undefined) throw new Error('The shell started no embedded sandbox.');
    const api = new SandboxApi(shell.embeddedSandbox);
    return { shell, approve: (code: string) => api.approve(code), close: async () => undefined };
  }
  const sandbox = await startSandboxProcess(['--interval', String(POLL_INTERVAL_S)]);
  const shell = await bench.shell({ dataDir, rendererDir, settings: sandbox.settings }).catch(async (error: unknown) => {
    await sandbox.stop(); // a launch that failed leaves no sandbox behind for the next one to compete with
    throw error;
  });
  const api = new SandboxApi(sandbox.origin);
  return { shell, approve: (code: string) => api.approve(code), close: () => sandbox.stop() };
}

/** Cold start → QR over the empty page, approval → Home, then Home → every picture in view painted. */
async function startRun(bench: Bench, path: Path): Promise<PathRun> {
  const empty = await bench.launchToPaint(() => launch(bench, path, bench.freshDataDir(), BASELINE_DIR), 'baseline');
  await empty.context.close();
  await bench.stop(empty.shell);
  await empty.close();

  const app = await bench.launchToPaint(() => launch(bench, path, bench.freshDataDir()), 'qr');
  const { context, page } = app;
  await sleep(Math.random() * POLL_INTERVAL_S * 1000);
  const code = (await page.getByTestId('user-code').innerText()).trim();
  const approvedAt = Date.now();
  await app.approve(code);
  const home = await paintedAt(page, 'home');
  const artwork = await visibleArtworkPaintedAt(page);
  await context.close();
  await bench.stop(app.shell);
  await app.close();
  return { coldOverEmpty: app.ms - empty.ms, approvalToHome: home - approvedAt, homeToArtwork: artwork - home };
}

/** Presses along Home at CPU 4× from the moment it is painted after approval, while its pictures are still arriving. */
async function pressRun(bench: Bench, path: Path): Promise<PressRecord[]> {
  const app = await launch(bench, path, bench.freshDataDir());
  const { context, page } = await bench.open(app.shell, { fast: true });
  await paintedAt(page, 'qr');
  const code = (await page.getByTestId('user-code').innerText()).trim();
  await app.approve(code);
  await paintedAt(page, 'home');
  await shown(page, '.tile.is-focused');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const records: PressRecord[] = [];
  const walk = new HomeWalk();
  for (let i = 0; i < PRESSES_WHILE_ARRIVING; i++) {
    records.push(await pressAndMeasure(page, walk.next(await homePosition(page))));
    await sleep(40);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  await bench.stop(app.shell);
  await app.close();
  return records;
}

export async function defaultPathFigures(bench: Bench, book: FigureBook, iterations: number): Promise<void> {
  const runs: Record<Path, PathRun[]> = { default: [], external: [] };
  const presses: Record<Path, PressRecord[]> = { default: [], external: [] };
  for (let i = 0; i < iterations; i++) {
    // Alternating which path goes first, so neither always meets a browser that has just been busy.
    const order: Path[] = i % 2 === 0 ? ['default', 'external'] : ['external', 'default'];
    for (const path of order) {
      runs[path].push(await startRun(bench, path));
      presses[path].push(...(await pressRun(bench, path)));
    }
    const d = runs.default[i];
    const e = runs.external[i];
    if (d && e) log(`default path ${i + 1}/${iterations}: cold +${d.coldOverEmpty} (external +${e.coldOverEmpty}), approval → Home ${d.approvalToHome} (${e.approvalToHome}), Home → artwork ${d.homeToArtwork} (${e.homeToArtwork}) ms`);
  }
  const of = (path: Path, key: keyof PathRun) => runs[path].map((r) => r[key]);

  const cold = loosened({ max: BUDGETS.coldStartOverEmptyMs, judged: 'median' }, DEFAULT_PATH_SHARE);
  book.add({
    id: 'default-cold-start-qr',
    title: 'default path (embedded sandbox): cold start → QR painted',
    unit: 'ms',
    measure: 'over the empty page',
    summary: summarise(of('default', 'coldOverEmpty')),
    budget: cold,
    budgetText: `≤ ${Math.round(cold.max)} ms over the empty page (median; external budget + 10 %)`,
    detail: {
      externalMedianMs: summarise(of('external', 'coldOverEmpty')).median,
      overExternalRunByRunMedianMs: summarise(differences(of('default', 'coldOverEmpty'), of('external', 'coldOverEmpty'))).median,
    },
  });
  const approval = loosened({ max: POLL_INTERVAL_S * 1000 + BUDGETS.approvalOverPollMs, judged: 'p95' }, DEFAULT_PATH_SHARE);
  book.add({
    id: 'default-approval-home',
    title: 'default path: approval → Home painted',
    unit: 'ms',
    measure: 'absolute',
    summary: summarise(of('default', 'approvalToHome')),
    budget: approval,
    budgetText: `p95 ≤ ${Math.round(approval.max)} ms ((poll interval ${POLL_INTERVAL_S} s + ${BUDGETS.approvalOverPollMs} ms) + 10 %)`,
    detail: { externalP95Ms: summarise(of('external', 'approvalToHome')).p95, pollIntervalS: POLL_INTERVAL_S },
  });
  const artDefault = summarise(of('default', 'homeToArtwork'));
  const artExternal = summarise(of('external', 'homeToArtwork'));
  book.add({
    id: 'default-home-artwork',
    title: 'default path: Home painted → every picture in view painted, p95 over the external path’s',
    unit: '×',
    measure: '÷ external path',
    summary: summarise([ratio(artDefault.p95, artExternal.p95)]),
    budget: { max: 1 + DEFAULT_PATH_SHARE, judged: 'value' },
    budgetText: '≤ 1.1× the external path',
    detail: { defaultP95Ms: artDefault.p95, defaultMedianMs: artDefault.median, externalP95Ms: artExternal.p95, externalMedianMs: artExternal.median },
  });
  const moved = (path: Path) => summarise(presses[path].filter((r) => r.moved).map((r) => r.ms));
  const pressDefault = moved('default');
  const pressExternal = moved('external');
  book.add({
    id: 'default-press-arriving',
    title: 'default path: remote press → focus painted while Home’s pictures arrive (CPU 4×), p95 over the external path’s',
    unit: '×',
    measure: '÷ external path',
    summary: summarise([ratio(pressDefault.p95, pressExternal.p95)]),
    budget: { max: 1 + DEFAULT_PATH_SHARE, judged: 'value' },
    budgetText: '≤ 1.1× the external path',
    detail: { defaultP95Ms: pressDefault.p95, externalP95Ms: pressExternal.p95, presses: pressDefault.runs },
  });
}

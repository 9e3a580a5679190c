/**
 * What voice guidance's readings cost the shell (main/core/features/speech/readings.ts): the time from the first
 * Japanese run with kanji to its kana (kuromoji loading its IPA dictionary), which must come within the time that run
 * waits for it, and the memory the dictionary holds while guidance is on, and after guidance is turned off. Each run is
 * a fresh Node process (bench/readingsProbe.ts), so nothing loaded before is counted or reused. Part of `npm run
 * bench`; alone, `npx tsx bench/readings.ts [--quick]` prints these figures and writes nothing.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { KANA_WAIT_MS } from '../main/core/features/speech/espeakRuns';
import { FigureBook } from './figures';
import { log } from './harness';
import { REPO } from './shell';
import { summarise } from './stats';

interface Probe {
  pinyinMs: number;
  pinyinHeldMB: number;
  kanaMs: number;
  nextKanaMs: number;
  kuromojiRssMB: number;
  kuromojiHeldMB: number;
  kuromojiHeapMB: number;
  kuromojiExternalMB: number;
  releasedHeldMB: number;
  releasedRssMB: number;
}

function probe(): Probe {
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/readingsProbe.ts'], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) throw new Error(`readings probe failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Probe;
}

const round = (value: number) => Number(value.toFixed(1));

export function readingsFigures(book: FigureBook, runs: number): void {
  const probes = Array.from({ length: runs }, probe);
  const all = (key: keyof Probe) => summarise(probes.map((p) => p[key]));
  log(`readings: kuromoji ${all('kanaMs').median.toFixed(0)} ms to the first kana, ${all('kuromojiHeldMB').median.toFixed(0)} MB held`);
  book.add({
    id: 'readings-kana-load',
    title: 'voice guidance: first Japanese run with kanji → its kana (kuromoji loads its dictionary)',
    unit: 'ms',
    measure: 'absolute',
    summary: all('kanaMs'),
    budget: { max: KANA_WAIT_MS, judged: 'p95' },
    budgetText: `p95 ≤ ${KANA_WAIT_MS} ms (what that run waits before it is said without its kanji)`,
    detail: {
      nextKanaMedianMs: round(all('nextKanaMs').median),
      pinyinFirstMedianMs: round(all('pinyinMs').median),
      pinyinHeldMB: round(all('pinyinHeldMB').median),
    },
  });
  book.add({
    id: 'readings-kana-memory',
    title: 'voice guidance: memory the Japanese dictionary holds (JS heap + external, collected)',
    unit: 'MB',
    measure: 'absolute',
    summary: all('kuromojiHeldMB'),
    // Paid only while guidance is on and Japanese has been said; it goes back when guidance is turned off.
    budget: { max: 50, judged: 'median' },
    budgetText: 'median ≤ 50 MB',
    detail: {
      rssGrowthMB: round(all('kuromojiRssMB').median),
      heapMB: round(all('kuromojiHeapMB').median),
      externalMB: round(all('kuromojiExternalMB').median),
      heldAfterOffMB: round(all('releasedHeldMB').max),
      rssAfterOffMB: round(all('releasedRssMB').median),
    },
  });
  book.add({
    id: 'readings-kana-memory-released',
    title: 'voice guidance off: memory the Japanese dictionary still holds',
    unit: 'MB',
    measure: 'absolute',
    summary: all('releasedHeldMB'),
    budget: { max: 5, judged: 'p95' },
    budgetText: '≤ 5 MB',
    detail: {},
  });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const book = new FigureBook();
  readingsFigures(book, process.argv.includes('--quick') ? 3 : 10);
  process.stdout.write(`\n${book.table()}\n\n${book.details()}\n`);
}

/**
 * Memory: the renderer's JS heap and the kiosk shell's RSS after a walk through every kind of screen (walk.ts), and
 * how much the heap grows when the same walk is taken again (a leak of one walk shows above the collector's own noise).
 */
import type { CDPSession } from 'playwright-core';
import type { FigureBook } from './figures';
import { log, MB, rowsSettled, sleep, type Bench } from './harness';
import { paintedAt, shown } from './probe';
import { summarise } from './stats';
import { walkEveryScreen } from './walk';

async function heapUsed(cdp: CDPSession): Promise<number> {
  // Twice: objects freed by the first collection's finalizers go in the second.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = await cdp.send('Runtime.getHeapUsage');
  return usage.usedSize;
}

export async function memoryFigures(bench: Bench, book: FigureBook, dataDir: string): Promise<void> {
  const shell = await bench.shell({ dataDir });
  const { context, page } = await bench.open(shell);
  const cdp = await context.newCDPSession(page);
  await paintedAt(page, 'home');
  await shown(page, '.tile.is-focused');
  await rowsSettled(page);

  const screens = await walkEveryScreen(page);
  log(`memory walk: ${screens.join(' → ')}`);
  await sleep(500);
  const heap1 = await heapUsed(cdp);
  const rss1 = shell.rssBytes();
  await walkEveryScreen(page);
  await sleep(500);
  const heap2 = await heapUsed(cdp);
  const rss2 = shell.rssBytes();
  await context.close();
  await bench.stop(shell);
  book.add({
    id: 'renderer-heap',
    title: 'renderer JS heap after the walk',
    unit: 'MB',
    measure: 'absolute',
    summary: summarise([heap1 / MB]),
    budget: { max: 40, judged: 'value' },
    budgetText: '≤ 40 MB',
    detail: { afterSecondWalkMB: Number((heap2 / MB).toFixed(2)), screensPerWalk: screens.length, walk: screens.join(' → ') },
  });
  book.add({
    id: 'renderer-heap-growth',
    title: 'renderer JS heap growth over a second walk',
    unit: 'MB',
    measure: 'absolute',
    summary: summarise([(heap2 - heap1) / MB]),
    // A collected heap still moves by some hundreds of KB (caches, compiled code); a leak of a walk shows above it.
    budget: { max: 1, judged: 'value' },
    budgetText: '≤ 1 MB (no growth)',
    detail: {},
  });
  book.add({
    id: 'shell-rss',
    title: 'kiosk shell process RSS after the walk',
    unit: 'MB',
    measure: 'absolute',
    summary: summarise([rss1 / MB]),
    budget: { max: 150, judged: 'value' },
    budgetText: '≤ 150 MB',
    detail: { afterSecondWalkMB: Number((rss2 / MB).toFixed(1)) },
  });
}

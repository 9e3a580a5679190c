/**
 * Memory: the renderer's JS heap and the kiosk shell's RSS after a walk through every kind of screen (walk.ts), how
 * much the heap grows when the same walk is taken again (a leak of one walk shows above the collector's own noise),
 * and the shell's RSS once voice guidance has loaded its Japanese dictionary (a Japanese title with kanji said).
 */
import type { CDPSession, Page } from 'playwright-core';
import { bridgeCallFromPage } from '../test/support/kioskProcess';
import type { FigureBook } from './figures';
import { log, MB, rowsSettled, sleep, type Bench } from './harness';
import { paintedAt, shown } from './probe';
import type { Shell } from './shell';
import { summarise } from './stats';
import { walkEveryScreen } from './walk';

async function heapUsed(cdp: CDPSession): Promise<number> {
  // Twice: objects freed by the first collection's finalizers go in the second.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = await cdp.send('Runtime.getHeapUsage');
  return usage.usedSize;
}

const READINGS_LOADED = 'speech: a readings dictionary loaded';
const READINGS_WAIT_MS = 30_000;

/**
 * Turns voice guidance on and asks the shell, as the page does, to say a Japanese title with kanji: the shell loads
 * its Japanese dictionary to read it (its log says when). Resolves with the shell's RSS then, and turns guidance off.
 */
async function rssWithJapaneseReadings(page: Page, shell: Shell): Promise<number> {
  const call = async (method: string, ...args: unknown[]): Promise<void> => {
    const status = await bridgeCallFromPage(page, shell.origin, method, ...args);
    if (status !== 200) throw new Error(`memory: ${method} answered ${status}`);
  };
  await call('setVoiceGuidance', true);
  await call('speak', { runs: [{ text: '総合リアルタイムランキング', lang: 'ja-JP' }], rate: 'normal', mode: 'interrupt' });
  const until = Date.now() + READINGS_WAIT_MS;
  while (!shell.log().includes(READINGS_LOADED)) {
    if (Date.now() > until) throw new Error(`memory: the shell did not load its Japanese dictionary (is espeak-ng installed?)\n${shell.log().slice(-2000)}`);
    await sleep(100);
  }
  await sleep(500);
  const rss = shell.rssBytes();
  await call('setVoiceGuidance', false);
  return rss;
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
  const rssReadings = await rssWithJapaneseReadings(page, shell);
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
    budget: { max: 110, judged: 'value' },
    budgetText: '≤ 110 MB',
    detail: { afterSecondWalkMB: Number((rss2 / MB).toFixed(1)) },
  });
  book.add({
    id: 'shell-rss-readings',
    title: "kiosk shell process RSS after the walk, with voice guidance's Japanese dictionary loaded",
    unit: 'MB',
    measure: 'absolute',
    summary: summarise([rssReadings / MB]),
    budget: { max: 150, judged: 'value' },
    budgetText: '≤ 150 MB',
    detail: {},
  });
}

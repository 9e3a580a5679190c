/**
 * Voice guidance's figures: remote press → the utterance for the new focus has started (the stand-in speechSynthesis's
 * `start`), and Home's presses with guidance on, judged against the same floor and peer as Home's presses without it.
 * The page with guidance on takes its turn in the same rounds (presses.ts), from a shell of its own on a copy of the
 * signed-in data folder.
 */
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { settingsEnv } from '../sandbox/cli';
import type { RunningSandbox } from '../sandbox/index';
import { parseSpoken, READ_SPOKEN, speechStandInScript, type Spoken } from '../test/support/speechStandIn';
import type { FigureBook } from './figures';
import { log, type Bench } from './harness';
import { homeReady, homeWalker, type ExtraSubject } from './presses';
import { waitUntil, type PressRecord } from './probe';
import { summarise } from './stats';

/** The budgets: press → utterance started, p95, by CPU throttle; with one core kept busy (busyCore.ts). */
export const VOICE_BUDGET_MS: Readonly<Record<number, number>> = { 4: 60, 6: 100 };
const VOICE_BUSY_BUDGET_MS = 100;

/** The time of every key-down, in the page's clock (the stand-in records utterances in the same clock). */
export const KEY_TIMES_SCRIPT = `(() => {
  const times = [];
  Object.defineProperty(window, '__tunewallKeyDowns', { value: times });
  window.addEventListener('keydown', (event) => times.push(event.timeStamp), true);
})();`;

/** The key-down times KEY_TIMES_SCRIPT has recorded in `page`, in order. */
export async function keyDowns(page: Page): Promise<number[]> {
  return z.array(z.number()).parse(await page.evaluate('window.__tunewallKeyDowns'));
}

/**
 * For each press that moved focus, how long from its key-down until the first utterance asked for after it (and before
 * the next press) started; a press after which nothing started before the next is left out and counted.
 */
export function pressToSpeech(keyDowns: readonly number[], moved: readonly boolean[], spoken: readonly Spoken[]): { ms: number[]; silent: number } {
  const ms: number[] = [];
  let silent = 0;
  keyDowns.forEach((at, i) => {
    if (moved[i] !== true) return;
    const next = keyDowns[i + 1] ?? Number.POSITIVE_INFINITY;
    const said = spoken.find((s) => s.askedAt >= at && s.askedAt < next && s.startedAt !== null);
    if (said?.startedAt === undefined || said.startedAt === null) silent += 1;
    else ms.push(said.startedAt - at);
  });
  return { ms, silent };
}

/** A shell's settings against `sb` with voice guidance on. */
export function voiceOnSettings(sb: RunningSandbox): Record<string, string> {
  return { ...settingsEnv(sb), TUNEWALL_VOICE_GUIDANCE: 'on' };
}

export function voiceHomeSubject(bench: Bench, book: FigureBook, signedInDir: string): () => Promise<ExtraSubject & { close(): Promise<void> }> {
  return async () => {
    const shell = await bench.shell({ dataDir: bench.signedInCopy(signedInDir), settings: voiceOnSettings(bench.sb) });
    const { context, page } = await bench.open(shell, { fast: true, initScripts: [speechStandInScript(), KEY_TIMES_SCRIPT] });
    await homeReady(page);
    // Guidance's code has loaded and said Home.
    await waitUntil(page, '(window.__tunewallSpoken ?? []).length > 0');
    const cdp = await context.newCDPSession(page);
    let keysBefore = 0;
    const keyCount = async (): Promise<number> => (await keyDowns(page)).length;
    keysBefore = await keyCount();
    return {
      subject: { name: 'Tunewall', page, cdp, nextKey: homeWalker(page) },
      id: 'press-home-voice',
      surface: 'Home, voice guidance on',
      async measured(rate: number, records: readonly PressRecord[], busy: boolean) {
        const keys = await keyDowns(page);
        const spoken = parseSpoken(await page.evaluate(READ_SPOKEN));
        // Every key-down since the last count is one of this rate's measured presses, in order.
        const measuredKeys = keys.slice(keysBefore);
        keysBefore = keys.length;
        if (measuredKeys.length !== records.length) log(`voice: ${measuredKeys.length} key-downs for ${records.length} presses`);
        const { ms, silent } = pressToSpeech(measuredKeys, records.map((r) => r.moved), spoken);
        if (ms.length === 0) throw new Error(`voice, ${rate}×: no press was followed by an utterance (${silent} silent)`);
        const summary = summarise(ms);
        const load = busy ? { id: '-busy', title: ', one core busy' } : { id: '', title: '' };
        log(`voice, ${rate}×${load.title}: press → utterance started p95 ${summary.p95.toFixed(1)} ms over ${ms.length} presses (${silent} silent)`);
        // The budgets are at 4×, 6× and under contention; other throttles are logged only.
        const maxMs = busy ? VOICE_BUSY_BUDGET_MS : VOICE_BUDGET_MS[rate];
        if (maxMs === undefined) return;
        book.add({
          id: `voice-press-to-speech-${rate}x${load.id}`,
          title: `remote press → utterance for the new focus started, Home, CPU ${rate}×${load.title}`,
          unit: 'ms',
          measure: 'absolute',
          summary,
          budget: { max: maxMs, judged: 'p95' },
          budgetText: `p95 ≤ ${maxMs} ms`,
          detail: { presses: ms.length, silentPresses: silent },
        });
      },
      close: async () => {
        await context.close();
        await bench.stop(shell);
      },
    };
  };
}

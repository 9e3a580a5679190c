/**
 * `npm run bench:ab -- --variant=<name>=<css> … --renderer=<name>=<dir> …`: whether a change to Home makes remote
 * presses faster, before it is made. A `--variant` is the built renderer with the variant's CSS added; a `--renderer`
 * is another build of the renderer (another commit's, for a change to its script); a `--voice=<name>=<dir>` is a build
 * (`.` for this one) with voice guidance on, speaking to the recording stand-in for speechSynthesis (what guidance costs
 * a press, and whether a change to it costs less). Every page is served by a shell of its own, in a browser context of
 * its own. Opens Home once per variant and twice as it is, beside the floor, in one browser, and walks them all with the
 * bench's Home walk, in rounds, a different page first each round. Every page keeps its own walk from round to round,
 * so each walks the same rows in the same order: a page that spent its turns in the heavier rows would look slower for
 * that alone. The two pages as they are show how far two identical pages differ in the same run; a variant is only
 * faster when it beats both by more than that.
 *
 * Prints, per page: presses that moved focus, median, p95 and mean (ms), and the p95 and median over the floor's.
 * Not part of `npm run bench`: it is a tool for trying changes, and measures only what it is given.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { startSandbox } from '../sandbox/index';
import { parseSpoken, READ_SPOKEN, speechStandInScript } from '../test/support/speechStandIn';
import { FigureBook } from './figures';
import { withBusyCore } from './busyCore';
import { Bench, log } from './harness';
import { startPageServer } from './pages';
import type { Shell } from './shell';
import { shown, waitUntil } from './probe';
import { homeReady, homeShape, homeWalker, MAX_OVER_FLOOR, movedMs, pressRounds } from './presses';
import { startFigures } from './startup';
import { mean, summarise } from './stats';
import { keyDowns, KEY_TIMES_SCRIPT, pressToSpeech, voiceOnSettings } from './voice';

interface Variant {
  name: string;
  /** Added to the page once Home is up. */
  css: string;
  /** A renderer build to serve instead of out/renderer. */
  rendererDir?: string;
  /** Served by a shell with voice guidance on, speaking to the recording stand-in for speechSynthesis. */
  voice?: boolean;
}

interface Options {
  variants: Variant[];
  rate: number;
  /** `--busy`: the rounds with one core kept busy (busyCore.ts), as the bench's contention figures are taken. */
  busy: boolean;
  presses: number;
  rounds: number;
}

export function parseArgs(argv: readonly string[]): Options {
  const value = (flag: string, fallback: number): number => {
    const raw = argv.find((a) => a.startsWith(`--${flag}=`))?.slice(flag.length + 3);
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${flag} takes a whole number above 0, not "${raw ?? ''}".`);
    return n;
  };
  const named = (flag: 'variant' | 'renderer' | 'voice', what: string): { name: string; value: string }[] =>
    argv
      .filter((a) => a.startsWith(`--${flag}=`))
      .map((a) => {
        const spec = a.slice(flag.length + 3);
        const at = spec.indexOf('=');
        if (at <= 0 || at === spec.length - 1) throw new Error(`--${flag} takes <name>=<${what}>, not "${spec}".`);
        return { name: spec.slice(0, at), value: spec.slice(at + 1) };
      });
  const variants: Variant[] = [
    ...named('variant', 'css').map(({ name, value }) => ({ name, css: value })),
    ...named('renderer', 'dir').map(({ name, value }) => ({ name, css: '', rendererDir: value })),
    // `--voice=<name>=.`: this build with voice guidance on; `--voice=<name>=<dir>`: another build with it on.
    ...named('voice', 'dir').map(({ name, value }) => ({ name, css: '', rendererDir: value === '.' ? undefined : value, voice: true })),
  ];
  if (variants.length === 0) throw new Error('Give at least one --variant=<name>=<css>, --renderer=<name>=<dir> or --voice=<name>=<dir>.');
  return { variants, rate: value('rate', 4), presses: value('presses', 320), rounds: value('rounds', 8), busy: argv.includes('--busy') };
}

interface Subject {
  name: string;
  page: Page;
  cdp: CDPSession;
  nextKey: () => Promise<string>;
  /** With voice guidance on: how many key-downs the page had seen before the rounds. */
  keysBefore?: number;
}

/** With voice guidance on: press → utterance started, over the presses of the rounds that moved focus. */
async function speechColumns(subject: Subject, records: readonly { moved: boolean }[]): Promise<Record<string, string>> {
  if (subject.keysBefore === undefined) return { 'speech median ms': '', 'speech p95 ms': '' };
  const keys = (await keyDowns(subject.page)).slice(subject.keysBefore);
  const spoken = parseSpoken(await subject.page.evaluate(READ_SPOKEN));
  const { ms, silent } = pressToSpeech(keys, records.map((r) => r.moved), spoken);
  const summary = summarise(ms);
  return { 'speech median ms': summary.median.toFixed(1), 'speech p95 ms': `${summary.p95.toFixed(1)}${silent > 0 ? ` (${silent} silent)` : ''}` };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const sb = await startSandbox({ faults: { latencyMs: 60 }, lifetimes: { deviceIntervalSeconds: 2 } });
  const pages = await startPageServer();
  const bench = new Bench(sb);
  try {
    // Signed in once. Every page then has a shell and a browser context of its own, signed in as the first (a copy of
    // its data folder; a context each, as the shells' session cookies share the host), as the full bench's pages have and
    // as on a TV box, where Tunewall's page is alone in its renderer process. Pages sharing one shell and context were
    // flattered with a core busy: the same build, opened on its own beside two that shared, was 1.19× the floor against
    // their 1.08 and 1.13 (its median 10 % slower), as slow as the full bench's busy line; unloaded, no different.
    const dataDir = await startFigures(bench, new FigureBook(), 1, 2, 60);
    const shells: Shell[] = [];
    const contexts: BrowserContext[] = [];
    const subjects: Subject[] = [];
    const named: Variant[] = [{ name: 'as is', css: '' }, ...options.variants, { name: 'as is, again', css: '' }];
    for (const variant of named) {
      const settings = variant.voice === true ? voiceOnSettings(sb) : undefined;
      const shell = await bench.shell({ dataDir: bench.signedInCopy(dataDir), rendererDir: variant.rendererDir, settings });
      shells.push(shell);
      const { context, page } = await bench.open(shell, { fast: true, bypassCSP: true, initScripts: variant.voice === true ? [speechStandInScript(), KEY_TIMES_SCRIPT] : [] });
      contexts.push(context);
      const cdp = await context.newCDPSession(page);
      await homeReady(page);
      // Guidance's code has loaded and said Home.
      if (variant.voice === true) await waitUntil(page, '(window.__tunewallSpoken ?? []).length > 0');
      if (variant.css !== '') await page.addStyleTag({ content: variant.css });
      const keysBefore = variant.voice === true ? (await keyDowns(page)).length : undefined;
      subjects.push({ name: variant.name, page, cdp, nextKey: homeWalker(page), keysBefore });
      log(`ab: ${variant.name} open`);
    }
    const first = subjects[0]?.page;
    if (first === undefined) throw new Error('No page was opened.');
    const floor = await bench.open(undefined, { fast: true, url: pages.url('floor', { shape: await homeShape(first) }) });
    await shown(floor.page, '.is-focused');
    subjects.push({ name: 'floor', page: floor.page, cdp: await floor.context.newCDPSession(floor.page), nextKey: homeWalker(floor.page) });

    const rounds = () => pressRounds(subjects, options.rate, options.presses, options.rounds, (round) => log(`ab: round ${round} of ${options.rounds}`));
    const records = options.busy ? await withBusyCore(rounds) : await rounds();

    const floorSummary = summarise(movedMs(records[records.length - 1] ?? []));
    // Home's budget line: a page is within it only while fewer than 5 % of its presses are above it. Counted, that share
    // moves less from run to run than the p95 itself.
    const budget = MAX_OVER_FLOOR.home;
    const line = floorSummary.p95 * budget;
    const rows = [];
    for (const [i, s] of subjects.entries()) {
      const ms = movedMs(records[i] ?? []);
      const summary = summarise(ms);
      const vertical = movedMs((records[i] ?? []).filter((r) => r.key === 'ArrowUp' || r.key === 'ArrowDown'));
      rows.push({
        page: s.name,
        presses: summary.runs,
        'median ms': summary.median.toFixed(1),
        'p95 ms': summary.p95.toFixed(1),
        'mean ms': mean(ms).toFixed(1),
        'p95 ÷ floor': (summary.p95 / floorSummary.p95).toFixed(2),
        'median ÷ floor': (summary.median / floorSummary.median).toFixed(2),
        [`% over ${budget}× floor p95`]: ((100 * ms.filter((m) => m > line).length) / Math.max(1, ms.length)).toFixed(1),
        'up/down mean ms': mean(vertical).toFixed(1),
        ...(await speechColumns(s, records[i] ?? [])),
      });
    }
    const perTurn = Math.ceil(options.presses / options.rounds);
    console.log(`Home presses at CPU ${options.rate}×${options.busy ? ', one core busy' : ''}, ${perTurn} per page per round, ${options.rounds} rounds:`);
    console.table(rows);
    await floor.context.close();
    for (const c of contexts) await c.close();
    for (const shell of shells) await bench.stop(shell);
  } finally {
    await bench.close();
    await pages.close();
    await sb.close();
  }
}

if (process.argv[1]?.endsWith('ab.ts')) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

/**
 * `npm run bench -- --only=trace`: what the slowest presses on Home are made of. Home's walk at CPU 4×, voice guidance
 * off and on, under a Chrome trace of the page's main thread; each press's key-down is found in the trace (the n-th
 * key-down dispatched is the n-th press), and the main thread's time around it is sorted into kinds of work: the key's
 * own handlers, other script (timers, idle callbacks, answers arriving), style, layout, paint, pictures decoding,
 * garbage collection. The slowest 5 % are set beside the median presses, and each slow press is listed with the tasks
 * that ran in it. Beside the probe's end (the main thread done with the frame), each press's frame on screen: Chrome's
 * own record of the key's latency (EventLatency, from the key event to the compositor's frame presented). Tracing slows
 * the page, so these presses are not the press figures; they say where the time goes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { z } from 'zod';
import { log, type Bench } from './harness';
import { homeReady, homeWalker, pressBlock, type ExtraSubject } from './presses';
import type { PressRecord } from './probe';
import { REPO } from './shell';
import { mean, median, percentile } from './stats';

/** `input`: Chrome's EventLatency, a key event's way to the screen. */
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', 'toplevel', 'input'];

const TraceEventSchema = z.object({
  name: z.string(),
  ph: z.string(),
  ts: z.number(),
  dur: z.number().optional(),
  pid: z.number(),
  tid: z.number(),
  args: z.record(z.string(), z.unknown()).optional(),
  /** An async event's id (EventLatency's begin and end share it). */
  id2: z.object({ local: z.string().optional(), global: z.string().optional() }).optional(),
});
export type TraceEvent = z.infer<typeof TraceEventSchema>;

const SYNC_MARK = 'tunewall-trace-sync';

/** Runs `work` under a trace of `page` (`cdp` its session); the complete events recorded, and the page's clock in the trace's. */
export async function traced<T>(page: Page, cdp: CDPSession, work: () => Promise<T>): Promise<{ value: T; events: TraceEvent[]; clock: Clock }> {
  const events: TraceEvent[] = [];
  const collect = (batch: { value: unknown[] }): void => {
    for (const raw of batch.value) {
      const event = TraceEventSchema.safeParse(raw);
      if (event.success) events.push(event.data);
    }
  };
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordContinuously' }, transferMode: 'ReportEvents' });
  let value: T;
  let mark: { origin: number; at: number };
  try {
    // A user-timing mark ties the page's clock (performance.now) to the trace's.
    mark = z
      .object({ origin: z.number(), at: z.number() })
      .parse(await page.evaluate(`(() => ({ origin: performance.timeOrigin, at: performance.mark(${JSON.stringify(SYNC_MARK)}).startTime }))()`));
    value = await work();
  } finally {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
  }
  const synced = events.find((e) => e.name === SYNC_MARK);
  if (synced === undefined) throw new Error('trace: the clock mark was not recorded');
  // Trace time (ms) of an epoch time in the page: its performance.now, moved by the mark's two readings.
  const shift = synced.ts / 1000 - mark.at;
  return { value, events, clock: { traceMs: (epochMs) => epochMs - mark.origin + shift } };
}

/** Maps the page's epoch times (a press's key-down) onto the trace's clock. */
export interface Clock {
  traceMs(epochMs: number): number;
}

/** The kinds the main thread's time is sorted into, most specific first (an event counts for the first that names it). */
const KINDS: readonly { kind: string; names: readonly string[] }[] = [
  { kind: 'gc', names: ['MinorGC', 'MajorGC', 'V8.GCScavenger', 'V8.GCFinalizeMC', 'V8.GCIncrementalMarking', 'BlinkGC.AtomicPhase', 'ThreadState::performIdleLazySweep'] },
  { kind: 'picture decode', names: ['Decode Image', 'ImageDecodeTask', 'Decode LazyPixelRef', 'PaintImage'] },
  { kind: 'style', names: ['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet'] },
  { kind: 'layout', names: ['Layout', 'UpdateLayerTree', 'IntersectionObserverController::computeIntersections'] },
  { kind: 'paint', names: ['Paint', 'PrePaint', 'Layerize', 'Commit', 'UpdateLayer', 'CompositeLayers'] },
  { kind: 'key handlers', names: ['EventDispatch'] },
  { kind: 'frame callbacks', names: ['FireAnimationFrame'] },
  { kind: 'timers and idle', names: ['TimerFire', 'FireIdleCallback'] },
  { kind: 'answers and messages', names: ['XHRReadyStateChange', 'ResourceReceivedData', 'ResourceFinish', 'ResourceReceiveResponse'] },
  { kind: 'other script', names: ['FunctionCall', 'v8.callFunction', 'EvaluateScript', 'v8.compile', 'V8.CompileCode'] },
];

interface Slice {
  start: number;
  end: number;
  name: string;
  type: string | undefined;
  /** For a script's slice: the function it called, where (an unminified build names them). */
  script: string | undefined;
  depth: number;
}

function scriptOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { functionName, url, lineNumber } = data as { functionName?: unknown; url?: unknown; lineNumber?: unknown };
  if (typeof url !== 'string' || url === '') return undefined;
  const file = url.split('/').pop()?.replace(/-[\w-]{8}\.js$/, '.js') ?? url;
  return `${typeof functionName === 'string' && functionName !== '' ? functionName : '(anonymous)'} ${file}:${typeof lineNumber === 'number' ? lineNumber : '?'}`;
}

/** The main thread of the renderer whose key-downs number `presses` (or the most of them). */
function mainThread(events: readonly TraceEvent[], presses: number): string | undefined {
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, String((e.args?.['name'] as unknown) ?? ''));
  const keys = new Map<string, number>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (names.get(thread) === 'CrRendererMain' && isKeyDown(e)) keys.set(thread, (keys.get(thread) ?? 0) + 1);
  }
  return [...keys.entries()].sort((a, b) => Math.abs(a[1] - presses) - Math.abs(b[1] - presses))[0]?.[0];
}

function isKeyDown(e: TraceEvent): boolean {
  const data = e.args?.['data'];
  return e.name === 'EventDispatch' && e.ph === 'X' && typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'keydown';
}

/** The thread's complete events as nested slices (depth 0: the tasks). */
function slicesOf(events: readonly TraceEvent[], thread: string): Slice[] {
  const mine = events
    .filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const open: Slice[] = [];
  const slices: Slice[] = [];
  for (const e of mine) {
    const start = e.ts / 1000;
    const end = (e.ts + (e.dur ?? 0)) / 1000;
    while (open.length > 0 && (open[open.length - 1]?.end ?? 0) <= start) open.pop();
    const data = e.args?.['data'];
    const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
    const slice: Slice = { start, end, name: e.name, type: typeof type === 'string' ? type : undefined, script: scriptOf(data), depth: open.length };
    slices.push(slice);
    open.push(slice);
  }
  return slices;
}

/** The kind an event's time counts for, or undefined to count it for whatever it is inside. */
function kindOf(name: string): string | undefined {
  return KINDS.find((k) => k.names.includes(name))?.kind;
}

/**
 * The main thread's busy time in [from, to] (ms), by kind: each slice's self time (its time less its children's) counts
 * for its own kind, or for the kind of the nearest slice around it that has one; time under no kind counts under its
 * own event's name, in brackets ("(RunTask)": a task's time in none of its recorded events).
 */
function busyByKind(slices: readonly Slice[], from: number, to: number): Record<string, number> {
  const inside = slices.filter((s) => s.end > from && s.start < to);
  const totals: Record<string, number> = {};
  const stack: { slice: Slice; kind: string; children: number }[] = [];
  const close = (upTo: number): void => {
    while (stack.length > 0 && (stack[stack.length - 1]?.slice.end ?? 0) <= upTo) {
      const top = stack.pop();
      if (top === undefined) break;
      const self = Math.max(0, Math.min(top.slice.end, to) - Math.max(top.slice.start, from) - top.children);
      totals[top.kind] = (totals[top.kind] ?? 0) + self;
      const parent = stack[stack.length - 1];
      if (parent !== undefined) parent.children += Math.min(top.slice.end, to) - Math.max(top.slice.start, from);
    }
  };
  for (const slice of inside) {
    close(slice.start);
    const parentKind = stack[stack.length - 1]?.kind;
    const own = kindOf(slice.name);
    // Script run by something more specific (a key's handler, a frame callback, a timer) counts for that.
    const kind = own === 'other script' && parentKind !== undefined && !parentKind.startsWith('(') ? parentKind : (own ?? parentKind ?? `(${slice.name})`);
    stack.push({ slice, kind, children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return totals;
}

export interface PressAnatomy {
  ms: number;
  key: string;
  /** When its key went down, ms after the first press's. */
  at: number;
  /** How long after its key went down the key-down was dispatched to the page (the page was busy before). */
  dispatchedAfter: number | undefined;
  /** How long after its key went down the frame was on screen (Chrome's EventLatency), where the trace has it. */
  presentedAfter: number | undefined;
  byKind: Record<string, number>;
  /** The tasks that ran in the press: start relative to the key going down, length, what. */
  tasks: { at: number; ms: number; what: string }[];
}

/** An EventLatency's begin for a key going down. */
const KeyPressedSchema = z.object({ event_type: z.literal('KEY_PRESSED') });

/**
 * Chrome's key-press latencies: when each key event began (its timestamp, ms on the trace's clock) and when the frame
 * it led to was presented. An async event: its begin carries the type, its end the same id.
 */
function keyLatencies(events: readonly TraceEvent[]): { start: number; presented: number }[] {
  const begun = new Map<string, number>();
  const latencies: { start: number; presented: number }[] = [];
  // Only these are sorted: a trace holds some hundred thousand events, and a few hundred of them are key latencies.
  const mine = events.filter((e) => e.name === 'EventLatency').sort((a, b) => a.ts - b.ts);
  for (const e of mine) {
    const id = `${e.pid}:${e.id2?.local ?? e.id2?.global ?? ''}`;
    if (e.ph === 'b') {
      if (KeyPressedSchema.safeParse(e.args?.['event_latency']).success) begun.set(id, e.ts / 1000);
    } else if (e.ph === 'e') {
      const start = begun.get(id);
      begun.delete(id);
      if (start !== undefined) latencies.push({ start, presented: e.ts / 1000 });
    }
  }
  return latencies;
}

/**
 * What the main thread did in each press that moved focus: from its key-down's timestamp (when the key reached the
 * browser; the page may still have been busy) to the end of the frame that showed it.
 */
export function anatomy(events: readonly TraceEvent[], records: readonly PressRecord[], clock: Clock): PressAnatomy[] {
  const thread = mainThread(events, records.length);
  if (thread === undefined) throw new Error('trace: no renderer main thread with key-downs');
  const slices = slicesOf(events, thread);
  const keyDowns = slices.filter((s) => s.name === 'EventDispatch' && s.type === 'keydown');
  const first = records[0] === undefined ? 0 : clock.traceMs(records[0].at);
  const latencies = keyLatencies(events);
  return records.flatMap((record) => {
    if (!record.moved) return [];
    const from = clock.traceMs(record.at);
    const to = from + record.ms;
    const down = keyDowns.find((k) => k.start >= from - 1 && k.start <= to);
    // The key's latency begins at the key event's timestamp, as the press does (two milliseconds either way).
    const latency = latencies.find((l) => Math.abs(l.start - from) <= 2);
    const tasks = slices
      .filter((s) => s.depth === 0 && s.end > from && s.start < to && s.end - s.start >= 1)
      .map((task) => {
        const within = busyByKind(slices, task.start, task.end);
        const kinds = Object.entries(within)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`)
          .join(', ');
        // The script the task ran longest, by what it called.
        const script = slices
          .filter((s) => s.script !== undefined && s.start >= task.start && s.end <= task.end && s.end - s.start >= 1)
          .sort((a, b) => b.end - b.start - (a.end - a.start))[0];
        const what = script === undefined ? kinds : `${kinds}; ${script.script ?? ''} ${(script.end - script.start).toFixed(1)} ms`;
        return { at: task.start - from, ms: task.end - task.start, what };
      });
    return [
      {
        ms: record.ms,
        key: record.key,
        at: from - first,
        dispatchedAfter: down === undefined ? undefined : down.start - from,
        presentedAfter: latency === undefined ? undefined : latency.presented - from,
        byKind: busyByKind(slices, from, to),
        tasks,
      },
    ];
  });
}

function meanByKind(presses: readonly PressAnatomy[]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const p of presses) for (const [kind, ms] of Object.entries(p.byKind)) sums[kind] = (sums[kind] ?? 0) + ms;
  return Object.fromEntries(Object.entries(sums).map(([kind, ms]) => [kind, ms / Math.max(1, presses.length)]));
}

/** The slowest 5 % beside the presses around the median, as text. */
export function describeTail(label: string, presses: readonly PressAnatomy[]): string {
  const sorted = [...presses].sort((a, b) => a.ms - b.ms);
  const tail = sorted.slice(Math.floor(sorted.length * 0.95));
  const middle = sorted.slice(Math.floor(sorted.length * 0.4), Math.ceil(sorted.length * 0.6));
  const tailKinds = meanByKind(tail);
  const middleKinds = meanByKind(middle);
  const kinds = [...new Set([...Object.keys(tailKinds), ...Object.keys(middleKinds)])].sort((a, b) => (tailKinds[b] ?? 0) - (tailKinds[a] ?? 0));
  const meanMs = (list: readonly PressAnatomy[]): number => mean(list.map((p) => p.ms));
  const shownAt = presses.flatMap((p) => (p.presentedAfter === undefined ? [] : [p.presentedAfter]));
  const afterEnd = presses.flatMap((p) => (p.presentedAfter === undefined ? [] : [p.presentedAfter - p.ms]));
  const onScreen =
    shownAt.length === 0
      ? '  on screen: no key latencies in the trace'
      : `  on screen (Chrome's EventLatency, ${shownAt.length} presses): median ${median(shownAt).toFixed(1)} ms, ` +
        `p95 ${percentile(shownAt, 95).toFixed(1)} ms after the key; after the probe's end, median ` +
        `${median(afterEnd).toFixed(1)} ms, least ${Math.min(...afterEnd).toFixed(1)} ms`;
  const lines = [
    `${label}: ${presses.length} presses; slowest 5 % (${tail.length}) mean ${meanMs(tail).toFixed(1)} ms, middle 20 % mean ${meanMs(middle).toFixed(1)} ms`,
    onScreen,
    `  main thread from key-down to the frame showing the new focus, mean ms per press (slowest 5 % / middle):`,
    ...kinds.slice(0, 14).map((kind) => `    ${kind.padEnd(22)} ${(tailKinds[kind] ?? 0).toFixed(1).padStart(6)} / ${(middleKinds[kind] ?? 0).toFixed(1).padStart(6)}`),
    `  the slowest, each with its tasks (start ms from the key going down, length, biggest kinds):`,
  ];
  for (const p of [...tail].reverse()) {
    const dispatched = p.dispatchedAfter === undefined ? 'not dispatched in it' : `dispatched after ${p.dispatchedAfter.toFixed(1)} ms`;
    const shown = p.presentedAfter === undefined ? '' : `, on screen at ${p.presentedAfter.toFixed(1)} ms`;
    lines.push(`    ${p.ms.toFixed(1)} ms ${p.key} at +${(p.at / 1000).toFixed(1)} s, ${dispatched}${shown}`);
    for (const task of p.tasks) lines.push(`      ${task.at >= 0 ? '+' : ''}${task.at.toFixed(1)} ${task.ms.toFixed(1)} ms: ${task.what}`);
  }
  return lines.join('\n');
}

/** Home's walk at `rate`, voice guidance off and on, each under a trace; the tails described, and written to bench/results/raw. */
export async function pressTraces(bench: Bench, dataDir: string, voiceOn: () => Promise<ExtraSubject & { close(): Promise<void> }>, presses: number, rate = 4): Promise<string> {
  const shell = await bench.shell({ dataDir });
  const { context, page } = await bench.open(shell, { fast: true });
  await homeReady(page);
  const cdp = await context.newCDPSession(page);
  const voice = await voiceOn();
  const texts: string[] = [];
  try {
    for (const [label, subject] of [
      ['Home, voice guidance off', { page, cdp, nextKey: homeWalker(page) }],
      ['Home, voice guidance on', voice.subject],
    ] as const) {
      // A round first, untraced: the walk's first presses draw what the later ones find drawn.
      await pressBlock(subject, rate, 20, []);
      const records: PressRecord[] = [];
      const { events, clock } = await traced(subject.page, subject.cdp, () => pressBlock(subject, rate, presses, records));
      const text = describeTail(`${label}, CPU ${rate}×`, anatomy(events, records, clock));
      log(text);
      texts.push(text);
    }
  } finally {
    await voice.close();
    await context.close();
    await bench.stop(shell);
  }
  const dir = join(REPO, 'bench/results/raw');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `press-trace-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
  writeFileSync(file, `${texts.join('\n\n')}\n`);
  log(`trace: written to ${file}`);
  return file;
}

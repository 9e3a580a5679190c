import { describe, expect, it } from 'vitest';
import { anatomy, describeTail, type TraceEvent } from '../../bench/pressTrace';
import type { PressRecord } from '../../bench/probe';

const PID = 7;
const MAIN = 1;
const meta: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', ts: 0, pid: PID, tid: MAIN, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ts: 0, pid: PID, tid: 2, args: { name: 'Compositor' } },
];
/** A complete event on the main thread, times in ms. */
const x = (name: string, start: number, ms: number, type?: string): TraceEvent => ({
  name,
  ph: 'X',
  ts: start * 1000,
  dur: ms * 1000,
  pid: PID,
  tid: MAIN,
  args: type === undefined ? {} : { data: { type } },
});
const press = (at: number, ms: number, moved = true): PressRecord => ({ key: 'ArrowRight', moved, ms, at, frames: 1, from: 'a', to: 'b' });
/** The page's epoch time `at` is the trace's `at - 1000`. */
const clock = { traceMs: (epochMs: number) => epochMs - 1000 };

describe('what a press is made of', () => {
  it('sorts the main thread’s time from key-down to painted by kind, self time only, and names the tasks', () => {
    const events = [
      ...meta,
      // Busy with script when the key came: 10 ms of it in the press, 5 of those garbage collection.
      x('RunTask', 95, 15),
      x('FunctionCall', 95, 15),
      x('MinorGC', 100, 5),
      // The key: its handler, then the frame (style, layout, paint).
      x('RunTask', 110, 4),
      x('EventDispatch', 110, 3, 'keydown'),
      // The handler's script counts for the key's handlers, not as other script.
      x('FunctionCall', 110.5, 2),
      x('RunTask', 115, 6),
      x('UpdateLayoutTree', 115, 1),
      x('Layout', 116, 2),
      x('Paint', 118, 3),
      // Off the main thread: not counted.
      { ...x('Paint', 110, 50), tid: 2 },
    ];
    const [one] = anatomy(events, [press(1100, 21)], clock);
    expect(one?.dispatchedAfter).toBe(10);
    expect(one?.byKind['other script']).toBeCloseTo(5);
    expect(one?.byKind['gc']).toBeCloseTo(5);
    expect(one?.byKind['key handlers']).toBeCloseTo(3);
    expect(one?.byKind['style']).toBeCloseTo(1);
    expect(one?.byKind['layout']).toBeCloseTo(2);
    expect(one?.byKind['paint']).toBeCloseTo(3);
    // The task's time in none of its events: counted under its own name.
    expect(one?.byKind['(RunTask)']).toBeCloseTo(1);
    expect(one?.tasks.map((t) => [t.at, t.ms])).toEqual([
      [-5, 15],
      [10, 4],
      [15, 6],
    ]);
  });

  it('leaves out presses that moved nothing, and sets the slowest 5 % beside the middle', () => {
    const events: TraceEvent[] = [...meta];
    const records: PressRecord[] = [];
    for (let i = 0; i < 40; i++) {
      const start = 200 * i;
      const slow = i === 7 || i === 30;
      events.push(x('RunTask', start, slow ? 90 : 10), x('EventDispatch', start, slow ? 80 : 5, 'keydown'));
      records.push(press(start + 1000, slow ? 90 : 10, i !== 3));
    }
    const presses = anatomy(events, records, clock);
    expect(presses).toHaveLength(39);
    const text = describeTail('Home', presses);
    expect(text).toContain('slowest 5 % (2) mean 90.0 ms');
    expect(text).toMatch(/key handlers\s+80\.0 \/\s+5\.0/);
  });

  it('gives when each press’s frame was on screen, from Chrome’s key latency of that key, and says it beside the tail', () => {
    // EventLatency: an async event on the compositor thread, begun at the key event's timestamp, ended when presented.
    const latency = (id: string, type: string, start: number, presented: number): TraceEvent[] => [
      { name: 'EventLatency', ph: 'b', ts: start * 1000, pid: PID, tid: 2, id2: { local: id }, args: { event_latency: { event_type: type } } },
      { name: 'EventLatency', ph: 'e', ts: presented * 1000, pid: PID, tid: 2, id2: { local: id }, args: {} },
    ];
    const events: TraceEvent[] = [
      ...meta,
      x('RunTask', 100, 10),
      x('EventDispatch', 100, 5, 'keydown'),
      ...latency('0x1', 'KEY_PRESSED', 100, 131),
      // The key's release, in the same frame: not the press's.
      ...latency('0x2', 'KEY_RELEASED', 100.5, 150),
      x('RunTask', 300, 10),
      x('EventDispatch', 300, 5, 'keydown'),
      // A second press with no latency recorded.
    ];
    const presses = anatomy(events, [press(1100, 20), press(1300, 12)], clock);
    expect(presses.map((p) => p.presentedAfter)).toEqual([31, undefined]);
    const text = describeTail('Home', presses);
    expect(text).toContain("on screen (Chrome's EventLatency, 1 presses): median 31.0 ms, p95 31.0 ms after the key; after the probe's end, median 11.0 ms, least 11.0 ms");
    expect(text).toContain('20.0 ms ArrowRight at +0.0 s, dispatched after 0.0 ms, on screen at 31.0 ms');
  });
});

/**
 * The benchmark's arithmetic: summaries of repeated measurements and the verdict against a budget. Pure, so a unit
 * test can pin it down (test/bench/stats.test.ts); run.ts does the measuring.
 */

export interface Summary {
  runs: number;
  median: number;
  /** Nearest-rank 95th percentile: a value that was actually measured, never an interpolation. */
  p95: number;
  min: number;
  max: number;
}

function sorted(values: readonly number[]): number[] {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) throw new Error('No finite measurement to summarise.');
  return [...finite].sort((a, b) => a - b);
}

/** The arithmetic mean; 0 for no values (a page or kind with no presses in a table). */
export function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
}

/** The middle value; the mean of the two middle values for an even count. */
export function median(values: readonly number[]): number {
  const s = sorted(values);
  const mid = Math.floor(s.length / 2);
  const upper = s[mid] ?? Number.NaN;
  if (s.length % 2 === 1) return upper;
  return ((s[mid - 1] ?? upper) + upper) / 2;
}

/** Nearest rank (the ceil(p·n)-th smallest value): with fewer than 20 runs the p95 is the maximum. */
export function percentile(values: readonly number[], p: number): number {
  if (!(p > 0 && p <= 100)) throw new Error(`A percentile is in (0, 100], got ${p}.`);
  const s = sorted(values);
  const rank = Math.ceil((p / 100) * s.length);
  return s[Math.min(s.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export function summarise(values: readonly number[]): Summary {
  const s = sorted(values);
  return {
    runs: s.length,
    median: median(s),
    p95: percentile(s, 95),
    min: s[0] ?? Number.NaN,
    max: s[s.length - 1] ?? Number.NaN,
  };
}

/** Which statistic a budget is judged on. `value` is for figures measured once (sizes, ratios, counts). */
export type Judged = 'median' | 'p95' | 'value';

export interface Budget {
  /** The largest value still within budget (inclusive). */
  max: number;
  judged: Judged;
}

export interface Verdict {
  judged: Judged;
  value: number;
  budget: number;
  within: boolean;
  /** How much room is left (positive) or how far over the budget the figure is (negative). */
  margin: number;
}

export function verdict(summary: Summary, budget: Budget): Verdict {
  const value = budget.judged === 'p95' ? summary.p95 : budget.judged === 'median' ? summary.median : summary.max;
  return { judged: budget.judged, value, budget: budget.max, within: value <= budget.max, margin: budget.max - value };
}

/** Pairwise differences (a[i] − b[i]) of two series measured side by side in the same iterations. */
export function differences(a: readonly number[], b: readonly number[]): number[] {
  if (a.length !== b.length) throw new Error(`Paired series differ in length (${a.length} and ${b.length}).`);
  return a.map((x, i) => x - (b[i] ?? Number.NaN));
}

export interface Interval {
  start: number;
  end: number;
}

/** The most intervals open at one moment (an interval ending exactly when another starts does not overlap it). */
export function maxConcurrency(intervals: readonly Interval[]): number {
  const edges = intervals.flatMap((i) => [
    { t: i.start, d: 1 },
    { t: i.end, d: -1 },
  ]);
  edges.sort((x, y) => x.t - y.t || x.d - y.d);
  let open = 0;
  let most = 0;
  for (const e of edges) {
    open += e.d;
    most = Math.max(most, open);
  }
  return most;
}

/** True when every interval was in flight at one common moment: they all ran in parallel. */
export function allOverlap(intervals: readonly Interval[]): boolean {
  if (intervals.length < 2) return true;
  const latestStart = Math.max(...intervals.map((i) => i.start));
  const earliestEnd = Math.min(...intervals.map((i) => i.end));
  return latestStart < earliestEnd;
}

/** a ÷ b, for figures judged as a ratio of two measurements taken in the same run. */
export function ratio(a: number, b: number): number {
  if (!(Number.isFinite(a) && Number.isFinite(b)) || b <= 0) throw new Error(`No ratio of ${a} to ${b}.`);
  return a / b;
}

/**
 * Tunewall's remote presses beside the floor's (a plain page where a press only moves a class) and the conventional
 * peer's (the navigation library's own way), measured in the same browser at the same throttle: the verdicts are on
 * the p95 ratios, so a slower or busier machine moves all three together and not the verdict.
 */
export interface PressComparison {
  tunewall: Summary;
  floor: Summary;
  peer: Summary;
  /** Tunewall's p95 over the floor's. */
  overFloor: number;
  /** Tunewall's p95 over the peer's: below 1 is ahead of it. */
  overPeer: number;
  withinFloorBudget: boolean;
  aheadOfPeer: boolean;
}

export function comparePresses(tunewall: Summary, floor: Summary, peer: Summary, maxOverFloor: number): PressComparison {
  const overFloor = ratio(tunewall.p95, floor.p95);
  const overPeer = ratio(tunewall.p95, peer.p95);
  return { tunewall, floor, peer, overFloor, overPeer, withinFloorBudget: overFloor <= maxOverFloor, aheadOfPeer: overPeer < 1 };
}

/** A budget loosened by a share (0.1: 10 % more), for the same figure measured on a path allowed to cost a little more. */
export function loosened(budget: Budget, share: number): Budget {
  return { ...budget, max: budget.max * (1 + share) };
}

/**
 * The bench's figures as they are collected, and how they are reported: the table printed and written to
 * bench/RESULTS.md, and bench/results.json. Each figure says how it is measured: an absolute value, a difference over
 * a page measured in the same run, or a ratio to one.
 */
import { verdict, type Budget, type PressComparison, type Summary, type Verdict } from './stats';

export type Unit = 'ms' | 'MB' | 'KB' | '×' | 'count';

/** How a figure relates to the machine: only absolute figures move with it one for one. */
export type Measure = 'absolute' | 'over the empty page' | '÷ floor' | '÷ peer' | '÷ external path';

export interface Figure {
  id: string;
  title: string;
  unit: Unit;
  measure: Measure;
  summary: Summary;
  verdict: Verdict;
  budgetText: string;
  /** Other numbers worth keeping beside the judged one. */
  detail: Record<string, number | string | boolean>;
}

export interface PressRow {
  surface: string;
  rate: number;
  comparison: PressComparison;
  /** The budget of Tunewall's p95 over the floor's, for this surface and load. */
  maxOverFloor: number;
}

export class FigureBook {
  readonly figures: Figure[] = [];
  readonly presses: PressRow[] = [];

  add(f: Omit<Figure, 'verdict'> & { budget: Budget }): Figure {
    const { budget, ...rest } = f;
    const figure = { ...rest, verdict: verdict(f.summary, budget) };
    this.figures.push(figure);
    return figure;
  }

  allWithin(): boolean {
    return this.figures.every((f) => f.verdict.within);
  }

  table(): string {
    const rows = this.figures.map((f) => {
      const single = f.summary.runs === 1;
      return `| ${f.title} | ${f.measure} | ${single ? '' : f.summary.runs} | ${single ? '—' : fmt(f.summary.median, f.unit)} | ${single ? '—' : fmt(f.summary.p95, f.unit)} | ${fmt(f.verdict.value, f.unit)} | ${f.budgetText} | ${f.verdict.within ? 'within' : '**over**'} |`;
    });
    return ['| figure | measured as | runs | median | p95 | value | budget | verdict |', '|---|---|---|---|---|---|---|---|', ...rows].join('\n');
  }

  /** Every press figure with the floor and the peer beside it: absolute p95s, then the ratios the verdicts are on. */
  pressTable(): string {
    const rows = this.presses.map(({ surface, rate, comparison: c, maxOverFloor }) => {
      const ms = (s: Summary) => `${fmt(s.p95, 'ms')} (median ${fmt(s.median, 'ms')})`;
      return `| ${surface} | ${rate}× | ${ms(c.tunewall)} | ${ms(c.floor)} | ${ms(c.peer)} | ${fmt(c.overFloor, '×')} (≤ ${maxOverFloor}×) ${c.withinFloorBudget ? 'within' : '**over**'} | ${fmt(c.overPeer, '×')} ${c.aheadOfPeer ? 'ahead' : '**not ahead**'} |`;
    });
    return [
      '| surface | CPU throttle | Tunewall p95 | floor p95 | peer p95 | Tunewall ÷ floor | Tunewall ÷ peer (< 1×) |',
      '|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n');
  }

  details(): string {
    return this.figures
      .filter((f) => Object.keys(f.detail).length > 0)
      .map((f) => `- **${f.title}**: ${Object.entries(f.detail).map(([k, v]) => `${k} ${typeof v === 'number' ? String(Number(v.toFixed(1))) : String(v)}`).join(', ')}`)
      .join('\n');
  }
}

export function fmt(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return String(value);
  if (unit === 'count') return String(Math.round(value));
  if (unit === '×') return `${value.toFixed(2)}×`;
  return `${value.toFixed(unit === 'ms' ? 0 : 1)} ${unit}`;
}

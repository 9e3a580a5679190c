import { describe, expect, it } from 'vitest';
import { allOverlap, comparePresses, differences, loosened, maxConcurrency, mean, median, percentile, ratio, summarise, verdict } from '../../bench/stats';

describe('bench statistics', () => {
  it('takes the middle value, or the mean of the two middle ones, whatever the input order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('averages, and gives 0 for a page with no presses rather than NaN', () => {
    expect(mean([10, 20, 45])).toBe(25);
    expect(mean([])).toBe(0);
  });

  it('p95 is a measured value by nearest rank: the maximum below 20 runs, the 19th of 20', () => {
    expect(percentile([10, 20, 30, 40, 50], 95)).toBe(50);
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(twenty, 95)).toBe(19);
    expect(percentile(twenty, 50)).toBe(10);
  });

  it('ignores runs that produced no number and refuses an empty series', () => {
    expect(summarise([Number.NaN, 2, 4, Number.POSITIVE_INFINITY])).toMatchObject({ runs: 2, median: 3, p95: 4, min: 2, max: 4 });
    expect(() => median([])).toThrow(/No finite measurement/);
  });

  it('judges the named statistic, inclusive of the budget itself', () => {
    const s = summarise([10, 11, 12, 13, 40]);
    expect(verdict(s, { max: 12, judged: 'median' })).toMatchObject({ value: 12, within: true, margin: 0 });
    expect(verdict(s, { max: 16.7, judged: 'p95' })).toMatchObject({ value: 40, within: false });
    expect(verdict(s, { max: 16.7, judged: 'p95' }).margin).toBeCloseTo(-23.3);
  });

  it('pairs runs of the same iteration', () => {
    expect(differences([500, 620], [300, 310])).toEqual([200, 310]);
    expect(() => differences([1], [1, 2])).toThrow(/differ in length/);
  });

  it('tells requests that ran side by side from requests that ran one after another', () => {
    const parallel = [
      { start: 0, end: 60 },
      { start: 5, end: 70 },
      { start: 10, end: 65 },
    ];
    const serial = [
      { start: 0, end: 60 },
      { start: 60, end: 120 },
      { start: 120, end: 180 },
    ];
    expect(maxConcurrency(parallel)).toBe(3);
    expect(allOverlap(parallel)).toBe(true);
    expect(maxConcurrency(serial)).toBe(1);
    expect(allOverlap(serial)).toBe(false);
  });
});

describe('press figures judged against the floor and the peer', () => {
  const s = (p95: number) => summarise(Array.from({ length: 20 }, (_, i) => (i < 18 ? p95 / 2 : p95)));

  it('divides p95 by p95, not medians or means', () => {
    const c = comparePresses(s(15), s(12), s(30), 1.25);
    expect(c.overFloor).toBeCloseTo(1.25);
    expect(c.overPeer).toBeCloseTo(0.5);
    expect(c.withinFloorBudget).toBe(true);
    expect(c.aheadOfPeer).toBe(true);
  });

  it('is over the floor budget past 1.25×, and not ahead of a peer it only matches', () => {
    const c = comparePresses(s(16), s(12), s(16), 1.25);
    expect(c.overFloor).toBeCloseTo(1.3333);
    expect(c.withinFloorBudget).toBe(false);
    expect(c.overPeer).toBe(1);
    expect(c.aheadOfPeer).toBe(false);
  });

  it('refuses a ratio to nothing', () => {
    expect(() => ratio(5, 0)).toThrow(/No ratio/);
    expect(() => ratio(Number.NaN, 2)).toThrow(/No ratio/);
    expect(ratio(3, 2)).toBe(1.5);
  });

  it('loosens a budget by a share, keeping what it judges', () => {
    const budget = loosened({ max: 200, judged: 'median' }, 0.1);
    expect(budget.max).toBeCloseTo(220);
    expect(budget.judged).toBe('median');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_DELAY_MS, scheduleAt, setSafeTimeout, sleep, systemClock, watchForResume } from '../../../../main/core/timers';

const T0 = new Date('2026-11-22T10:00:00Z').getTime();

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('safe timers', () => {
  it('chains delays beyond 2^31-1 ms instead of firing at once', async () => {
    const spy = vi.spyOn(globalThis, 'setTimeout');
    const fired = vi.fn();
    setSafeTimeout(fired, 40 * 86_400_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(40 * 86_400_000 - 1_001);
    expect(fired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toHaveBeenCalledOnce();
    for (const call of spy.mock.calls) expect(Number(call[1] ?? 0)).toBeLessThanOrEqual(MAX_TIMER_DELAY_MS);
  });

  it('treats NaN and negative delays as zero and can be cancelled mid-chain', async () => {
    const a = vi.fn();
    setSafeTimeout(a, Number.NaN);
    await vi.advanceTimersByTimeAsync(0);
    expect(a).toHaveBeenCalledOnce();
    const b = vi.fn();
    const handle = setSafeTimeout(b, 30 * 86_400_000);
    await vi.advanceTimersByTimeAsync(MAX_TIMER_DELAY_MS + 10);
    handle.cancel();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(30 * 86_400_000);
    expect(b).not.toHaveBeenCalled();
  });

  it('scheduleAt fires by the wall clock even when the runtime timer slept', async () => {
    const fired = vi.fn();
    scheduleAt(systemClock, T0 + 3_600_000, fired, { checkEveryMs: 10_000 });
    await vi.advanceTimersByTimeAsync(5_000);
    vi.setSystemTime(T0 + 3_600_000 + 5);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fired).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('scheduleAt in the past fires on the next tick, not synchronously', async () => {
    const fired = vi.fn();
    scheduleAt(systemClock, T0 - 1_000, fired);
    expect(fired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(fired).toHaveBeenCalledOnce();
  });

  it('sleep rejects as cancelled on abort and leaves no timer', async () => {
    const controller = new AbortController();
    const slept = sleep(60_000, controller.signal).catch((e: unknown) => e);
    controller.abort();
    expect(await slept).toMatchObject({ kind: 'cancelled' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('watchForResume reports a wall-clock jump, not ordinary ticks', async () => {
    const onResume = vi.fn();
    const watch = watchForResume({ clock: systemClock, onResume, checkEveryMs: 10_000, toleranceMs: 30_000 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onResume).not.toHaveBeenCalled();
    vi.setSystemTime(Date.now() + 3_600_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onResume).toHaveBeenCalledOnce();
    watch.cancel();
    expect(vi.getTimerCount()).toBe(0);
  });
});

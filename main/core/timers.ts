/**
 * Timers that are safe for long and wall-clock deadlines. Node (and browsers) fire a timer at once when handed more
 * than 2^31-1 ms, and count time with a clock that may stop while the machine sleeps; these helpers chain and re-check.
 */
import type { Clock } from './ports';
import { CoreError } from './errors';

/** The largest delay a JavaScript timer honours (about 24.8 days). */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

export interface TimerHandle {
  cancel(): void;
}

/** A delay a timer can take: NaN and negatives become 0. Infinity stays (the chain then never fires). */
export function sanitizeDelay(delayMs: number): number {
  if (Number.isNaN(delayMs) || delayMs <= 0) return 0;
  return delayMs;
}

/** setTimeout that never hands the runtime more than MAX_TIMER_DELAY_MS: longer delays are chained. */
export function setSafeTimeout(fn: () => void, delayMs: number): TimerHandle {
  let remaining = sanitizeDelay(delayMs);
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (): void => {
    const step = Math.min(remaining, MAX_TIMER_DELAY_MS);
    remaining -= step;
    timer = setTimeout(() => {
      timer = undefined;
      if (cancelled) return;
      if (remaining > 0) arm();
      else fn();
    }, step);
  };
  arm();
  return {
    cancel() {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}

export interface ScheduleAtOptions {
  /** Re-read the wall clock at least this often, so time spent asleep counts toward the deadline. */
  checkEveryMs?: number;
}

/**
 * Runs `fn` once the wall clock reaches `atMs` (epoch ms). Runtime timers may not count time asleep, so the wait is
 * cut into slices and the clock is read after each one; a deadline already past fires on the next tick.
 */
export function scheduleAt(
  clock: Pick<Clock, 'now'>,
  atMs: number,
  fn: () => void,
  options: ScheduleAtOptions = {},
): TimerHandle {
  const checkEveryMs = Math.max(1, options.checkEveryMs ?? 30_000);
  let cancelled = false;
  let current: TimerHandle | undefined;
  const arm = (): void => {
    const remaining = sanitizeDelay(atMs - clock.now());
    current = setSafeTimeout(() => {
      if (cancelled) return;
      if (clock.now() >= atMs) fn();
      else arm();
    }, Math.min(remaining, checkEveryMs));
  };
  arm();
  return {
    cancel() {
      cancelled = true;
      current?.cancel();
    },
  };
}

/** Resolves after `ms`; rejects with a 'cancelled' CoreError when the signal aborts first (and leaves no timer). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CoreError({ kind: 'cancelled', messageKey: 'cancelled', cause: signal.reason }));
      return;
    }
    const onAbort = (): void => {
      handle.cancel();
      reject(new CoreError({ kind: 'cancelled', messageKey: 'cancelled', cause: signal?.reason }));
    };
    const handle = setSafeTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface ResumeWatchOptions {
  clock: Pick<Clock, 'now'>;
  onResume: (sleptMs: number) => void;
  /** How often the wall clock is sampled. */
  checkEveryMs?: number;
  /** A gap this much longer than expected counts as a sleep. */
  toleranceMs?: number;
}

/**
 * Detects that the machine slept: a periodic tick that finds the wall clock far ahead of when the tick was due.
 * Shells that get a real resume event (Electron's powerMonitor) should also call the owner's `resume()` directly.
 */
export function watchForResume(options: ResumeWatchOptions): TimerHandle {
  const checkEveryMs = Math.max(1, options.checkEveryMs ?? 10_000);
  const toleranceMs = Math.max(0, options.toleranceMs ?? 30_000);
  let last = options.clock.now();
  let handle: TimerHandle | undefined;
  let cancelled = false;
  const tick = (): void => {
    handle = setSafeTimeout(() => {
      if (cancelled) return;
      const now = options.clock.now();
      const late = now - last - checkEveryMs;
      last = now;
      if (late > toleranceMs) options.onResume(late);
      if (!cancelled) tick();
    }, checkEveryMs);
  };
  tick();
  return {
    cancel() {
      cancelled = true;
      handle?.cancel();
    },
  };
}

/** The real clock: Date for the wall, performance.now() for monotonic time. */
export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
};

import type { Clock } from './context';

const YEAR_MS = 365.25 * 24 * 3_600_000;
/**
 * The furthest one step may move the clock: far past every lifetime the contract knows (a client token's 30 days,
 * a refresh token's days), near enough that `now + lifetime` is still later than `now` in a double.
 */
export const MAX_ADVANCE_MS = 10 * YEAR_MS;
/** The furthest the clock may be ahead of real time in all, so every sandbox time stays a valid Date for centuries. */
export const MAX_CLOCK_OFFSET_MS = 100 * YEAR_MS;

/** The sandbox's clock: real time plus an offset that tests and demos move forward to make tokens and codes expire. */
export interface SandboxClock extends Clock {
  advance(ms: number): void;
  offsetMs(): number;
}

export function createSandboxClock(realNow: () => number = Date.now): SandboxClock {
  let offset = 0;
  return {
    now: () => realNow() + offset,
    advance(ms) {
      const problem = advanceProblem(ms, offset);
      if (problem !== undefined) throw new RangeError(problem);
      offset += ms;
    },
    offsetMs: () => offset,
  };
}

/** Why the clock cannot move forward by `ms` from `offset` (a sentence for the caller), or undefined when it can. */
export function advanceProblem(ms: number, offset: number): string | undefined {
  if (!Number.isSafeInteger(ms) || ms < 0) return 'ms must be a whole, non-negative number of milliseconds.';
  if (ms > MAX_ADVANCE_MS) return `ms may be at most ${MAX_ADVANCE_MS} (ten years) per step.`;
  if (offset + ms > MAX_CLOCK_OFFSET_MS) {
    return `The sandbox clock may run at most ${MAX_CLOCK_OFFSET_MS} ms (a hundred years) ahead; it is ${offset} ms ahead now. Restart the sandbox to start again from real time.`;
  }
  return undefined;
}

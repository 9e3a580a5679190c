import type { Clock } from './context';

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
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The sandbox clock only moves forward by a finite number of milliseconds.');
      offset += ms;
    },
    offsetMs: () => offset,
  };
}

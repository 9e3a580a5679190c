/** Recovery decisions, on a fake clock: when the browser is started again, when the page reloads, when the shell gives up. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJsonLogger } from '../../../../main/kiosk/ops/log';
import { startRecovery, type Recovery } from '../../../../main/kiosk/ops/recovery';
import { createOpsStatus, type OpsStatus } from '../../../../main/kiosk/ops/status';

let status: OpsStatus;
let recovery: Recovery;
let lines: string[];
const relaunch = vi.fn<() => void>();
const exit = vi.fn<(code: number) => void>();

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  lines = [];
  status = createOpsStatus();
  status.noteHeartbeat({ screen: 'home', problem: 'none' });
  recovery = startRecovery({
    status,
    logger: createJsonLogger({ level: 'info', write: (line) => lines.push(line) }),
    rendererStaleMs: 15_000,
    screenProblemMs: 600_000,
    relaunchBrowser: relaunch,
    exit,
  });
});
afterEach(() => {
  recovery.stop();
  vi.useRealTimers();
  relaunch.mockReset();
  exit.mockReset();
});

/** The page beats every 5 s for `ms`. */
function beat(ms: number, problem: 'none' | 'error' | 'blank' = 'none'): void {
  for (let t = 0; t < ms; t += 5_000) {
    vi.advanceTimersByTime(5_000);
    status.noteHeartbeat({ screen: 'home', problem });
  }
}

describe('recovery', () => {
  it('leaves a page that beats alone, and starts the browser again once its heartbeat is older than allowed', () => {
    beat(60_000);
    expect(relaunch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(16_000);
    expect(relaunch).toHaveBeenCalledTimes(1);
    expect(status.facts().recoveries['renderer-unresponsive']).toBe(1);
    // The new browser gets its allowance to paint before it is judged again.
    vi.advanceTimersByTime(20_000);
    expect(relaunch).toHaveBeenCalledTimes(1);
    beat(10_000);
    expect(relaunch).toHaveBeenCalledTimes(1);
  });

  it('asks the page to reload once an error screen has lasted the whole time while the service answers', () => {
    beat(590_000, 'error');
    expect(recovery.takeReload()).toBe(false);
    beat(15_000, 'error');
    expect(recovery.takeReload()).toBe(true);
    expect(recovery.takeReload()).toBe(false);
    expect(status.facts().recoveries['screen-problem']).toBe(1);
    // The clock starts over after a reload.
    beat(300_000, 'error');
    expect(recovery.takeReload()).toBe(false);
  });

  it('does not reload an error screen while the service does not answer (the page says offline already)', () => {
    status.noteState({ network: { online: false, retryAt: undefined }, auth: { status: 'starting' } } as Parameters<OpsStatus['noteState']>[0]);
    beat(700_000, 'blank');
    expect(recovery.takeReload()).toBe(false);
  });

  it('gives up on the third recovery in 30 minutes: exits non-zero and says why', () => {
    recovery.browserExited({ code: null, signal: 'SIGKILL' });
    beat(10 * 60_000);
    recovery.browserExited({ code: 1, signal: null });
    expect(relaunch).toHaveBeenCalledTimes(2);
    expect(exit).not.toHaveBeenCalled();
    beat(10 * 60_000);
    recovery.browserExited({ code: null, signal: 'SIGKILL' });
    expect(relaunch).toHaveBeenCalledTimes(2);
    expect(exit).toHaveBeenCalledWith(1);
    const last = JSON.parse(lines.at(-1) ?? '{}') as { level?: string; message?: string; causes?: string[] };
    expect(last.level).toBe('error');
    expect(last.message).toBe('3 recoveries in 30 minutes: exiting so that systemd restarts the service');
    expect(last.causes).toEqual(['browser-exited', 'browser-exited', 'browser-exited']);
  });

  it('forgets recoveries older than 30 minutes', () => {
    recovery.browserExited({ code: null, signal: 'SIGKILL' });
    beat(31 * 60_000);
    recovery.browserExited({ code: null, signal: 'SIGKILL' });
    beat(5_000);
    recovery.browserExited({ code: null, signal: 'SIGKILL' });
    expect(exit).not.toHaveBeenCalled();
    expect(relaunch).toHaveBeenCalledTimes(3);
  });
});

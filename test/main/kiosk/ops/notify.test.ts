/** systemd-notify as the sender: one message at a time, in order, READY with the shell's pid, failures said once. */
import { describe, expect, it } from 'vitest';
import { createJsonLogger } from '../../../../main/kiosk/ops/log';
import { createNotifier, watchdogIntervalMs } from '../../../../main/kiosk/ops/notify';

describe('the notifier', () => {
  it('exists only when systemd gave a notify socket', () => {
    const logger = createJsonLogger({ level: 'info', write: () => undefined });
    expect(createNotifier({}, logger)).toBeUndefined();
    expect(createNotifier({ NOTIFY_SOCKET: '/run/x' }, logger)).toBeDefined();
  });

  it('sends in order, one at a time, keeps each assignment on one line, and logs the first failure only', async () => {
    const calls: string[][] = [];
    let running = 0;
    let most = 0;
    const lines: string[] = [];
    const notifier = createNotifier(
      { NOTIFY_SOCKET: '/run/x' },
      createJsonLogger({ level: 'info', write: (l) => lines.push(l) }),
      async (args) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        calls.push([...args]);
        running -= 1;
        return { code: calls.length > 1 ? 1 : 0, stderr: 'no socket' };
      },
      4242,
    );
    if (notifier === undefined) throw new Error('no notifier');
    void notifier.send(['READY=1', 'STATUS=Home'], { mainPid: true });
    void notifier.send(['STATUS=two\nlines']);
    await notifier.send(['WATCHDOG=1']);
    expect(calls).toEqual([['--pid=4242', 'READY=1', 'STATUS=Home'], ['STATUS=two lines'], ['WATCHDOG=1']]);
    expect(most).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('systemd notify failed');
  });

  it('reads WatchdogSec from WATCHDOG_USEC, for this process only', () => {
    expect(watchdogIntervalMs({ WATCHDOG_USEC: '30000000' }, 7)).toBe(30_000);
    expect(watchdogIntervalMs({ WATCHDOG_USEC: '30000000', WATCHDOG_PID: '7' }, 7)).toBe(30_000);
    expect(watchdogIntervalMs({ WATCHDOG_USEC: '30000000', WATCHDOG_PID: '8' }, 7)).toBeUndefined();
    expect(watchdogIntervalMs({ WATCHDOG_USEC: 'x' }, 7)).toBeUndefined();
    expect(watchdogIntervalMs({}, 7)).toBeUndefined();
  });
});

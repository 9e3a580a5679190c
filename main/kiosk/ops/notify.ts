/**
 * systemd's notify protocol for a `Type=notify` unit, sent through `systemd-notify` (systemd's own tool, on every box
 * that runs the unit) rather than a socket of our own: Node has no unix datagram sockets, and the npm packages that
 * add them are native addons to build or ship per platform. `systemd-notify` waits until systemd has taken each
 * message in (its barrier), so a message from it is never lost to the tool exiting first; the unit says
 * `NotifyAccess=all` because the sender is a child of the shell, and READY carries the shell's own pid as MAINPID.
 * Messages go one at a time, in order.
 */
import { spawn } from 'node:child_process';
import type { OpsLogger } from './log';

export interface Notifier {
  /** Sends `NAME=value` assignments as one message; resolves once systemd has it (or sending failed, logged). */
  send(assignments: readonly string[], options?: { mainPid?: boolean }): Promise<void>;
}

export type SpawnNotify = (args: readonly string[]) => Promise<{ code: number | null; stderr: string }>;

const spawnSystemdNotify: SpawnNotify = (args) =>
  new Promise((resolve) => {
    const child = spawn('systemd-notify', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error) => resolve({ code: null, stderr: error.message }));
    child.once('close', (code) => resolve({ code, stderr }));
  });

/** A notifier when systemd asked for one ($NOTIFY_SOCKET), else undefined. */
export function createNotifier(
  env: NodeJS.ProcessEnv,
  logger: OpsLogger,
  run: SpawnNotify = spawnSystemdNotify,
  pid: number = process.pid,
): Notifier | undefined {
  if (env['NOTIFY_SOCKET'] === undefined || env['NOTIFY_SOCKET'] === '') return undefined;
  let queue: Promise<void> = Promise.resolve();
  let failures = 0;
  return {
    send(assignments, options) {
      // A newline would start another assignment: a status line stays one line.
      const clean = assignments.map((a) => a.replace(/[\r\n]+/g, ' '));
      const args = [...(options?.mainPid === true ? [`--pid=${pid}`] : []), ...clean];
      queue = queue.then(async () => {
        const result = await run(args);
        if (result.code === 0) {
          failures = 0;
          return;
        }
        failures += 1;
        // Said once, then every hundredth time: a watchdog ping fails the same way twice a minute.
        if (failures === 1 || failures % 100 === 0) {
          logger.warn('systemd notify failed', { code: result.code, detail: result.stderr.trim().slice(0, 200), failures });
        }
      });
      return queue;
    },
  };
}

/** WatchdogSec= as systemd passes it (WATCHDOG_USEC, for this process per WATCHDOG_PID), in ms; else undefined. */
export function watchdogIntervalMs(env: NodeJS.ProcessEnv, pid: number = process.pid): number | undefined {
  const usec = Number(env['WATCHDOG_USEC']);
  if (!Number.isFinite(usec) || usec <= 0) return undefined;
  const forPid = env['WATCHDOG_PID'];
  if (forPid !== undefined && forPid !== '' && Number(forPid) !== pid) return undefined;
  return Math.max(1, Math.floor(usec / 1000));
}

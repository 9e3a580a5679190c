/**
 * Contention: one of the machine's cores kept busy by a process the bench starts and stops, as a TV box's own services
 * and picture decoding keep its CPU busy while someone presses the remote. A spinning Node process at normal priority,
 * killed when the work is done (and with the bench, should it die first).
 */
import { spawn } from 'node:child_process';

export async function withBusyCore<T>(work: () => Promise<T>): Promise<T> {
  const spinner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  const stop = (): void => void spinner.kill('SIGKILL');
  process.once('exit', stop);
  try {
    await new Promise<void>((resolve, reject) => {
      spinner.once('spawn', () => resolve());
      spinner.once('error', reject);
    });
    return await work();
  } finally {
    stop();
    process.off('exit', stop);
  }
}

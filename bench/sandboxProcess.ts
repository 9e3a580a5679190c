/**
 * The sandbox CLI (`npm run sandbox`) as a child process of the bench: a service that runs beside the shell as the real
 * one would, not on the bench's own event loop beside its browser client. What it prints on start says where it
 * listens and gives Tunewall's settings for it, which the bench hands to the shell as they are.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pastedEnv } from '../test/support/pastedEnv';

const REPO = resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 60_000;

/** Sandboxes still running; stopped when the bench process exits, however it ends, so none outlives it. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGTERM');
});

export interface SandboxProcess {
  child: ChildProcess;
  /** Where it listens (its control API is there too). */
  origin: string;
  /** Tunewall's settings for it, the `TUNEWALL_*` values it printed. */
  settings: Record<string, string>;
  /** Stops the sandbox and waits until its process has exited. */
  stop(): Promise<void>;
}

/** Where the sandbox listens and Tunewall's settings for it, once its start-up text is whole; undefined before. */
export function parseStartText(text: string): { origin: string; settings: Record<string, string> } | undefined {
  const origin = /listening on (http:\/\/\S+)/.exec(text)?.[1];
  // Its last line: every setting has been printed by then.
  if (origin === undefined || !text.includes('Ctrl-C stops it.')) return undefined;
  return { origin, settings: pastedEnv(text) };
}

/** Starts `sandbox/cli.ts` with `args` (after `--port 0`) and resolves once it listens. */
export async function startSandboxProcess(args: readonly string[] = []): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'sandbox/cli.ts'), '--port', '0', ...args], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  live.add(child);
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      live.delete(child);
      done();
    }),
  );
  let out = '';
  const started = await new Promise<NonNullable<ReturnType<typeof parseStartText>>>((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      fail(new Error(`The sandbox did not start within ${START_TIMEOUT_MS / 1000} s:\n${out}`));
    }, START_TIMEOUT_MS);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const parsed = parseStartText(out);
      if (parsed !== undefined) {
        clearTimeout(timer);
        done(parsed);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      fail(new Error(`The sandbox exited (${String(child.exitCode ?? child.signalCode)}) before listening.\n${out}`));
    });
  });
  return {
    child,
    ...started,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

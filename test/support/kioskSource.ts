/**
 * The kiosk shell run from source (main/kiosk/index.ts through tsx) as its own process, against a sandbox the test
 * holds: start it with the environment a test chooses, talk to its bridge as the page would, wait for states.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import type { AppState } from '../../shared/bridge';
import { LAUNCH_LINE, shellOrigin } from './kioskProcess';

const REPO = resolve(import.meta.dirname, '../..');
/** Generous: a busy machine starts tsx slowly. The waits end as soon as the state is reached. */
const WAIT_MS = 90_000;

export interface SourceShell {
  child: ChildProcess;
  origin: string;
  cookie: string;
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
}

/** The caller's environment without anything the shell would read as its own configuration. */
export function outsideEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('TUNEWALL_') && key !== 'CREDENTIALS_DIRECTORY') env[key] = value;
  }
  return env;
}

/** The settings that point the shell at `sandbox`. */
export function sandboxEnv(sandbox: RunningSandbox): Record<string, string> {
  return {
    TUNEWALL_CLIENT_ID: sandbox.client.id,
    TUNEWALL_CLIENT_SECRET: sandbox.client.secret,
    TUNEWALL_AUTH_URL: sandbox.urls.auth,
    TUNEWALL_API_URL: sandbox.urls.api,
  };
}

/**
 * Starts the shell with `env` on top of the outside environment, with --print-url unless `args` say otherwise, and
 * (when it prints a launch page) trades the launch key for the session cookie as the browser would.
 */
export async function startSourceShell(env: NodeJS.ProcessEnv, args: string[] = ['--print-url']): Promise<SourceShell> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'main/kiosk/index.ts'), ...args], {
    cwd: REPO,
    env: { ...outsideEnv(), TUNEWALL_LANGUAGE: 'en', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  const origin = await waitFor(() => shellOrigin(err), 'the shell to listen', exited, () => err);
  let cookie = '';
  if (args.includes('--print-url')) {
    const page = await waitFor(() => LAUNCH_LINE.exec(out)?.[1], 'a launch page', exited, () => err);
    const target = /content="0;url=([^"]+)"/.exec(readFileSync(fileURLToPath(page), 'utf8'))?.[1]?.replace(/&amp;/g, '&');
    if (target === undefined) throw new Error('the launch page holds no launch URL');
    const launch = await fetch(target, { redirect: 'manual' });
    cookie = (launch.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }
  return { child, origin, cookie, exited, stdout: () => out, stderr: () => err, stop };
}

async function waitFor<T>(read: () => T | undefined, what: string, exited: Promise<unknown>, log: () => string): Promise<T> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (gone) throw new Error(`the shell exited before ${what}:\n${log().slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`waited in vain for ${what}:\n${log().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A bridge call, as the page makes it. */
export async function bridge<T>(shell: Pick<SourceShell, 'origin' | 'cookie'>, method: string, ...args: unknown[]): Promise<T> {
  const response = await fetch(`${shell.origin}/api/call/${method}`, {
    method: 'POST',
    headers: { cookie: shell.cookie, origin: shell.origin, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (response.status !== 200) throw new Error(`${method}: HTTP ${response.status}`);
  return ((await response.json()) as { value: T }).value;
}

/** Polls `test` until it holds (or fails after a generous limit, saying what never happened). */
export async function until(test: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`${what} never happened`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The shell's state once it has settled past starting. */
export async function settledState(shell: SourceShell): Promise<AppState> {
  let state: AppState | undefined;
  await until(async () => {
    state = await bridge<AppState>(shell, 'getState');
    return state.auth.status !== 'starting';
  }, 'the sign-in to settle');
  if (state === undefined) throw new Error('no state');
  return state;
}

/**
 * A folder for a test's shell: renderer/ with a stand-in page (the shell serves it), run/ for its XDG_RUNTIME_DIR,
 * and a vault key file for each of `keys` (0600, as the shell asks of one).
 */
export function shellFolder(prefix: string, keys: readonly string[] = ['vault.key']): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Tunewall</title>');
  mkdirSync(join(dir, 'run'), { mode: 0o700 });
  for (const key of keys) writeFileSync(join(dir, key), randomBytes(32).toString('hex'), { mode: 0o600 });
  return dir;
}

/** A test file's source-run shells, against one sandbox that outlives them (sourceShellSuite). */
export interface SourceShellSuite {
  readonly sandbox: RunningSandbox;
  /** The shell folder (shellFolder): renderer/, run/, the vault key files, the data folders. */
  readonly dir: string;
  /**
   * Starts a shell with the folder's renderer and runtime folder and its data folder `data`, `env` on top (the
   * service's settings among them, sandboxEnv(sandbox), when the test wants them). It is stopped after the test.
   */
  start(env?: Record<string, string>): Promise<SourceShell>;
  /** Stops the shell started last (a restart's first half). */
  stop(): Promise<void>;
}

/**
 * Registers the file's set-up: a sandbox (a 1 s device poll) and a shell folder with `keys` for the whole file, the
 * shell a test started stopped after it, both removed at the end.
 */
export function sourceShellSuite(prefix: string, keys?: readonly string[]): SourceShellSuite {
  let sandbox: RunningSandbox | undefined;
  let dir: string | undefined;
  let shell: SourceShell | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the suite is not set up yet (use it inside a test)');
    return value;
  };
  beforeAll(async () => {
    sandbox = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
    dir = shellFolder(prefix, keys);
  });
  afterEach(async () => {
    await shell?.stop();
    shell = undefined;
  });
  afterAll(async () => {
    await sandbox?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get sandbox() {
      return ready(sandbox);
    },
    get dir() {
      return ready(dir);
    },
    async start(env = {}) {
      const at = ready(dir);
      shell = await startSourceShell({ TUNEWALL_DATA_DIR: join(at, 'data'), TUNEWALL_RENDERER_DIR: join(at, 'renderer'), XDG_RUNTIME_DIR: join(at, 'run'), ...env });
      return shell;
    },
    async stop() {
      await shell?.stop();
      shell = undefined;
    },
  };
}

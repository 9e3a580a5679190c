/**
 * The built kiosk shell (out/kiosk/index.js) as its own process, started with --print-url: shared by the end-to-end
 * fixtures and the bench, which each add what they need on top.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { KIOSK_NODE_FLAGS } from '../../scripts/kioskNodeFlags.mjs';

export const REPO = resolve(import.meta.dirname, '../..');
const ENTRY = join(REPO, 'out/kiosk/index.js');
/** The launch page: a file only this user can read, holding the one-time launch key (never printed itself). */
export const LAUNCH_LINE = /^Open Tunewall in a browser on this machine: (file:\/\/\S+)$/m;
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export interface KioskProcess {
  pid: number;
  /** Epoch ms just before spawn. */
  spawnedAt: number;
  /** The launch page (file://): opening it trades the one-time launch key for the session cookie. */
  launchUrl: string;
  /** The shell's loopback origin (http://127.0.0.1:PORT). */
  origin: string;
  /** Everything the shell wrote on stderr so far (JSON log lines). */
  log(): string;
  /** Everything it wrote on stdout so far (the lines this harness reads); journald keeps both. */
  stdout(): string;
  /** SIGTERM, then SIGKILL if it has not exited in time. */
  stop(): Promise<void>;
  /** Resolves with the exit code once the process has exited (null: killed by a signal). */
  exited: Promise<number | null>;
}

/** The `origin` of the first JSON log line with `message`, from what the shell wrote on stderr. */
function loggedOrigin(stderr: string, message: string): string | undefined {
  const schema = z.object({ message: z.literal(message), origin: z.string().url() });
  for (const line of stderr.split('\n')) {
    if (!line.startsWith('{')) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      continue; // a partial line still being written; the next chunk completes it
    }
    const hit = schema.safeParse(parsed);
    if (hit.success) return hit.data.origin;
  }
  return undefined;
}

/** The embedded sandbox's origin, from the shell's JSON log lines; undefined when it was pointed at a service. */
export function embeddedSandboxOrigin(stderr: string): string | undefined {
  return loggedOrigin(stderr, 'no credentials configured: using the embedded sandbox');
}

/** The shell's own loopback origin, from its log (a person reads only the launch page's line on stdout). */
export function shellOrigin(stderr: string): string | undefined {
  return loggedOrigin(stderr, 'listening');
}

/**
 * The shell reads TUNEWALL_*, systemd's CREDENTIALS_DIRECTORY, NOTIFY_SOCKET and WATCHDOG_*, and the desktop's D-Bus
 * session (its Secret Service keeps a vault key); none of the caller's own may leak in: a test that wants one says so.
 */
const CALLER_ONLY = new Set(['CREDENTIALS_DIRECTORY', 'NOTIFY_SOCKET', 'WATCHDOG_USEC', 'WATCHDOG_PID', 'DBUS_SESSION_BUS_ADDRESS']);

function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('TUNEWALL_') && !CALLER_ONLY.has(key)) env[key] = value;
  }
  return env;
}

/**
 * Starts the shell with a clean environment plus `env`, and resolves once it has printed its launch URL.
 * `openBrowser`: the shell opens its browser itself (TUNEWALL_CHROMIUM) instead of printing the launch page, which
 * is then not known here (`launchUrl` is empty); it resolves once the shell listens.
 */
export async function spawnKioskShell(env: Record<string, string>, options: { openBrowser?: boolean } = {}): Promise<KioskProcess> {
  const spawnedAt = Date.now();
  const openBrowser = options.openBrowser === true;
  const child: ChildProcess = spawn(process.execPath, [...KIOSK_NODE_FLAGS, ...(openBrowser ? [ENTRY] : [ENTRY, '--print-url'])], {
    cwd: REPO,
    env: { ...cleanEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  const [launchUrl, origin] = await new Promise<[string, string]>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`The kiosk shell printed no launch URL.\n${stderr}`)), START_TIMEOUT_MS);
    const check = (): void => {
      const page = openBrowser ? '' : LAUNCH_LINE.exec(stdout)?.[1];
      const at = shellOrigin(stderr);
      if (page === undefined || at === undefined) return;
      clearTimeout(timer);
      done([page, at]);
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`The kiosk shell exited (${String(code)}) before printing its URL.\n${stderr}`));
    });
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('The kiosk shell has no process id.');

  return {
    pid,
    spawnedAt,
    launchUrl,
    origin,
    log: () => stderr,
    stdout: () => stdout,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A bridge call made with `page`'s own session (its cookie), as the page itself makes it; resolves with the HTTP status. */
export async function bridgeCallFromPage(page: Page, origin: string, method: string, ...args: unknown[]): Promise<number> {
  const response = await page.request.post(`${origin}/api/call/${method}`, { headers: { origin }, data: args });
  return response.status();
}

/**
 * The built kiosk shell (out/kiosk/index.js) as its own process, pointed at the bench's sandbox. Records the moment
 * the process was spawned (epoch ms, the clock the page's performance.timeOrigin also uses) so start-up figures run
 * from process start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '..');
const ENTRY = join(REPO, 'out/kiosk/index.js');
const LAUNCH_LINE = /^Tunewall kiosk shell: (http:\/\/127\.0\.0\.1:\d+\/launch\?key=\S+)$/m;
const START_TIMEOUT_MS = 30_000;

export interface ShellService {
  clientId: string;
  clientSecret: string;
  origin: string;
  apiUrl: string;
}

export interface ShellOptions {
  dataDir: string;
  service: ShellService;
  vaultKeyFile: string;
  /** Serve this folder instead of the built renderer (the empty-page baseline). */
  rendererDir?: string;
}

export interface Shell {
  pid: number;
  /** Epoch ms just before spawn. */
  spawnedAt: number;
  launchUrl: string;
  origin: string;
  log(): string;
  /** VmRSS of the shell process in bytes, from /proc. */
  rssBytes(): number;
  stop(): Promise<void>;
}

/** Only the bench's own settings reach the shell: none of the caller's TUNEWALL_* or systemd credentials. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('TUNEWALL_') && key !== 'CREDENTIALS_DIRECTORY') env[key] = value;
  }
  return env;
}

export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (match?.[1] === undefined) throw new Error(`No VmRSS for process ${pid}.`);
  return Number(match[1]) * 1024;
}

export async function startShell(options: ShellOptions): Promise<Shell> {
  const env: NodeJS.ProcessEnv = {
    ...cleanEnv(),
    TUNEWALL_DATA_DIR: options.dataDir,
    TUNEWALL_LANGUAGE: 'en',
    TUNEWALL_CLIENT_ID: options.service.clientId,
    TUNEWALL_CLIENT_SECRET: options.service.clientSecret,
    TUNEWALL_AUTH_URL: options.service.origin,
    TUNEWALL_API_URL: options.service.apiUrl,
    TUNEWALL_QR_URL: options.service.origin,
    TUNEWALL_VAULT_KEY_FILE: options.vaultKeyFile,
  };
  if (options.rendererDir !== undefined) env['TUNEWALL_RENDERER_DIR'] = options.rendererDir;
  const spawnedAt = Date.now();
  const child: ChildProcess = spawn(process.execPath, [ENTRY, '--print-url'], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const launchUrl = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`The kiosk shell printed no launch URL.\n${stderr}`)), START_TIMEOUT_MS);
    const check = (): void => {
      const match = LAUNCH_LINE.exec(stdout);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      done(match[1]);
    };
    child.stdout?.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      fail(new Error(`The kiosk shell exited before printing its URL.\n${stderr}`));
    });
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('The kiosk shell has no process id.');
  return {
    pid,
    spawnedAt,
    launchUrl,
    origin: new URL(launchUrl).origin,
    log: () => stderr,
    rssBytes: () => rssOf(pid),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

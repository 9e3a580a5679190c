/**
 * The built kiosk shell (out/kiosk/index.js) as its own process, pointed at the bench's sandbox. Records the moment
 * the process was spawned (epoch ms, the clock the page's performance.timeOrigin also uses) so start-up figures run
 * from process start.
 */
import { readFileSync } from 'node:fs';
import { embeddedSandboxOrigin, spawnKioskShell, type KioskProcess } from '../test/support/kioskProcess';

export { REPO } from '../test/support/kioskProcess';

export interface ShellOptions {
  dataDir: string;
  /**
   * Tunewall's settings for the service (the `TUNEWALL_*` values the sandbox CLI prints); undefined: none configured,
   * so the shell starts its embedded sandbox (the default setup).
   */
  settings: Record<string, string> | undefined;
  vaultKeyFile: string;
  /** Serve this folder instead of the built renderer (the empty-page baseline). */
  rendererDir?: string;
}

export interface Shell extends KioskProcess {
  /** VmRSS of the shell process in bytes, from /proc. */
  rssBytes(): number;
  /** The embedded sandbox's origin, when the shell started one (no service configured). */
  embeddedSandbox: string | undefined;
}

export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (match?.[1] === undefined) throw new Error(`No VmRSS for process ${pid}.`);
  return Number(match[1]) * 1024;
}

export async function startShell(options: ShellOptions): Promise<Shell> {
  const env: Record<string, string> = {
    TUNEWALL_DATA_DIR: options.dataDir,
    TUNEWALL_LANGUAGE: 'en',
    TUNEWALL_VAULT_KEY_FILE: options.vaultKeyFile,
    ...options.settings,
  };
  if (options.rendererDir !== undefined) env['TUNEWALL_RENDERER_DIR'] = options.rendererDir;
  const shell = await spawnKioskShell(env);
  return { ...shell, rssBytes: () => rssOf(shell.pid), embeddedSandbox: embeddedSandboxOrigin(shell.log()) };
}

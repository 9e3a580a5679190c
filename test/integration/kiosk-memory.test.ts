/**
 * What the kiosk shell keeps in memory for the sandbox: pointed at the service, it never loads the embedded sandbox
 * or sharp, the native picture library the sandbox draws with (libvips alone is some 6 MB of the process, its code
 * and caches more); with no service configured, it loads them to start the sandbox. Read from the process's own
 * memory map.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppState } from '../../shared/bridge';
import { embeddedSandboxOrigin } from '../support/kioskProcess';
import { bridge, sandboxEnv, sourceShellSuite, until, type SourceShell } from '../support/kioskSource';

const suite = sourceShellSuite('tunewall-kiosk-memory-');

const start = (settings: Record<string, string>, dataDir: string): Promise<SourceShell> =>
  suite.start({ ...settings, TUNEWALL_DATA_DIR: join(suite.dir, dataDir), TUNEWALL_VAULT_KEY_FILE: join(suite.dir, 'vault.key') });

/** The files mapped into the shell's memory (shared libraries, native modules). */
function mappedFiles(running: SourceShell): string[] {
  const pid = running.child.pid;
  if (pid === undefined) throw new Error('the shell has no process id');
  const lines = readFileSync(`/proc/${pid}/maps`, 'utf8').split('\n');
  return [...new Set(lines.map((line) => line.split(/\s+/).slice(5).join(' ')).filter((path) => path.startsWith('/')))];
}

const isSharp = (path: string): boolean => /libvips|sharp-/.test(path);

describe("the kiosk shell's memory", () => {
  it('pointed at the service: the shell pairs without ever loading the sandbox or sharp', async () => {
    const running = await start(sandboxEnv(suite.sandbox), 'service');
    await until(async () => (await bridge<AppState>(running, 'getState')).auth.status === 'pairing', 'the QR code');
    expect(embeddedSandboxOrigin(running.stderr())).toBeUndefined();
    expect(mappedFiles(running).filter(isSharp)).toEqual([]);
  });

  it('with no service configured: it loads them, to start the embedded sandbox', async () => {
    const running = await start({}, 'embedded');
    await until(() => embeddedSandboxOrigin(running.stderr()) !== undefined, 'the embedded sandbox');
    await until(async () => (await bridge<AppState>(running, 'getState')).auth.status === 'pairing', 'the QR code');
    expect(mappedFiles(running).filter(isSharp).length).toBeGreaterThan(0);
  });
});

/**
 * What the kiosk shell keeps in memory for the sandbox: pointed at the service, it never loads the embedded sandbox
 * or sharp, the native picture library the sandbox draws with (libvips alone is some 6 MB of the process, its code
 * and caches more); with no service configured, it loads them to start the sandbox. Read from the process's own
 * memory map.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import type { AppState } from '../../shared/bridge';
import { embeddedSandboxOrigin } from '../support/kioskProcess';
import { bridge, sandboxEnv, shellFolder, startSourceShell, until, type SourceShell } from '../support/kioskSource';

let sandbox: RunningSandbox;
let dir: string;
let shell: SourceShell | undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
  dir = shellFolder('tunewall-kiosk-memory-');
});
afterEach(async () => {
  await shell?.stop();
  shell = undefined;
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(settings: Record<string, string>, dataDir: string): Promise<SourceShell> {
  shell = await startSourceShell({
    ...settings,
    TUNEWALL_DATA_DIR: join(dir, dataDir),
    TUNEWALL_RENDERER_DIR: join(dir, 'renderer'),
    XDG_RUNTIME_DIR: join(dir, 'run'),
    TUNEWALL_VAULT_KEY_FILE: join(dir, 'vault.key'),
  });
  return shell;
}

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
    const running = await start(sandboxEnv(sandbox), 'service');
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

/**
 * The Electron main bundle must start where sharp (the embedded sandbox's image encoder, a native module) cannot load:
 * with real credentials the sandbox is never needed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStore, memoryLogger } from '../core/support/fakes';
import type { ElectronCoreDeps } from '../../../main/electron/coreDeps';

vi.mock('sharp', () => {
  throw new Error('Could not load the "sharp" module using the linux-x64 runtime');
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function deps(env: Record<string, string>): ElectronCoreDeps {
  const userDataDir = mkdtempSync(join(tmpdir(), 'tunewall-core-entry-'));
  dirs.push(userDataDir);
  return {
    shell: 'electron',
    cipher: undefined,
    cipherUnavailableReason: undefined,
    storageBackend: 'gnome_libsecret',
    store: new MemoryStore(),
    // Nothing may reach the network in this test; the core's first requests get a plain failure.
    fetch: () => Promise.reject(new Error('offline in this test')),
    clock: { now: () => Date.now(), monotonic: () => performance.now() },
    userDataDir,
    argv: [],
    env,
    logger: memoryLogger(),
    platform: 'linux',
    appVersion: '0.1.0',
    systemLocale: 'en-US',
    isPackaged: false,
    screenReader: () => false,
  };
}

describe('the core entry without sharp', () => {
  it('loads, and starts a core configured for the real service', async () => {
    const { createAppCore } = await import('../../../main/electron/coreEntry');
    if (createAppCore === undefined) throw new Error('no core in this build');
    const core = await createAppCore(deps({ TUNEWALL_CLIENT_ID: 'id', TUNEWALL_CLIENT_SECRET: 'secret' }));
    try {
      expect((await core.handlers.getState()).sandbox).toBeUndefined();
    } finally {
      await core.dispose();
    }
  });

  it('shows a problem, and logs why, when the sandbox is needed and sharp cannot load', async () => {
    const { createAppCore } = await import('../../../main/electron/coreEntry');
    if (createAppCore === undefined) throw new Error('no core in this build');
    const d = deps({});
    const core = await createAppCore(d);
    try {
      const state = await core.handlers.getState();
      expect(state.configProblems.map((p) => p.messageKey)).toContain('config.sandboxFailed');
      const logger = d.logger as ReturnType<typeof memoryLogger>;
      // (vitest wraps the module's load error in its own words, so the log line is checked, not its text)
      expect(logger.lines.some((l) => l.level === 'error' && l.message === 'the embedded sandbox did not start')).toBe(true);
    } finally {
      await core.dispose();
    }
  });
});

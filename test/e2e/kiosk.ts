/**
 * End-to-end fixtures: the built kiosk shell (out/kiosk/index.js) run as its own process per test, each with its own
 * data folder, and a client for the sandbox's control API. global-setup.ts builds the renderer and the shell once.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { z } from 'zod';
import type { RunningSandbox } from '../../sandbox/index';
import { embeddedSandboxOrigin, spawnKioskShell } from '../support/kioskProcess';
import type { SandboxApi } from '../support/sandboxApi';

export { SandboxApi, type LoggedRequest } from '../support/sandboxApi';

export { REPO } from '../support/kioskProcess';

export interface ShellOptions {
  dataDir: string;
  /** Added to the shell's environment (after the test defaults: English, the given data folder). */
  env?: Record<string, string>;
}

export interface Shell {
  /** The launch page (file://): opening it trades the one-time launch key for the session cookie. */
  launchUrl: string;
  /** The shell's loopback origin (http://127.0.0.1:PORT). */
  origin: string;
  /** The embedded sandbox's origin; undefined when the shell was pointed at a service. */
  sandboxOrigin: string | undefined;
  /** Everything the shell wrote on stderr so far (JSON log lines). */
  log(): string;
  /** Everything it wrote on stdout so far. */
  stdout(): string;
  stop(): Promise<void>;
}

export async function startShell(options: ShellOptions): Promise<Shell> {
  const shell = await spawnKioskShell({ TUNEWALL_DATA_DIR: options.dataDir, TUNEWALL_LANGUAGE: 'en', ...options.env });
  return {
    launchUrl: shell.launchUrl,
    origin: shell.origin,
    // The sandbox starts before the server prints its URL, so its log line is already there.
    sandboxOrigin: embeddedSandboxOrigin(shell.log()),
    log: shell.log,
    stdout: shell.stdout,
    stop: shell.stop,
  };
}

/** Asks the catalog (as the test, with its own token) for a TW chart with at least `minTracks` tracks. */
export async function findLongChart(sandbox: SandboxApi, minTracks: number): Promise<{ id: string; title: string }> {
  const token = await sandbox.memberAccessToken();
  const get = async (path: string): Promise<unknown> => {
    const response = await fetch(`${sandbox.origin}/v1.1/${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
    return response.json();
  };
  const charts = z.object({ data: z.array(z.object({ id: z.string(), title: z.string() })) }).parse(await get('charts?territory=TW'));
  for (const chart of charts.data) {
    const detail = z
      .object({ tracks: z.object({ summary: z.object({ total: z.number() }) }) })
      .parse(await get(`charts/${chart.id}?territory=TW`));
    if (detail.tracks.summary.total >= minTracks) return chart;
  }
  throw new Error(`No TW chart has ${minTracks} tracks.`);
}

/** A 32-byte AES key in a 0600 file, as TUNEWALL_VAULT_KEY_FILE expects: tokens then persist across restarts. */
/** The shell's environment for a service the test started (no embedded sandbox), tokens kept under `vaultKeyFile`. */
export function serviceEnv(service: RunningSandbox, vaultKeyFile: string): Record<string, string> {
  return {
    TUNEWALL_CLIENT_ID: service.client.id,
    TUNEWALL_CLIENT_SECRET: service.client.secret,
    TUNEWALL_AUTH_URL: service.urls.auth,
    TUNEWALL_API_URL: service.urls.api,
    TUNEWALL_VAULT_KEY_FILE: vaultKeyFile,
  };
}

export function writeVaultKey(dir: string): string {
  const path = join(dir, 'vault.key');
  writeFileSync(path, randomBytes(32).toString('hex'), { mode: 0o600 });
  return path;
}

interface Fixtures {
  /** A fresh temporary folder for this test (data folders, key files), removed afterwards. */
  workDir: string;
  /** Starts kiosk shells; every one started is stopped when the test ends. */
  launchShell: (options?: Partial<ShellOptions>) => Promise<Shell>;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
  workDir: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'tunewall-e2e-'));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
  launchShell: async ({ workDir }, use, testInfo) => {
    const started: Shell[] = [];
    await use(async (options) => {
      const shell = await startShell({ dataDir: options?.dataDir ?? join(workDir, 'data'), env: options?.env });
      started.push(shell);
      return shell;
    });
    for (const shell of started) await shell.stop();
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('kiosk-shell.log', { body: started.map((s) => s.log()).join('\n---\n'), contentType: 'text/plain' });
    }
  },
});

export { expect } from '@playwright/test';

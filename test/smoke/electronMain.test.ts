/**
 * Smoke test of the Electron main process as `npm run build` emits it: out/main/index.js started under Node with a
 * stand-in `electron` module (electronStandIn.mjs), which records what the shell asks Electron for and drives the
 * window as a page would. It cannot show what Chromium itself does (painting, the sandbox, safeStorage's keyring):
 * that needs a real Electron run.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const REPO = join(import.meta.dirname, '../..');
// Inside the repository, so the bundle's externals (electron-store, sharp, …) resolve from node_modules.
const OUT = join(REPO, 'node_modules/.cache', `tunewall-smoke-${process.pid}`, 'out');
const dirs: string[] = [];

interface SmokeRecord {
  sandboxEnabled: boolean;
  privilegedSchemes: { scheme: string; privileges: { standard: boolean; secure: boolean } }[];
  schemesRegisteredBeforeReady: boolean | undefined;
  protocolSchemes: string[];
  windows: { webPreferences: { preload: string } & Record<string, unknown> }[];
  ipcHandlers: string[];
  ipcListenersLeft: string[];
  pages: { url: string; status: number; type: string; body: string }[];
  state: { sandbox: unknown; auth: { status: string }; storage: { protection: string } } | undefined;
  pairingState: { auth: { code: { userCode: string; verificationUrl: string } } } | undefined;
  quitCleanly: boolean;
  problems: string[];
}

beforeAll(async () => {
  const cli = join(REPO, 'node_modules/electron-vite/bin/electron-vite.js');
  await run(process.execPath, [cli, 'build', '--config', 'test/smoke/electron.vite.smoke.config.ts'], {
    cwd: REPO,
    env: { ...process.env, TUNEWALL_SMOKE_OUT: OUT },
  });
  // The renderer is not this test's subject: a page stands in for out/renderer.
  mkdirSync(join(OUT, 'renderer'), { recursive: true });
  writeFileSync(join(OUT, 'renderer/index.html'), '<!doctype html><title>Tunewall</title>');
}, 120_000);

afterAll(() => {
  rmSync(join(OUT, '..'), { recursive: true, force: true });
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function startMain(env: Record<string, string>): Promise<SmokeRecord> {
  const dir = mkdtempSync(join(tmpdir(), 'tunewall-smoke-'));
  dirs.push(dir);
  const report = join(dir, 'report.json');
  await run(process.execPath, ['--import', join(REPO, 'test/smoke/registerElectron.mjs'), join(OUT, 'main/index.js')], {
    cwd: dir,
    timeout: 90_000,
    env: { PATH: process.env.PATH, HOME: dir, TUNEWALL_SMOKE_USER_DATA: join(dir, 'userData'), TUNEWALL_SMOKE_REPORT: report, ...env },
  });
  return JSON.parse(readFileSync(report, 'utf8')) as SmokeRecord;
}

describe('the built Electron main process', () => {
  let record: SmokeRecord;
  beforeAll(async () => {
    record = await startMain({ TUNEWALL_SMOKE_UNTIL: 'pairing' });
  }, 120_000);

  it('registers app:// as standard and secure before ready, and sandboxes every renderer', () => {
    expect(record.problems).toEqual([]);
    expect(record.schemesRegisteredBeforeReady).toBe(true);
    expect(record.privilegedSchemes).toEqual([expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) })]);
    expect(record.sandboxEnabled).toBe(true);
  });

  it('opens one window with the hardened preferences and the built preload', () => {
    expect(record.windows).toHaveLength(1);
    const prefs = record.windows[0]?.webPreferences;
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true, devTools: false });
    expect(prefs?.preload).toBe(join(OUT, 'preload/preload.cjs'));
    expect(existsSync(prefs?.preload ?? '')).toBe(true);
  });

  it('answers every bridge method over IPC, and leaves electron-store no unchecked listener', () => {
    expect(record.ipcHandlers).toContain('tunewall:getState');
    expect(record.ipcHandlers.every((channel) => channel.startsWith('tunewall:'))).toBe(true);
    expect(record.ipcListenersLeft).toEqual([]);
  });

  it('serves the renderer on app://tunewall/ and refuses what is not there', () => {
    const byPath = new Map(record.pages.map((page) => [new URL(page.url).pathname, page]));
    expect(byPath.get('/')).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', body: expect.stringContaining('<title>Tunewall') });
    expect(byPath.get('/index.html')).toMatchObject({ status: 200 });
    expect(byPath.get('/missing.js')).toMatchObject({ status: 404 });
    expect([...byPath.values()].filter((page) => page.body.includes('"name"'))).toEqual([]);
  });

  it('boots the core with the embedded sandbox, which hands out a pairing code', () => {
    expect(record.state?.sandbox).toBeDefined();
    expect(record.state?.storage.protection).toBe('memory');
    expect(record.pairingState?.auth.code.userCode).toMatch(/^[A-Z0-9-]{6,}$/);
    expect(record.pairingState?.auth.code.verificationUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });

  it('shuts the core down and quits when asked', () => {
    expect(record.quitCleanly).toBe(true);
  });
});

describe('the built Electron main process where sharp cannot load', () => {
  it('starts with real credentials configured', async () => {
    const record = await startMain({
      TUNEWALL_SMOKE_NO_SHARP: '1',
      TUNEWALL_CLIENT_ID: 'id',
      TUNEWALL_CLIENT_SECRET: 'secret',
      TUNEWALL_AUTH_URL: 'http://127.0.0.1:9/oauth2',
      TUNEWALL_API_URL: 'http://127.0.0.1:9/v1.1',
    });
    expect(record.problems).toEqual([]);
    expect(record.windows).toHaveLength(1);
    expect(record.state?.sandbox).toBeUndefined();
    expect(record.quitCleanly).toBe(true);
  }, 120_000);
});

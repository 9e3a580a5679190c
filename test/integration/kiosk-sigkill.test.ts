/**
 * Store kiosks get unplugged. The kiosk shell (main/kiosk/index.ts, built once for the test, with its vault key file) runs 200
 * refresh cycles against the sandbox and is killed with SIGKILL at random moments, refreshes in flight included; after
 * every kill its store parses, the restarted shell is signed in at once, and the cycles go on with no member lost.
 *
 * A cycle: the sandbox's clock moves past the access token's life, then the page asks for a chart, so the shell meets
 * a 401, refreshes (rotating the refresh token) and asks again. The first request after a restart moves no clock: it
 * shows whether what the shell kept still works. A kill between the service rotating the token and the shell storing
 * the answer is the "answer lost after rotation" case: the sandbox runs with a 60 s reuse grace here, as large
 * identity providers do (README: without one, such a kill costs the member).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import type { AppState, DetailRef, Result, RowView } from '../../shared/bridge';
import { buildKioskBundle, type KioskBundle } from '../support/kioskBundle';
import { LAUNCH_LINE, shellOrigin } from '../support/kioskProcess';
import { bridge, outsideEnv, sandboxEnv, until } from '../support/kioskSource';

const REPO = resolve(import.meta.dirname, '../..');
const CYCLES = 200;
/** Chance that a cycle is cut short by SIGKILL, somewhere in its first KILL_WINDOW_MS. */
const KILL_CHANCE = 0.1;
const KILL_WINDOW_MS = 40;

interface Running {
  child: ChildProcess;
  origin: string;
  cookie: string;
  exited: Promise<void>;
}

let sandbox: RunningSandbox;
let bundle: KioskBundle;
let dir: string;
let output = '';

beforeAll(async () => {
  bundle = await buildKioskBundle();
  sandbox = await startSandbox({
    lifetimes: { deviceIntervalSeconds: 1, accessTokenSeconds: 600, refreshExtraSeconds: 3_600, refreshGraceSeconds: 60 },
  });
  dir = mkdtempSync(join(tmpdir(), 'tunewall-sigkill-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Tunewall</title>');
  mkdirSync(join(dir, 'run'), { mode: 0o700 });
  writeFileSync(join(dir, 'vault.key'), randomBytes(32).toString('hex'), { mode: 0o600 });
  // A build of the shell: a limit for a busy machine, not a pace.
}, 120_000);
afterAll(async () => {
  bundle.remove();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<Running> {
  const child = spawn(process.execPath, [bundle.entry, '--print-url'], {
    cwd: REPO,
    env: {
      ...outsideEnv(),
      ...sandboxEnv(sandbox),
      TUNEWALL_DATA_DIR: join(dir, 'data'),
      TUNEWALL_RENDERER_DIR: join(dir, 'renderer'),
      TUNEWALL_VAULT_KEY_FILE: join(dir, 'vault.key'),
      TUNEWALL_LANGUAGE: 'en',
      XDG_RUNTIME_DIR: join(dir, 'run'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let stdout = '';
  let stderr = '';
  const page = await new Promise<{ origin: string; launchPage: string }>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the shell did not start:\n${output.slice(-2000)}`)), 60_000);
    const check = (): void => {
      const origin = shellOrigin(stderr);
      const launchPage = LAUNCH_LINE.exec(stdout)?.[1];
      if (origin === undefined || launchPage === undefined) return;
      clearTimeout(timer);
      done({ origin, launchPage });
    };
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      stderr += chunk;
      check();
    });
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      check();
    });
    void exited.then(() => fail(new Error(`the shell exited:\n${output.slice(-2000)}`)));
  });
  const target = /content="0;url=([^"]+)"/.exec(readFileSync(fileURLToPath(page.launchPage), 'utf8'))?.[1]?.replace(/&amp;/g, '&');
  if (target === undefined) throw new Error('the launch page holds no launch URL');
  const launch = await fetch(target, { redirect: 'manual' });
  const cookie = (launch.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { child, origin: page.origin, cookie, exited };
}

describe('SIGKILL at random moments during 200 refresh cycles', () => {
  it('every restart comes back signed in, with a store that parses, and no cycle after it fails', async () => {
    let shell = await start();
    // Pair once, as a person would.
    await until(async () => sandbox.control.pendingUserCodes().length > 0, 'a pairing code');
    sandbox.control.approve(sandbox.control.pendingUserCodes()[0] ?? '');
    await until(async () => (await bridge<AppState>(shell, 'getState')).auth.status === 'signed-in', 'signing in');
    const charts = await bridge<Result<RowView>>(shell, 'loadRow', 'charts');
    if (!charts.ok) throw new Error(`no charts: ${charts.error.message}`);
    const ref: DetailRef | undefined = charts.value.tiles[0]?.ref;
    if (ref === undefined) throw new Error('no chart to open');
    sandbox.control.clearRequestLog();

    let cycles = 0;
    let kills = 0;
    let restarted = false;
    const failures: string[] = [];
    while (cycles < CYCLES) {
      if (!restarted) sandbox.control.advanceTime(600_100);
      const kill = Math.random() < KILL_CHANCE;
      if (kill) setTimeout(() => shell.child.kill('SIGKILL'), Math.random() * KILL_WINDOW_MS);
      const result = await bridge<Result<unknown>>(shell, 'getDetail', ref).catch((error: unknown) => error);
      if (!kill) {
        if (result instanceof Error || (typeof result === 'object' && result !== null && 'ok' in result && result.ok !== true)) {
          failures.push(`cycle ${cycles}${restarted ? ' (first after a restart)' : ''}: ${JSON.stringify(result instanceof Error ? result.message : result)}`);
        }
        if (!restarted) cycles += 1;
        restarted = false;
        continue;
      }
      await shell.exited;
      kills += 1;
      try {
        JSON.parse(readFileSync(join(dir, 'data', 'store.json'), 'utf8'));
      } catch (error) {
        failures.push(`after kill ${kills}: the store does not parse (${String(error)})`);
      }
      shell = await start();
      restarted = true;
      const state = await bridge<AppState>(shell, 'getState');
      if (state.auth.status !== 'signed-in') failures.push(`after kill ${kills}: ${state.auth.status}`);
    }
    shell.child.kill('SIGTERM');
    await shell.exited;

    const refreshes = sandbox.control.requestLog().filter((r) => r.path === '/oauth2/token' && r.status === 200).length;
    console.info(`${cycles} cycles, ${kills} SIGKILLs, ${refreshes} refreshes answered`);
    expect(failures).toEqual([]);
    expect(kills).toBeGreaterThan(5);
    expect(refreshes).toBeGreaterThanOrEqual(CYCLES);
  }, 300_000);
});

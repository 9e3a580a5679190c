/**
 * Self-healing, by fault injection, with the shell opening the system Chromium itself (headless here, with a
 * DevTools port only this test uses): an error/blank screen that lasts while the service answers → the page reloads;
 * the page's renderer stopped (SIGSTOP) → Chromium started again within 30 s; Chromium killed, the third recovery in
 * 30 minutes → the shell exits non-zero and says why. The sign-in survives each, and the restart after.
 * What the shell is showing is read from its systemd STATUS= lines (test/support/notifySocket.ts).
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium as playwrightChromium } from '@playwright/test';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { killTree, processTree } from '../../main/kiosk/ops/processTree';
import { listenNotifySocket, type NotifySocket } from '../support/notifySocket';
import { spawnKioskShell, type KioskProcess } from '../support/kioskProcess';
import { expect, serviceEnv, test, writeVaultKey } from './kiosk';

let service: RunningSandbox;
test.beforeAll(async () => {
  service = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
});
test.afterAll(async () => {
  await service.close();
});

const HOME = 'Home · member · online';

/** Every Chromium the shell started (its stdout says so), latest last. */
function browserPids(shell: KioskProcess): number[] {
  return [...shell.stdout().matchAll(/Chromium started \(pid (\d+)\)/g)].map((m) => Number(m[1]));
}

function latestStatus(socket: NotifySocket): string | undefined {
  return socket.messages().flatMap((m) => (m.fields['STATUS'] === undefined ? [] : [m.fields['STATUS']])).at(-1);
}

/** The shell's /metrics (its address from its log). */
async function scrape(shell: KioskProcess): Promise<string> {
  const origin = /"origin":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*"message":"metrics: \/metrics listening"/.exec(shell.log())?.[1];
  if (origin === undefined) throw new Error(`the shell's log names no /metrics address:\n${shell.log()}`);
  const response = await fetch(`${origin}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

function statusesSince(socket: NotifySocket, from: number): string[] {
  return socket.messages().slice(from).flatMap((m) => (m.fields['STATUS'] === undefined ? [] : [m.fields['STATUS']]));
}

/** Whether the process exists and is not a zombie waiting for its parent. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function rendererPids(browser: number): number[] {
  return processTree(browser).filter((pid) => {
    try {
      // A zygote's child rewrites its command line as one string: the flag is matched within it.
      return /(^|[\s\0])--type=renderer([\s\0]|$)/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      return false;
    }
  });
}

test('a blank screen is reloaded, a frozen renderer and a killed Chromium are brought back, the third recovery restarts the shell; the sign-in survives', async ({
  workDir,
}) => {
  test.setTimeout(180_000);
  const socket = await listenNotifySocket(workDir);
  const wrapper = join(workDir, 'chromium');
  // Headless, as nothing here has a display; the DevTools port file lands in the profile the shell gives it.
  writeFileSync(wrapper, '#!/bin/sh\nexec /usr/bin/chromium --headless=new --remote-debugging-port=0 "$@"\n');
  chmodSync(wrapper, 0o755);
  const dataDir = join(workDir, 'data');
  const env = {
    ...serviceEnv(service, writeVaultKey(workDir)),
    TUNEWALL_DATA_DIR: dataDir,
    TUNEWALL_LANGUAGE: 'en',
    TUNEWALL_CHROMIUM: wrapper,
    NOTIFY_SOCKET: socket.path,
    TUNEWALL_HEARTBEAT_SECONDS: '0.25',
    TUNEWALL_RENDERER_STALE_SECONDS: '3',
    TUNEWALL_SCREEN_PROBLEM_SECONDS: '2',
    TUNEWALL_METRICS_LISTEN: '127.0.0.1:0',
    TUNEWALL_METRICS_TEXTFILE: join(workDir, 'tunewall.prom'),
    TUNEWALL_METRICS_TEXTFILE_SECONDS: '0.5',
  };
  const shells: KioskProcess[] = [];
  try {
    const shell = await spawnKioskShell(env, { openBrowser: true });
    shells.push(shell);
    await expect.poll(() => latestStatus(socket), { timeout: 30_000 }).toMatch(/^Pairing · code [A-Z]{4}-[A-Z]{4}$/);
    const code = (latestStatus(socket) ?? '').slice('Pairing · code '.length);
    expect(service.control.approve(code)).toBe(true);
    await expect.poll(() => latestStatus(socket), { timeout: 30_000 }).toBe(HOME);

    // 1. The screen goes blank while the service answers: after the configured time, the page reloads itself.
    const port = readFileSync(join(dataDir, 'chromium', 'DevToolsActivePort'), 'utf8').split('\n')[0];
    const cdp = await playwrightChromium.connectOverCDP(`http://127.0.0.1:${port ?? ''}`);
    const page = cdp.contexts()[0]?.pages().find((p) => p.url().startsWith('http://127.0.0.1'));
    if (page === undefined) throw new Error('no Tunewall page in the shell’s Chromium');
    const before = socket.messages().length;
    await page.evaluate("document.getElementById('root').replaceChildren()");
    await expect.poll(() => statusesSince(socket, before).some((s) => /^Loading · member · online · blank screen for \d+ s$/.test(s))).toBe(true);
    await expect.poll(() => shell.log()).toContain('"message":"recovery: screen-problem"');
    await expect.poll(() => latestStatus(socket), { timeout: 30_000 }).toBe(HOME);
    await expect(page.locator('.home')).toBeVisible();
    await cdp.close();

    // 2. The page's renderer stops (SIGSTOP): Chromium is started again, and Home is back within 30 s.
    const first = browserPids(shell).at(-1) ?? 0;
    const renderers = rendererPids(first);
    expect(renderers.length).toBeGreaterThan(0);
    const stoppedAt = Date.now();
    for (const pid of renderers) process.kill(pid, 'SIGSTOP');
    await expect.poll(() => shell.log(), { timeout: 30_000 }).toContain('"message":"recovery: renderer-unresponsive"');
    await expect.poll(() => browserPids(shell).length, { timeout: 30_000 }).toBe(2);
    await expect.poll(() => latestStatus(socket), { timeout: 30_000 }).toBe(HOME);
    expect(Date.now() - stoppedAt).toBeLessThan(30_000);
    // None of the old browser's processes is left, the stopped ones included.
    expect(renderers.filter(alive)).toEqual([]);
    // The fleet sees both recoveries.
    const counted = await scrape(shell);
    expect(counted).toContain('tunewall_recoveries_total{cause="screen-problem"} 1');
    expect(counted).toContain('tunewall_recoveries_total{cause="renderer-unresponsive"} 1');

    // 3. Chromium is killed: the third recovery in 30 minutes, so the shell exits non-zero and says why.
    process.kill(browserPids(shell).at(-1) ?? 0, 'SIGKILL');
    expect(await shell.exited).toBe(1);
    expect(shell.log()).toContain('"message":"3 recoveries in 30 minutes: exiting so that systemd restarts the service"');
    for (const pid of browserPids(shell)) killTree(pid);

    // systemd starts it again: still signed in, on Home, never paired again.
    const deviceCodes = service.control.requestLog().filter((r) => r.path.startsWith('/oauth2/device')).length;
    const again = await spawnKioskShell(env, { openBrowser: true });
    shells.push(again);
    await expect.poll(() => latestStatus(socket), { timeout: 30_000 }).toBe(HOME);
    expect(service.control.requestLog().filter((r) => r.path.startsWith('/oauth2/device')).length).toBe(deviceCodes);
    const after = await scrape(again);
    expect(after).toContain('tunewall_restarts_total 1');
    expect(after).toContain('tunewall_sign_in{mode="member"} 1');
    expect(after).toContain('tunewall_screen{screen="home"} 1');
    await expect.poll(() => (existsSync(env.TUNEWALL_METRICS_TEXTFILE) ? readFileSync(env.TUNEWALL_METRICS_TEXTFILE, 'utf8') : '')).toContain(
      'tunewall_restarts_total 1',
    );
  } finally {
    for (const shell of shells) {
      await shell.stop();
      for (const pid of browserPids(shell)) killTree(pid);
    }
    socket.close();
  }
});

/**
 * The kiosk shell with Debian's real Chromium on a bare X display (Xvfb, no window manager, as on many TV boxes):
 * the window covers the screen; and a shell killed with SIGKILL and started again on the same data folder ends the
 * browser the first one left (which held the profile, and would have taken the new page and left the new shell with
 * nothing) and shows its page in a new one, rather than exiting at once.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outsideEnv } from '../support/kioskSource';

const REPO = resolve(import.meta.dirname, '../..');
const SCREEN = { width: 1280, height: 720 };

let dir: string;
let display: string;
let xvfb: ChildProcess;
const shells: ChildProcess[] = [];
const output: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tunewall-chromium-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Tunewall</title><p>Tunewall</p>');
  mkdirSync(join(dir, 'run'), { mode: 0o700 });
  let number = 90;
  while (existsSync(`/tmp/.X${number}-lock`)) number += 1;
  display = `:${number}`;
  xvfb = spawn('Xvfb', [display, '-screen', '0', `${SCREEN.width}x${SCREEN.height}x24`, '-nolisten', 'tcp'], { stdio: 'ignore' });
  await vi.waitFor(() => expect(spawnSync('xwininfo', ['-root'], { env: { DISPLAY: display } }).status).toBe(0), { timeout: 10_000, interval: 100 });
}, 30_000);

afterAll(async () => {
  for (const shell of shells) if (shell.exitCode === null && shell.signalCode === null) shell.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1_000));
  for (const pid of browserPids()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  xvfb.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

function startShell(): ChildProcess {
  const shell = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'main/kiosk/index.ts')], {
    cwd: REPO,
    env: {
      ...outsideEnv(),
      DISPLAY: display,
      WAYLAND_DISPLAY: '',
      TUNEWALL_CHROMIUM: '/usr/bin/chromium',
      TUNEWALL_DATA_DIR: join(dir, 'data'),
      TUNEWALL_RENDERER_DIR: join(dir, 'renderer'),
      TUNEWALL_LANGUAGE: 'en',
      XDG_RUNTIME_DIR: join(dir, 'run'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const index = output.push('') - 1;
  const add = (chunk: string): void => {
    output[index] += chunk;
  };
  shell.stdout?.setEncoding('utf8').on('data', add);
  shell.stderr?.setEncoding('utf8').on('data', add);
  shells.push(shell);
  return shell;
}

/** The browser windows on the display: each one's size and position (xwininfo's "WxH+X+Y"). */
function windows(): { width: number; height: number; x: number; y: number }[] {
  const tree = spawnSync('xwininfo', ['-root', '-tree'], { env: { DISPLAY: display }, encoding: 'utf8' }).stdout;
  // An app window's class is named after its page; this display has no other Chromium.
  return tree
    .split('\n')
    .filter((line) => line.includes('"Chromium")'))
    .map((line) => /(\d+)x(\d+)\+(-?\d+)\+(-?\d+)/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ width: Number(m[1]), height: Number(m[2]), x: Number(m[3]), y: Number(m[4]) }))
    .filter((w) => w.width > 100 && w.height > 100);
}

/** Every Chromium process on this test's profile. */
function browserPids(): number[] {
  const profile = join(dir, 'data', 'chromium');
  const pids: number[] = [];
  for (const entry of spawnSync('ls', ['/proc'], { encoding: 'utf8' }).stdout.split('\n')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2)[0] === 'Z') continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`--user-data-dir=${profile}`)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** The browser process itself among them: the one its helpers (renderers, GPU, utilities) were started by. */
function browserMain(pids: number[]): number[] {
  return pids.filter((pid) => {
    try {
      return !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=');
    } catch {
      return false;
    }
  });
}

const opened = (text: string): boolean => text.includes('kiosk server: launched; the launch key is spent');

describe('Chromium on a bare X display', () => {
  it('covers the screen, and a shell started after a SIGKILL takes over from the browser the last one left', async () => {
    const first = startShell();
    await vi.waitFor(() => expect(opened(output[0] ?? ''), output[0]).toBe(true), { timeout: 90_000, interval: 250 });
    await vi.waitFor(() => expect(windows()).toHaveLength(1), { timeout: 30_000, interval: 250 });
    const [window] = windows();
    // Chromium gives a window asked for exactly the screen's size one pixel less each way on X without a manager.
    expect(window?.x).toBe(0);
    expect(window?.y).toBe(0);
    expect(window?.width).toBeGreaterThanOrEqual(SCREEN.width - 1);
    expect(window?.height).toBeGreaterThanOrEqual(SCREEN.height - 1);

    // A helper Chromium is starting shows the browser's own command line between its fork and its exec: the lists are
    // read again until that moment has passed (under load it lasts long enough to be seen).
    let left: number[] = [];
    await vi.waitFor(
      () => {
        left = browserPids();
        expect(left.length).toBeGreaterThan(1);
        expect(browserMain(left)).toHaveLength(1);
      },
      { timeout: 10_000, interval: 100 },
    );
    first.kill('SIGKILL');
    await new Promise((done) => first.once('exit', done));
    // The old browser outlives its shell. Only the browser process itself is compared: Chromium starts and ends
    // helper processes (a spare renderer, a utility) on its own, so the whole list may change by one meanwhile.
    await vi.waitFor(() => expect(browserMain(browserPids())).toEqual(browserMain(left)), { timeout: 10_000, interval: 100 });

    const second = startShell();
    await vi.waitFor(() => expect(opened(output[1] ?? ''), output[1]).toBe(true), { timeout: 90_000, interval: 250 });
    expect(output[1]).toMatch(/Tunewall: closed the Chromium an earlier start left running \(pid \d+\); opening a new one\./);
    // None of the old browser's processes is left, and one window is on the screen: the new shell's.
    const now = browserPids();
    expect(now.filter((pid) => left.includes(pid))).toEqual([]);
    await vi.waitFor(() => expect(windows()).toHaveLength(1), { timeout: 30_000, interval: 250 });
    await new Promise((r) => setTimeout(r, 2_000));
    expect(second.exitCode).toBeNull();
  }, 240_000);
});

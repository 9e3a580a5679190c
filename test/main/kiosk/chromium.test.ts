/** Finding the system Chromium and the flags the kiosk shell opens it with. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, findChromium, rootNotice, screenSize } from '../../../main/kiosk/chromium';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tunewall-chromium-'));
  writeFileSync(join(dir, 'chromium'), '#!/bin/sh\n', { mode: 0o755 });
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('findChromium', () => {
  it('uses TUNEWALL_CHROMIUM when it exists', () => {
    expect(findChromium({ TUNEWALL_CHROMIUM: join(dir, 'chromium') })).toBe(join(dir, 'chromium'));
  });

  it('finds nothing when TUNEWALL_CHROMIUM points nowhere, rather than another browser', () => {
    expect(findChromium({ TUNEWALL_CHROMIUM: join(dir, 'missing') })).toBeUndefined();
  });
});

describe('chromiumArgs', () => {
  const base = { executable: '/usr/bin/chromium', url: 'http://127.0.0.1:4000/launch?key=abc', userDataDir: '/data/chromium' };

  it('opens the launch URL as an app in kiosk mode, with its own profile', () => {
    const args = chromiumArgs({ ...base, kiosk: true });
    expect(args).toContain('--kiosk');
    expect(args).toContain(`--app=${base.url}`);
    expect(args).toContain('--user-data-dir=/data/chromium');
    expect(args).toContain('--no-first-run');
    expect(args).not.toContain('--start-fullscreen');
  });

  it('opens full screen without kiosk mode when kiosk is off', () => {
    const args = chromiumArgs({ ...base, kiosk: false });
    expect(args).toContain('--start-fullscreen');
    expect(args).not.toContain('--kiosk');
  });

  it('keeps the launch key in one argument, whatever it holds', () => {
    const url = 'http://127.0.0.1:4000/launch?key=a%20b&x=1';
    const args = chromiumArgs({ ...base, url, kiosk: true });
    expect(args.filter((a) => a.includes('launch?key='))).toEqual([`--app=${url}`]);
  });
});

describe('the window on a bare X display', () => {
  const base = { executable: '/usr/bin/chromium', url: 'file:///run/page.html', userDataDir: '/data/chromium', kiosk: true };
  const xwininfo = '\nxwininfo: Window id: 0x3a1 (the root window) (has no name)\n\n  Absolute upper-left X:  0\n  Width: 1920\n  Height: 1080\n  Depth: 24\n';
  const asked: string[] = [];
  const display = (wm: string) => async (command: string) => {
    asked.push(command);
    return command === 'xprop' ? wm : xwininfo;
  };

  it('is the screen: its size from the root window, at its top left, when no window manager would size it', async () => {
    const screen = await screenSize({ DISPLAY: ':0' }, display('_NET_SUPPORTING_WM_CHECK:  no such atom on any window.\n'));
    expect(screen).toEqual({ width: 1920, height: 1080 });
    const args = chromiumArgs({ ...base, screen });
    expect(args).toContain('--window-position=0,0');
    expect(args).toContain('--window-size=1920,1080');
  });

  it("is left to the window manager or the Wayland compositor when there is one, and to Chromium when X can't be asked", async () => {
    expect(await screenSize({ DISPLAY: ':0' }, display('_NET_SUPPORTING_WM_CHECK(WINDOW): window id # 0x600006\n'))).toBeUndefined();
    asked.length = 0;
    expect(await screenSize({ DISPLAY: ':0', WAYLAND_DISPLAY: 'wayland-0' }, display(''))).toBeUndefined();
    expect(await screenSize({}, display(''))).toBeUndefined();
    expect(asked).toEqual([]);
    expect(await screenSize({ DISPLAY: ':0' }, async () => undefined)).toBeUndefined();
    expect(chromiumArgs(base).filter((a) => a.startsWith('--window-'))).toEqual([]);
  });
});

describe('rootNotice', () => {
  it('tells root, in plain words, what --no-sandbox costs and how to run as an ordinary user; nobody else', () => {
    expect(rootNotice(0)).toMatch(/running as root, so Chromium starts with --no-sandbox/);
    expect(rootNotice(0)).toContain('as an ordinary user');
    expect(rootNotice(1000)).toBeUndefined();
    expect(rootNotice(undefined)).toBeUndefined();
  });
});

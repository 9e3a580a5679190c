import { beforeEach, describe, expect, it, vi } from 'vitest';

import { APP_ENTRY_URL } from '../../../main/electron/appUrl';
import { RELOADS_ALLOWED, isErrorPageUrl } from '../../../main/electron/crashRecovery';
import { createSenderPolicy } from '../../../main/electron/senderPolicy';
import { prepareShell } from '../../../main/electron/shell';
import { AUTO_RETRY_MS, FORCED_CRASH_GRACE_MS, createMainWindow } from '../../../main/electron/window';
import type { WindowOptions } from '../../../main/electron/windowOptions';
import { app, fake, FakeWebContents, preventable, resetElectronMock, settle, type FakeBrowserWindow } from './electronMock';
import { fakeLogger } from './fakes';

const production: WindowOptions = { kiosk: false, fullscreen: true, devtools: false };

function open(options: WindowOptions = production, extra: { now?: () => number } = {}) {
  const onBack = vi.fn();
  const timers: { callback: () => void; ms: number; cancelled: boolean }[] = [];
  const policy = createSenderPolicy();
  createMainWindow({
    options,
    preloadPath: '/app/out/preload/preload.cjs',
    entryUrl: APP_ENTRY_URL,
    policy,
    onBack,
    logger: fakeLogger(),
    now: extra.now,
    setTimer: (callback, ms) => {
      const timer = { callback, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  });
  const win = fake.windows.at(-1) as FakeBrowserWindow;
  return { win, contents: win.webContents, onBack, timers, policy };
}

function key(key: string, mods: Partial<{ control: boolean; shift: boolean; meta: boolean; alt: boolean }> = {}) {
  return { type: 'keyDown', key, control: false, shift: false, meta: false, alt: false, ...mods };
}

beforeEach(() => resetElectronMock());

describe('window preferences', () => {
  it('sandboxes the renderer, isolates its context and gives it no Node', () => {
    const prefs = open().win.options.webPreferences;
    expect(prefs).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      navigateOnDragDrop: false,
      devTools: false,
      disableBlinkFeatures: 'Auxclick',
      preload: '/app/out/preload/preload.cjs',
    });
  });

  it('creates the window with those preferences and without a menu', () => {
    const { win } = open();
    expect(win.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(win.removeMenu).toHaveBeenCalled();
    expect(win.webContents.loadURL).toHaveBeenCalledWith(APP_ENTRY_URL);
  });

  it.each([
    [{ kiosk: true, fullscreen: false, devtools: false }, { kiosk: true, fullscreen: true }],
    [{ kiosk: false, fullscreen: true, devtools: false }, { kiosk: false, fullscreen: true }],
    [{ kiosk: false, fullscreen: false, devtools: true }, { kiosk: false, fullscreen: false }],
  ])('presents itself per the options %o', (options, expected) => {
    const { win } = open(options);
    expect(win.options).toMatchObject(expected);
    expect(win.options.webPreferences).toMatchObject({ devTools: options.devtools });
  });

  it('shows the window only once the first paint is ready', () => {
    const { win } = open();
    expect(win.show).not.toHaveBeenCalled();
    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalledTimes(1);
  });
});

describe('navigation and new windows', () => {
  it('denies navigation away from the app', () => {
    const { contents } = open();
    const event = preventable();
    contents.emit('will-navigate', event, 'https://evil.example/');
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('denies redirects', () => {
    const { contents } = open();
    const event = preventable();
    contents.emit('will-redirect', event, 'https://evil.example/');
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('denies window.open', () => {
    const { contents } = open();
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });

  it('refuses to attach a webview', () => {
    const { contents } = open();
    const event = preventable();
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });
});

describe("the page's own reload", () => {
  // location.reload() is a renderer-initiated navigation: Electron emits 'will-navigate' for it
  // (shell/browser/electron_navigation_throttle.cc, WillStartRequest).
  it("lets the crash screen's Reload button reload the app page", () => {
    const { contents } = open();
    expect(contents.pageReloads()).toBe(true);
    expect(contents.pageReloadCount).toBe(1);
  });

  it('still denies navigation to another page of the app or elsewhere', () => {
    const { contents } = open();
    for (const url of ['app://tunewall/other.html', 'https://evil.example/', 'app://evil/index.html']) {
      const event = preventable();
      contents.emit('will-navigate', event, url);
      expect(event.preventDefault).toHaveBeenCalled();
    }
  });
});

describe('reload and developer keys', () => {
  it.each([
    ['Ctrl+R', key('r', { control: true })],
    ['F5', key('F5')],
    ['Ctrl+Shift+I', key('I', { control: true, shift: true })],
    ['F12', key('F12')],
  ])('blocks %s in production', (_name, input) => {
    const { contents } = open();
    const event = preventable();
    contents.emit('before-input-event', event, input);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  // Electron emits app 'web-contents-created' inside new BrowserWindow (lib/browser/api/web-contents.ts, _init), so
  // the shell's hook for every other webContents sees the main window first.
  it('opens developer tools and acts on their keys with --devtools, after the shell hardened every webContents', () => {
    prepareShell(fakeLogger());
    const { contents } = open({ ...production, devtools: true });
    expect(contents.openDevTools).toHaveBeenCalledTimes(1);
    const f12 = preventable();
    contents.emit('before-input-event', f12, key('F12'));
    expect(contents.toggleDevTools).toHaveBeenCalledTimes(1);
    const ctrlR = preventable();
    contents.emit('before-input-event', ctrlR, key('r', { control: true }));
    expect(contents.reload).toHaveBeenCalledTimes(1);
  });

  it('keeps developer keys blocked for any other webContents', () => {
    prepareShell(fakeLogger());
    open({ ...production, devtools: true });
    const stray = new FakeWebContents();
    app.emit('web-contents-created', {}, stray);
    const event = preventable();
    stray.emit('before-input-event', event, key('F12'));
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('leaves ordinary remote keys alone', () => {
    const { contents } = open();
    for (const k of ['ArrowUp', 'Enter', 'Escape', 'r']) {
      const event = preventable();
      contents.emit('before-input-event', event, key(k));
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
  });
});

describe('remote Back as an app command', () => {
  it('forwards browser-backward', () => {
    const { win, onBack } = open();
    win.emit('app-command', preventable(), 'browser-forward');
    expect(onBack).not.toHaveBeenCalled();
    win.emit('app-command', preventable(), 'browser-backward');
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});

describe('crash recovery', () => {
  it('reloads after a crash, up to the cap, then shows the error page', () => {
    const { contents, timers } = open(production, { now: () => 1_000 });
    for (let i = 0; i < RELOADS_ALLOWED; i++) contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    expect(contents.reload).toHaveBeenCalledTimes(RELOADS_ALLOWED);

    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    expect(contents.reload).toHaveBeenCalledTimes(RELOADS_ALLOWED);
    const lastUrl = contents.loadURL.mock.calls.at(-1)?.[0] ?? '';
    expect(isErrorPageUrl(lastUrl)).toBe(true);
    expect(decodeURIComponent(lastUrl)).toContain('Press OK');
    expect(timers.map((t) => t.ms)).toEqual([AUTO_RETRY_MS]);

    // Further crashes while the error page is up do not loop.
    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    expect(contents.reload).toHaveBeenCalledTimes(RELOADS_ALLOWED);
  });

  it('allows reloads again once the window of time has passed', () => {
    let now = 0;
    const { contents } = open(production, { now: () => now });
    for (let i = 0; i < RELOADS_ALLOWED; i++) contents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 1 });
    now = 61_000;
    contents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 1 });
    expect(contents.reload).toHaveBeenCalledTimes(RELOADS_ALLOWED + 1);
  });

  it('goes back to the app when OK is pressed on the error page', () => {
    const { contents, timers } = open(production, { now: () => 0 });
    for (let i = 0; i <= RELOADS_ALLOWED; i++) contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    const event = preventable();
    contents.emit('before-input-event', event, key('Enter'));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(contents.loadURL.mock.calls.at(-1)?.[0]).toBe(APP_ENTRY_URL);
    expect(timers[0]?.cancelled).toBe(true);
    // And the crash budget is fresh.
    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    expect(contents.reload).toHaveBeenCalledTimes(RELOADS_ALLOWED + 1);
  });

  it('tries the app again by itself after a while', () => {
    const { contents, timers } = open(production, { now: () => 0 });
    for (let i = 0; i <= RELOADS_ALLOWED; i++) contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    timers[0]?.callback();
    expect(contents.loadURL.mock.calls.at(-1)?.[0]).toBe(APP_ENTRY_URL);
  });

  // Electron on Linux reports the renderer it was asked to crash as 'crashed', some time later
  // (electron_api_web_contents.cc ForcefullyCrashRenderer: rph->ForceCrash(); EmitRenderProcessGone is posted).
  it('ends a hung renderer and reloads it once its end is reported, counting once', async () => {
    const { win, contents } = open(production, { now: () => 0 });
    win.emit('unresponsive');
    expect(contents.forcefullyCrashRenderer).toHaveBeenCalledTimes(1);
    await settle();
    expect(contents.reload).toHaveBeenCalledTimes(1);
    expect(contents.showing).toBe('page');
    // One credit spent: the rest of the budget is still there for real crashes.
    for (let i = 1; i < RELOADS_ALLOWED; i++) contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    expect(contents.reload).toHaveBeenCalledTimes(RELOADS_ALLOWED);
    expect(isErrorPageUrl(contents.loadURL.mock.calls.at(-1)?.[0] ?? '')).toBe(false);
  });

  it('recovers a later crash after a hang, whatever its reason', async () => {
    const { win, contents } = open(production, { now: () => 0 });
    win.emit('unresponsive');
    await settle();
    expect(contents.reload).toHaveBeenCalledTimes(1);
    contents.emit('render-process-gone', {}, { reason: 'killed', exitCode: 9 });
    expect(contents.reload).toHaveBeenCalledTimes(2);
  });

  it('reloads after the grace time a hung renderer that never reports its end, then recovers later crashes', () => {
    const { win, contents, timers } = open(production, { now: () => 0 });
    contents.forcefullyCrashRenderer.mockImplementationOnce(() => undefined);
    win.emit('unresponsive');
    expect(contents.reload).not.toHaveBeenCalled();
    const grace = timers.find((t) => t.ms === FORCED_CRASH_GRACE_MS);
    grace?.callback();
    expect(contents.reload).toHaveBeenCalledTimes(1);
    contents.emit('render-process-gone', {}, { reason: 'killed', exitCode: 9 });
    expect(contents.reload).toHaveBeenCalledTimes(2);
  });

  it('counts a hang reported again while its renderer is still ending only once', async () => {
    const { win, contents } = open(production, { now: () => 0 });
    win.emit('unresponsive');
    win.emit('unresponsive');
    await settle();
    expect(contents.forcefullyCrashRenderer).toHaveBeenCalledTimes(1);
    expect(contents.reload).toHaveBeenCalledTimes(1);
  });

  it('counts hangs against the same cap', async () => {
    const { win, contents } = open(production, { now: () => 0 });
    for (let i = 0; i <= RELOADS_ALLOWED; i++) {
      win.emit('unresponsive');
      await settle();
    }
    expect(contents.reload).toHaveBeenCalledTimes(RELOADS_ALLOWED);
    expect(isErrorPageUrl(contents.loadURL.mock.calls.at(-1)?.[0] ?? '')).toBe(true);
  });
});

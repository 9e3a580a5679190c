import { beforeEach, describe, expect, it, vi } from 'vitest';

import { BRIDGE_METHODS } from '../../../shared/bridge';
import { APP_ENTRY_URL } from '../../../main/electron/appUrl';
import type { ElectronCoreDeps } from '../../../main/electron/coreDeps';
import type { StoreLike, StoreOptions } from '../../../main/electron/keyValueStore';
import { prepareShell, startShell, type ShellDeps } from '../../../main/electron/shell';
import { app, fake, holdKeyring, ipcMain, powerMonitor, preventable, resetElectronMock, safeStorage, settle, FakeWebContents } from './electronMock';
import { appState, fakeCore, fakeLogger } from './fakes';

function memoryStore(options: StoreOptions): StoreLike {
  const data = new Map<string, unknown>();
  return {
    path: `${options.cwd}/${options.name}.json`,
    get: (k) => data.get(k),
    set: (k, v) => void data.set(k, v),
    delete: (k) => void data.delete(k),
  };
}

/** Like electron-store: opening a store in the main process registers an unchecked synchronous IPC listener. */
function storeLikeElectronStore(options: StoreOptions): StoreLike {
  ipcMain.on('electron-store-get-data', () => undefined);
  return memoryStore(options);
}

function deps(overrides: Partial<ShellDeps> = {}): ShellDeps {
  return {
    createAppCore: undefined,
    createStore: storeLikeElectronStore,
    rendererDir: '/app/out/renderer',
    preloadPath: '/app/out/preload/preload.cjs',
    argv: [],
    env: {},
    logger: fakeLogger(),
    sleep: () => new Promise(() => undefined),
    ...overrides,
  };
}

beforeEach(() => resetElectronMock());

describe('before ready', () => {
  it('takes the single-instance lock, removes the menu and registers app:// as standard and secure', () => {
    expect(prepareShell(fakeLogger())).toBe(true);
    expect(app.enableSandbox).toHaveBeenCalled();
    expect(fake.switches.has('enable-sandbox')).toBe(true);
    expect(fake.applicationMenu).toBeNull();
    expect(fake.privilegedSchemes).toEqual([
      expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }),
    ]);
  });

  it('keeps --no-sandbox when started with it (as root), which app.enableSandbox() would drop', () => {
    fake.switches.set('no-sandbox', '');
    const logger = fakeLogger();
    expect(prepareShell(logger)).toBe(true);
    expect(app.enableSandbox).not.toHaveBeenCalled();
    expect([...fake.switches.keys()].sort()).toEqual(['disable-gpu-sandbox', 'no-sandbox']);
    expect(logger.entries).toContainEqual({ level: 'warn', message: expect.stringMatching(/operating-system sandbox is off/) });
  });

  it('quits when another Tunewall holds the lock', () => {
    fake.singleInstance = false;
    expect(prepareShell(fakeLogger())).toBe(false);
    expect(app.quit).toHaveBeenCalled();
  });

  it('hardens any other webContents that appears', () => {
    prepareShell(fakeLogger());
    const stray = new FakeWebContents();
    app.emit('web-contents-created', {}, stray);
    const event = preventable();
    stray.emit('will-navigate', event, 'https://evil.example/');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(stray.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });
});

describe('after ready, with a core', () => {
  async function start(state = appState()) {
    const core = fakeCore(state);
    let received: ElectronCoreDeps | undefined;
    const handle = await startShell(
      deps({
        createAppCore: (d) => {
          received = d;
          return core;
        },
      }),
    );
    const win = fake.windows[0];
    if (win === undefined || received === undefined) throw new Error('shell did not start');
    return { core, deps: received, handle, win };
  }

  it('hands the core safeStorage, the store and the userData folder', async () => {
    fake.safeStorage.backend = 'basic_text';
    fake.safeStorage.keyring = 'absent';
    const { deps: d } = await start();
    expect(d.shell).toBe('electron');
    expect(d.cipher?.protection).toBe('weak');
    expect(d.storageBackend).toBe('basic_text');
    expect(d.userDataDir).toBe('/tmp/tunewall-test/userData');
    d.store.set('k', 'v');
    expect(d.store.get('k')).toBe('v');
  });

  it('sends no cookies with any service request, so none waits for the cookie store (and the keyring behind it)', async () => {
    const { deps: d } = await start();
    await d.fetch('http://127.0.0.1:8080/oauth2/device/code', { method: 'POST', body: 'client_id=tv' });
    await d.fetch('http://127.0.0.1:8080/v1/charts', { credentials: 'include' });
    expect(fake.netRequests).toEqual([
      { url: 'http://127.0.0.1:8080/oauth2/device/code', credentials: 'omit' },
      { url: 'http://127.0.0.1:8080/v1/charts', credentials: 'omit' },
    ]);
  });

  it.each(['zh-CN', 'zh-SG', 'zh-MY'])('tells the core a packaged app runs on a %s system, which has no .pak in the package', async (language) => {
    app.isPackaged = true;
    fake.preferredLanguages = [language, 'zh'];
    expect(app.getLocale()).toBe('en-US');
    const { deps: d } = await start();
    expect(d.systemLocale).toBe(language);
  });

  it('tells the core the system locale Chromium picked when the system names no language', async () => {
    fake.preferredLanguages = [];
    const { deps: d } = await start();
    expect(d.systemLocale).toBe('en-US');
  });

  it('tells the core whether Chromium has detected a screen reader, as it is when asked', async () => {
    const { deps: d } = await start();
    expect(d.screenReader()).toBe(false);
    app.accessibilitySupportEnabled = true;
    expect(d.screenReader()).toBe(true);
  });

  it('tells the core when Chromium starts or stops seeing a screen reader', async () => {
    const { core } = await start();
    app.accessibilitySupportEnabled = true;
    app.emit('accessibility-support-changed', {}, true);
    expect(core.platformChanged).toHaveBeenCalledTimes(1);
  });

  it('gives no cipher when encryption is unavailable', async () => {
    safeStorage.isAsyncEncryptionAvailable.mockResolvedValueOnce(false);
    const { deps: d } = await start();
    expect(d.cipher).toBeUndefined();
    expect(d.cipherUnavailableReason).toMatchObject({ message: expect.stringMatching(/memory/), messageKey: 'storage.noEncryption' });
  });

  it('registers every bridge channel and the app protocol, and denies permissions', async () => {
    await start();
    expect([...ipcMain.listeners.keys()]).toEqual([]);
    expect([...fake.ipcHandlers.keys()].sort()).toEqual(BRIDGE_METHODS.map((m) => `tunewall:${m}`).sort());
    expect(fake.protocolHandlers.has('app')).toBe(true);
    const callback = vi.fn();
    fake.permissionRequest?.({}, 'media', callback, {});
    expect(callback).toHaveBeenCalledWith(false);
  });

  it('answers the window it created, through the core', async () => {
    const { core, win } = await start();
    const getState = fake.ipcHandlers.get('tunewall:getState');
    const event = { sender: win.webContents, senderFrame: { url: 'app://tunewall/index.html', parent: null } };
    await expect(Promise.resolve(getState?.(event))).resolves.toMatchObject({ territory: 'TW' });
    expect(core.handlers.getState).toHaveBeenCalled();
  });

  it('makes the window a kiosk when the core says so, on the app entry', async () => {
    const { win } = await start(appState({ kiosk: { enabled: true, idleSeconds: 60 } }));
    expect(win.kiosk).toBe(true);
    expect(win.options).toMatchObject({ fullscreen: true });
    expect(win.webContents.loadURL).toHaveBeenCalledWith(APP_ENTRY_URL);
  });

  it('opens the window on the app entry before the keyring answers, and answers the page once the core is up', async () => {
    const answer = holdKeyring();
    const core = fakeCore(appState());
    const starting = startShell(deps({ createAppCore: () => core }));
    await vi.waitFor(() => expect(fake.windows).toHaveLength(1));
    const win = fake.windows[0];
    if (win === undefined) throw new Error('no window');
    expect(win.webContents.loadURL).toHaveBeenCalledWith(APP_ENTRY_URL);
    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalled();
    // The page asks for its state at once; the answer waits for the core.
    const getState = fake.ipcHandlers.get('tunewall:getState');
    const event = { sender: win.webContents, senderFrame: { url: 'app://tunewall/index.html', parent: null } };
    let answered = false;
    const state = Promise.resolve(getState?.(event)).then((value) => {
      answered = true;
      return value;
    });
    await settle();
    expect(answered).toBe(false);
    answer();
    await expect(state).resolves.toMatchObject({ territory: 'TW' });
    await starting;
  });

  it('keeps the display awake and wakes the core on resume, the one wake-up Linux reports', async () => {
    const { core } = await start();
    expect([...fake.blockers.values()]).toEqual(['prevent-display-sleep']);
    powerMonitor.emit('resume');
    expect(core.resume).toHaveBeenCalledTimes(1);
    // 'unlock-screen' is macOS and Windows only (docs/api/power-monitor.md): nothing may wait for it.
    expect(powerMonitor.eventNames()).toEqual(['resume']);
  });

  it('turns the Back app command into a core intent', async () => {
    const { core, win } = await start();
    win.emit('app-command', preventable(), 'browser-backward');
    await settle();
    expect(core.intent).toHaveBeenCalledWith('back');
  });

  it('disposes the core and releases the display on quit', async () => {
    const { core } = await start();
    const event = preventable();
    app.emit('will-quit', event);
    expect(event.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalled());
    expect(core.dispose).toHaveBeenCalledTimes(1);
    expect(fake.blockers.size).toBe(0);
    expect(fake.ipcHandlers.size).toBe(0);
  });
});

describe('after ready, without a core', () => {
  it('shows a page that says so and answers no IPC', async () => {
    await startShell(deps());
    const win = fake.windows[0];
    const url = win?.webContents.loadURL.mock.calls.at(-1)?.[0] ?? '';
    expect(decodeURIComponent(url)).toContain('Tunewall cannot start');
    expect(fake.ipcHandlers.size).toBe(0);
  });

  it('shows the reason when the core fails to start', async () => {
    await startShell(
      deps({
        createAppCore: () => {
          throw new Error('config file unreadable');
        },
      }),
    );
    const url = fake.windows[0]?.webContents.loadURL.mock.calls.at(-1)?.[0] ?? '';
    expect(decodeURIComponent(url)).toContain('config file unreadable');
  });
});

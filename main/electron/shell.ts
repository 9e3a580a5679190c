/**
 * The Electron shell's life: before `ready` it registers the app:// scheme and takes the single-instance lock; once
 * ready it builds the core's outside world (cipher, store, fetch), secures the session, serves the renderer, wires
 * IPC, keeps the display awake and opens the window.
 */
import fs from 'node:fs';
import {
  Menu,
  app,
  ipcMain,
  net,
  powerMonitor,
  powerSaveBlocker,
  protocol,
  safeStorage,
  session,
} from 'electron';
import type { BrowserWindow } from 'electron';
import type { Logger } from '../core/ports';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './appProtocol';
import { APP_ENTRY_URL, APP_SCHEME } from './appUrl';
import { withArtwork } from './artworkProtocol';
import type { AppCore } from '../core/appCore';
import type { CreateAppCore, ElectronCoreDeps } from './coreDeps';
import { messagePageUrl } from './crashRecovery';
import { hardenWebContents } from './hardening';
import { forwardCoreEvents, registerBridgeIpc } from './ipc';
import { openKeyValueStore, syncDirectory, type ElectronKeyValueStore, type StoreLike, type StoreOptions } from './keyValueStore';
import { forwardOnline, forwardWakeups, keepDisplayAwake } from './power';
import { createSafeStorageCipher } from './safeStorageCipher';
import { createSenderPolicy, type SenderPolicy } from './senderPolicy';
import { secureSession } from './sessionPolicy';
import { createMainWindow } from './window';
import { resolveWindowOptions } from './windowConfig';

export interface ShellDeps {
  createAppCore: CreateAppCore | undefined;
  createStore: (options: StoreOptions) => StoreLike;
  /** out/renderer: the built renderer, served on app://tunewall/. */
  rendererDir: string;
  preloadPath: string;
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  logger: Logger;
  /** For safeStorage's time limit; tests pass their own. */
  sleep?: (ms: number) => Promise<void>;
}

export interface ShellHandle {
  window: BrowserWindow;
  core: AppCore | undefined;
  /** Undoes what the shell set up and disposes the core; the app quits after it. */
  shutdown(): Promise<void>;
}

const ONLINE_CHECK_MS = 10_000;
export const ELECTRON_STORE_CHANNEL = 'electron-store-get-data';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Must run before `ready`. Returns false when another Tunewall already runs (this one then quits). */
export function prepareShell(logger: Logger): boolean {
  if (app.commandLine.hasSwitch('no-sandbox')) {
    // Started as root (scripts/start.mjs says so): app.enableSandbox() would drop --no-sandbox from the command line
    // (electron_api_app.cc, RemoveNoSandboxSwitch) and Chromium would refuse to run. Every window still asks for
    // sandbox: true, so renderers keep Electron's sandbox (no Node); only Chromium's OS-level sandbox is off.
    logger.warn('shell: started with --no-sandbox; Chromium\'s operating-system sandbox is off');
    app.commandLine.appendSwitch('disable-gpu-sandbox');
  } else {
    // Every renderer sandboxed, whatever its webPreferences say.
    app.enableSandbox();
  }
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  if (!app.requestSingleInstanceLock()) {
    logger.info('shell: Tunewall is already running; handing over to it');
    app.quit();
    return false;
  }
  Menu.setApplicationMenu(null);
  // Anything else that ever gets a webContents follows the same rules as the main window.
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, { devtools: false, logger }));
  return true;
}

interface BuiltCore {
  core: AppCore | undefined;
  problem: string | undefined;
  store: ElectronKeyValueStore | undefined;
}

async function buildCore(deps: ShellDeps): Promise<BuiltCore> {
  const { logger } = deps;
  if (deps.createAppCore === undefined) {
    return { core: undefined, problem: 'This build of Tunewall has no core: it was built without main/core/app.ts.', store: undefined };
  }
  const userDataDir = app.getPath('userData');
  const store = openKeyValueStore({
    createStore: deps.createStore,
    fs: { ...fs, chmod: fs.chmodSync, syncDir: syncDirectory },
    userDataDir,
    logger,
  });
  const choice = await createSafeStorageCipher({ safeStorage, platform: process.platform, store, logger, sleep: deps.sleep });
  logger.info('shell: token encryption', {
    backend: choice.backend,
    protection: choice.cipher?.protection ?? 'memory',
  });
  // electron-store answers this synchronous channel for stores opened in a renderer, without looking at the sender.
  // Tunewall's renderer opens no store, so nothing may answer it.
  ipcMain.removeAllListeners(ELECTRON_STORE_CHANNEL);
  const coreDeps: ElectronCoreDeps = {
    shell: 'electron',
    cipher: choice.cipher,
    cipherUnavailableReason: choice.cipher === undefined ? choice.reason : undefined,
    storageBackend: choice.backend,
    store,
    // net.fetch turns fetch's default credentials into 'include' (lib/browser/api/net-fetch.ts), which makes every
    // request wait for the cookie store, and so for the keyring when cookies are encrypted. Tunewall sends no cookies.
    fetch: (input, init) => net.fetch(input, { ...init, credentials: 'omit' }),
    clock: { now: () => Date.now(), monotonic: () => performance.now() },
    userDataDir,
    argv: deps.argv,
    env: deps.env,
    logger,
    platform: process.platform,
    appVersion: app.getVersion(),
    // getLocale() answers only with a locale whose .pak is packaged (three are), so a zh-CN, zh-SG or zh-MY system
    // would get en-US; the system's own languages do not depend on the .pak files.
    systemLocale: app.getPreferredSystemLanguages()[0] ?? app.getLocale(),
    isPackaged: app.isPackaged,
    screenReader: () => app.accessibilitySupportEnabled,
  };
  try {
    return { core: await deps.createAppCore(coreDeps), problem: undefined, store };
  } catch (error) {
    logger.error('shell: the core failed to start', { error: errorText(error) });
    return { core: undefined, problem: `Tunewall could not start: ${errorText(error)}`, store };
  }
}

/**
 * The window opens first, on the app entry, and the core comes up behind it: choosing the cipher may wait up to
 * SAFE_STORAGE_TIMEOUT_MS for a keyring, and a screen must not stay black meanwhile. The page's bridge calls wait for
 * the core; a kiosk configuration turns the window into a kiosk once the core has read it.
 */
function showProblem(window: BrowserWindow, problem: string, logger: Logger): void {
  if (window.isDestroyed()) return;
  const url = messagePageUrl('Tunewall cannot start', [problem, 'Reinstall Tunewall or ask whoever set up this screen.'], '');
  window.webContents.loadURL(url).catch((error: unknown) => {
    logger.error('shell: the problem page failed to load', { error: errorText(error) });
  });
}

/** What only a running core can have: its events, wake-ups, the screen reader, and its kiosk setting. */
async function wireCore(core: AppCore, window: BrowserWindow, policy: SenderPolicy, deps: ShellDeps, cleanups: (() => void)[]): Promise<void> {
  // Events first: the page may already be waiting for them.
  cleanups.push(forwardCoreEvents(core, policy));
  cleanups.push(forwardWakeups(powerMonitor, core));
  // Voice guidance follows a screen reader started after Tunewall, unless the viewer chose otherwise.
  const accessibility = (): void => core.platformChanged?.();
  app.on('accessibility-support-changed', accessibility);
  cleanups.push(() => app.removeListener('accessibility-support-changed', accessibility));
  cleanups.push(
    forwardOnline(() => net.isOnline(), core, {
      intervalMs: ONLINE_CHECK_MS,
      setInterval: (callback, ms) => {
        const handle = setInterval(callback, ms);
        return () => clearInterval(handle);
      },
    }),
  );
  const state = await core.handlers.getState();
  const options = resolveWindowOptions({ state, argv: deps.argv, env: deps.env, isPackaged: app.isPackaged });
  if (options.kiosk && !window.isDestroyed()) window.setKiosk(true);
}

export async function startShell(deps: ShellDeps): Promise<ShellHandle> {
  const { logger } = deps;
  await app.whenReady();

  secureSession(session.defaultSession, { logger });
  const files = createAppProtocolHandler({ rootDir: deps.rendererDir, readFile: (file) => fs.promises.readFile(file) });
  const building = buildCore(deps);
  const artwork = async (request: Request): Promise<Response> => {
    const built = await building;
    return built.core?.artwork !== undefined ? built.core.artwork(request) : files(request);
  };
  protocol.handle(APP_SCHEME, withArtwork(files, artwork));

  const policy = createSenderPolicy();
  const cleanups: (() => void)[] = [];
  const handlers = building.then((built) => {
    if (built.core === undefined) throw new Error(built.problem ?? 'Tunewall has no core');
    return built.core.handlers;
  });
  // Without a core no call may be waiting; the problem page says why.
  handlers.catch(() => undefined);
  const removeIpc = registerBridgeIpc({ ipcMain, handlers, policy, logger });
  cleanups.push(keepDisplayAwake(powerSaveBlocker));

  const window = createMainWindow({
    options: resolveWindowOptions({ state: undefined, argv: deps.argv, env: deps.env, isPackaged: app.isPackaged }),
    preloadPath: deps.preloadPath,
    entryUrl: APP_ENTRY_URL,
    policy,
    onBack: () => void building.then((built) => built.core?.intent('back')),
    logger,
  });
  app.on('second-instance', () => {
    if (window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => app.quit());

  const built = await building;
  const { core, problem, store } = built;
  if (core === undefined) {
    removeIpc();
    showProblem(window, problem ?? 'Tunewall has no core.', logger);
  } else {
    cleanups.push(removeIpc);
    await wireCore(core, window, policy, deps, cleanups);
  }

  let shuttingDown: Promise<void> | undefined;
  const shutdown = (): Promise<void> => {
    shuttingDown ??= (async () => {
      for (const cleanup of cleanups.reverse()) cleanup();
      if (core !== undefined) {
        try {
          await core.dispose();
        } catch (error) {
          logger.error('shell: the core failed to stop cleanly', { error: errorText(error) });
        }
      }
      // The row cache's last coalesced write, before the process ends.
      store?.flush();
    })();
    return shuttingDown;
  };
  let shutDown = false;
  app.on('will-quit', (event) => {
    if (shutDown) return;
    // Let the core finish its writes before the process ends.
    event.preventDefault();
    void shutdown().finally(() => {
      shutDown = true;
      app.quit();
    });
  });

  return { window, core, shutdown };
}

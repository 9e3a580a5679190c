/**
 * The one Tunewall window: hardened, trusted for IPC, kept alive through renderer crashes up to a limit, and
 * forwarding a remote's Back key that arrives as an app command.
 */
import { BrowserWindow } from 'electron';
import type { Logger } from '../core/ports';
import { RELOADS_ALLOWED, RELOAD_WINDOW_MS, createReloadBudget, errorPageUrl } from './crashRecovery';
import { hardenWebContents } from './hardening';
import { developerKeyAction, isConfirmKey } from './inputPolicy';
import type { SenderPolicy } from './senderPolicy';
import { BACKGROUND_COLOR, type WindowOptions } from './windowOptions';

/** After the error page has been up this long, try the app again unattended (a kiosk may have no one to press OK). */
export const AUTO_RETRY_MS = 5 * 60_000;
/**
 * How long the end of a renderer we crashed ourselves (after a hang) is expected. A renderer whose every thread is
 * stuck may never report its end; the expectation must not outlive that and swallow a later real crash.
 */
export const FORCED_CRASH_GRACE_MS = 30_000;

export interface MainWindowDeps {
  options: WindowOptions;
  preloadPath: string;
  entryUrl: string;
  policy: SenderPolicy;
  /** A remote's Back that reached the window rather than the page. */
  onBack(): void;
  logger: Logger;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => () => void;
}

function defaultTimer(callback: () => void, ms: number): () => void {
  const handle = setTimeout(callback, ms);
  return () => clearTimeout(handle);
}

export function createMainWindow(deps: MainWindowDeps): BrowserWindow {
  const { logger } = deps;
  const { kiosk, fullscreen, devtools } = deps.options;
  // Every security preference is written out, never left to a default, so a reader and the scanner see each one.
  const win = new BrowserWindow({
    width: 1280,
    height: 720,
    show: false,
    backgroundColor: BACKGROUND_COLOR,
    title: 'Tunewall',
    kiosk,
    fullscreen: kiosk || fullscreen,
    autoHideMenuBar: true,
    webPreferences: {
      // Reviewed: the preload exposes the typed bridge and nothing else (preload.ts, bridgeClient.ts).
      preload: deps.preloadPath, // eng-disable PRELOAD_JS_CHECK
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
      // A middle click must not open anything; new windows are denied anyway.
      disableBlinkFeatures: 'Auxclick',
      safeDialogs: true,
      disableDialogs: true,
      devTools: devtools,
      // Background throttling would stall a wall display left on one screen.
      backgroundThrottling: false,
    },
  });
  const contents = win.webContents;
  hardenWebContents(contents, { devtools, logger });
  deps.policy.trust(contents);
  win.removeMenu();
  win.once('ready-to-show', () => win.show());

  win.on('app-command', (_event, command) => {
    if (command === 'browser-backward') deps.onBack();
  });

  const load = (url: string): void => {
    contents.loadURL(url).catch((error: unknown) => {
      logger.error('window: page failed to load', { error: error instanceof Error ? error.message : String(error) });
    });
  };

  keepRendererAlive(win, deps, load);
  if (devtools) allowDeveloperKeys(contents);

  load(deps.entryUrl);
  return win;
}

/** Reloads the page after a crash or a hang, up to a budget, then shows the error page and tries again later. */
function keepRendererAlive(win: BrowserWindow, deps: MainWindowDeps, load: (url: string) => void): void {
  const { logger } = deps;
  const contents = win.webContents;
  const budget = createReloadBudget({ max: RELOADS_ALLOWED, windowMs: RELOAD_WINDOW_MS, now: deps.now ?? Date.now });
  const setTimer = deps.setTimer ?? defaultTimer;
  let showingError = false;
  let cancelRetry: (() => void) | undefined;

  const showApp = (): void => {
    showingError = false;
    cancelRetry?.();
    cancelRetry = undefined;
    budget.reset();
    load(deps.entryUrl);
  };

  /** Returns whether a reload was started. */
  const recover = (why: string): boolean => {
    if (win.isDestroyed() || showingError) return false;
    if (budget.tryConsume()) {
      logger.warn('window: reloading after a renderer failure', { why });
      return true;
    }
    logger.error('window: renderer keeps failing, showing the error page', { why });
    showingError = true;
    load(errorPageUrl(`Last problem: ${why}.`));
    cancelRetry = setTimer(showApp, AUTO_RETRY_MS);
    return false;
  };

  // Our own forcefullyCrashRenderer after a hang, already counted. On Linux Electron only asks the renderer to crash
  // itself (electron_api_web_contents.cc, ForcefullyCrashRenderer: rph->ForceCrash()), so a reload right after it can
  // land in the old renderer, which then dies and leaves a dead window. The reload waits for the end to be reported
  // ('crashed' on Linux, 'killed' elsewhere), or for the grace time when it never is.
  let cancelForcedCrash: (() => void) | undefined;
  const stopExpectingForcedCrash = (): void => {
    cancelForcedCrash?.();
    cancelForcedCrash = undefined;
  };
  contents.on('render-process-gone', (_event, details) => {
    if (cancelForcedCrash !== undefined && (details.reason === 'crashed' || details.reason === 'killed')) {
      stopExpectingForcedCrash();
      if (!win.isDestroyed() && !showingError) contents.reload();
      return;
    }
    if (recover(`the page stopped (${details.reason})`)) contents.reload();
  });

  win.on('unresponsive', () => {
    // Still waiting for the renderer we crashed: the same hang, already counted.
    if (cancelForcedCrash !== undefined) return;
    if (recover('the page stopped responding')) {
      // A hung renderer ignores a plain reload; end it first.
      cancelForcedCrash = setTimer(() => {
        cancelForcedCrash = undefined;
        if (!win.isDestroyed() && !showingError) contents.reload();
      }, FORCED_CRASH_GRACE_MS);
      contents.forcefullyCrashRenderer();
    }
  });

  contents.on('before-input-event', (event, input) => {
    if (showingError && isConfirmKey(input)) {
      event.preventDefault();
      showApp();
    }
  });

  win.on('closed', () => {
    cancelRetry?.();
    stopExpectingForcedCrash();
  });
}

/**
 * With --devtools: DevTools open, and the window acts on their keys itself, since without an application menu Electron
 * has no accelerators for them (they come from the default menu's roles: lib/browser/api/menu-item-roles.ts).
 */
function allowDeveloperKeys(contents: BrowserWindow['webContents']): void {
  contents.on('before-input-event', (event, input) => {
    const action = developerKeyAction(input);
    if (action === undefined) return;
    event.preventDefault();
    if (action === 'reload') contents.reload();
    else contents.toggleDevTools();
  });
  contents.openDevTools({ mode: 'detach' });
}

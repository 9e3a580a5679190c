/**
 * The main window's construction options. Security preferences are written out one by one, never left to defaults,
 * so a reader (and the scanner) sees each of them.
 */
import type { BrowserWindowConstructorOptions } from 'electron';

/** How the shell presents itself; from the core's configuration. */
export interface WindowOptions {
  kiosk: boolean;
  fullscreen: boolean;
  /** Developer tools and reload keys; off in production. */
  devtools: boolean;
}

export const DEFAULT_WINDOW_OPTIONS: WindowOptions = { kiosk: false, fullscreen: true, devtools: false };

/** Near black, so a reload or a crash never flashes white across a dark living room. */
export const BACKGROUND_COLOR = '#0b0b10';

export function browserWindowOptions(options: WindowOptions, preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 720,
    show: false,
    backgroundColor: BACKGROUND_COLOR,
    title: 'Tunewall',
    kiosk: options.kiosk,
    fullscreen: options.kiosk || options.fullscreen,
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
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
      safeDialogs: true,
      disableDialogs: true,
      devTools: options.devtools,
      // Background throttling would stall a wall display left on one screen.
      backgroundThrottling: false,
    },
  };
}

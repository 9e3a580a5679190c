/**
 * Rules every webContents in Tunewall follows: it never navigates away, never opens a window, never attaches a
 * <webview>, and (in production) ignores reload and developer-tools keys.
 */
import type { Logger } from '../core/ports';
import { isAppUrl } from './appUrl';
import { shouldBlockInput, type KeyInput } from './inputPolicy';

export interface PreventableEvent {
  preventDefault(): void;
}

/** The parts of Electron's WebContents the rules attach to. */
export interface HardenableContents {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  on(event: 'before-input-event', listener: (event: PreventableEvent, input: KeyInput) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  getURL(): string;
}

/** Whether each hardened webContents may use developer keys. */
const devtoolsAllowed = new WeakMap<object, boolean>();

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** The page's own location.reload(): Electron reports it as a navigation to the URL already shown. */
export function isReloadOfAppPage(url: string, currentUrl: string): boolean {
  return isAppUrl(url) && withoutFragment(url) === withoutFragment(currentUrl);
}

/**
 * Electron emits app 'web-contents-created' inside `new BrowserWindow`, so the main window is hardened for "any
 * other webContents" before window.ts hardens it again with its own developer-tools choice: the later call's choice
 * wins, the listeners are added once.
 */
export function hardenWebContents(contents: HardenableContents, options: { devtools: boolean; logger: Logger }): void {
  const already = devtoolsAllowed.has(contents);
  devtoolsAllowed.set(contents, options.devtools);
  if (already) return;
  const { logger } = options;
  // The renderer is a single page; the main process alone changes what it shows (loadURL is not a navigation).
  // The one exception is the page reloading itself (the crash screen's Reload button).
  contents.on('will-navigate', (event, url) => {
    if (isReloadOfAppPage(url, contents.getURL())) return;
    event.preventDefault();
    logger.warn('window: navigation denied', { url });
  });
  contents.on('will-redirect', (event, url) => {
    event.preventDefault();
    logger.warn('window: redirect denied', { url });
  });
  contents.setWindowOpenHandler(({ url }) => {
    logger.warn('window: new window denied', { url });
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    logger.warn('window: webview denied');
  });
  contents.on('before-input-event', (event, input) => {
    if (shouldBlockInput(input, devtoolsAllowed.get(contents) ?? false)) event.preventDefault();
  });
}

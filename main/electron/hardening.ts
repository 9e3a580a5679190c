/**
 * Rules every webContents in Tunewall follows: it never navigates away, never opens a window, never attaches a
 * <webview>, and (in production) ignores reload and developer-tools keys.
 */
import type { Logger } from '../core/ports';
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
}

const hardened = new WeakSet<object>();

export function hardenWebContents(contents: HardenableContents, options: { devtools: boolean; logger: Logger }): void {
  if (hardened.has(contents)) return;
  hardened.add(contents);
  const { logger } = options;
  // The renderer is a single page; the main process alone changes what it shows (loadURL is not a navigation).
  contents.on('will-navigate', (event, url) => {
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
    if (shouldBlockInput(input, options.devtools)) event.preventDefault();
  });
}

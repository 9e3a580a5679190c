/**
 * What the Electron shell hands the core's factory (`createAppCore` in main/core/app.ts), and what it expects back.
 * Type-only: nothing here loads Electron or the core.
 */
import type { AppCore } from '../core/appCore';
import type { CoreText } from '../core/errors';
import type { Cipher, Clock, FetchLike, KeyValueStore, Logger } from '../core/ports';

export interface ElectronCoreDeps {
  shell: 'electron';
  /** safeStorage as a Cipher; undefined when the system offers no encryption (tokens stay in memory). */
  cipher: Cipher | undefined;
  /** Why `cipher` is undefined, in words a person understands. */
  cipherUnavailableReason: CoreText | undefined;
  /** Linux: safeStorage's backend ('basic_text', 'gnome_libsecret', 'kwallet5', …); elsewhere 'os'. For diagnostics. */
  storageBackend: string;
  /** electron-store, file mode 0600, in `userDataDir`. */
  store: KeyValueStore;
  /** Electron's net.fetch: Chromium's network stack, so system proxies and certificates apply. */
  fetch: FetchLike;
  clock: Clock;
  /** Electron's userData folder: where the store, the cache and a config file may live. */
  userDataDir: string;
  /** The command line after the executable (and after the app path when run unpackaged). */
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  logger: Logger;
  platform: NodeJS.Platform;
  appVersion: string;
  /** BCP 47, from app.getLocale(). */
  systemLocale: string;
  /** False when run from source (`npm start`), true from an installed build. */
  isPackaged: boolean;
  /** app.accessibilitySupportEnabled, read when asked: Chromium turns it on once it detects a screen reader. */
  screenReader: () => boolean;
}

export type CreateAppCore = (deps: ElectronCoreDeps) => AppCore | Promise<AppCore>;

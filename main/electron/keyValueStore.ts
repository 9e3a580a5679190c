/**
 * KeyValueStore over electron-store. The file holds token ciphertext, so it is readable by its owner only (0600),
 * whatever the umask or an older version left behind; a file that cannot be parsed is set aside and started afresh.
 */
import path from 'node:path';
import type { KeyValueStore, Logger } from '../core/ports';

/** The parts of an electron-store instance used here. */
export interface StoreLike {
  readonly path: string;
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export interface StoreOptions {
  name: string;
  cwd: string;
  configFileMode: number;
  clearInvalidConfig: boolean;
  accessPropertiesByDotNotation: boolean;
  watch: boolean;
}

export interface StoreFs {
  chmod(filePath: string, mode: number): void;
  existsSync(filePath: string): boolean;
  renameSync(from: string, to: string): void;
}

export const STORE_FILE_MODE = 0o600;

export function openKeyValueStore(deps: {
  createStore: (options: StoreOptions) => StoreLike;
  fs: StoreFs;
  userDataDir: string;
  name?: string;
  logger: Logger;
  now?: () => number;
}): KeyValueStore {
  const options: StoreOptions = {
    name: deps.name ?? 'tunewall',
    cwd: deps.userDataDir,
    configFileMode: STORE_FILE_MODE,
    // Corruption is handled below so the reason is logged and the bad file kept for a look.
    clearInvalidConfig: false,
    // Keys are opaque names chosen by the core; a dot in one must not create nested objects.
    accessPropertiesByDotNotation: false,
    watch: false,
  };
  let store: StoreLike;
  try {
    store = deps.createStore(options);
  } catch (error) {
    const file = path.join(options.cwd, `${options.name}.json`);
    const aside = `${file}.corrupt-${(deps.now ?? Date.now)()}`;
    deps.logger.warn('store: unreadable file set aside, starting empty', {
      file,
      aside,
      reason: error instanceof Error ? error.message : String(error),
    });
    if (deps.fs.existsSync(file)) deps.fs.renameSync(file, aside);
    store = deps.createStore(options);
  }
  const ensurePrivate = (): void => {
    try {
      deps.fs.chmod(store.path, STORE_FILE_MODE);
    } catch (error) {
      // Writes still create the file 0600 (configFileMode); a file system without modes is reported, not fatal.
      deps.logger.warn('store: could not restrict the file to its owner', {
        file: store.path,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  };
  // configFileMode applies to files written from now on; an existing file keeps its mode until chmod.
  if (deps.fs.existsSync(store.path)) ensurePrivate();
  return {
    get: (key) => store.get(key),
    set: (key, value) => {
      store.set(key, value);
      ensurePrivate();
    },
    delete: (key) => {
      store.delete(key);
      ensurePrivate();
    },
  };
}

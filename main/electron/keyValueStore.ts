/**
 * KeyValueStore over electron-store. The file holds token ciphertext, so it is readable by its owner only (0600),
 * whatever the umask or an older version left behind; a file that cannot be parsed is set aside and started afresh.
 *
 * Power cuts: electron-store writes through `conf` and `atomically`, which write a temporary file, fsync it and rename
 * it over the store, but never fsync the folder, so the rename itself can be lost and the store come back older (a
 * rotated refresh token gone, the spent one back). A durable write here fsyncs the folder after electron-store is
 * done. Coalesced writes (the row cache) wait a moment and go together, off the path of a remote press.
 */
import nodeFs from 'node:fs';
import path from 'node:path';
import type { KeyValueStore, Logger, SetOptions } from '../core/ports';

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
  /** fsync of a folder: keeps a rename in it across a power cut. */
  syncDir(dirPath: string): void;
}

export interface ElectronKeyValueStore extends KeyValueStore {
  /** Writes what coalesced writes left pending, now (at quit). */
  flush(): void;
}

/**
 * Folders cannot be fsynced on every platform (Windows); there a rename is as durable as the platform makes it. A
 * folder that is not there holds no write to keep.
 */
const DIR_SYNC_UNSUPPORTED = new Set(['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'ENOTSUP', 'EACCES', 'ENOENT']);

export function syncDirectory(dirPath: string): void {
  let fd: number | undefined;
  try {
    fd = nodeFs.openSync(dirPath, 'r');
    nodeFs.fsyncSync(fd);
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
    if (!DIR_SYNC_UNSUPPORTED.has(code)) throw error;
  } finally {
    if (fd !== undefined) nodeFs.closeSync(fd);
  }
}

export const STORE_FILE_MODE = 0o600;

export function openKeyValueStore(deps: {
  createStore: (options: StoreOptions) => StoreLike;
  fs: StoreFs;
  userDataDir: string;
  name?: string;
  logger: Logger;
  now?: () => number;
  /** How long coalesced writes wait for more of their kind, ms. */
  coalesceMs?: number;
}): ElectronKeyValueStore {
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
  const written = (): void => {
    ensurePrivate();
    deps.fs.syncDir(path.dirname(store.path));
  };

  // Coalesced values wait here, as the file will hold them, until one write takes them all.
  const pending = new Map<string, unknown>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const values = [...pending];
    pending.clear();
    try {
      for (const [key, value] of values) store.set(key, value);
      written();
    } catch (error) {
      // A cache that cannot be saved still works from memory; the next write tries again.
      deps.logger.warn('store: a coalesced write failed', { reason: error instanceof Error ? error.message : String(error) });
    }
  };
  return {
    get: (key) => (pending.has(key) ? pending.get(key) : store.get(key)),
    set: (key: string, value: unknown, options?: SetOptions) => {
      if (options?.write === 'coalesced') {
        const json = JSON.stringify(value) as string | undefined;
        pending.set(key, json === undefined ? undefined : (JSON.parse(json) as unknown));
        if (timer === undefined) {
          timer = setTimeout(flush, deps.coalesceMs ?? 500);
          timer.unref();
        }
        return;
      }
      pending.delete(key);
      store.set(key, value);
      written();
    },
    delete: (key) => {
      pending.delete(key);
      store.delete(key);
      written();
    },
    flush,
  };
}

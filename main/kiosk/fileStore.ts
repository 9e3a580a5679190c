/**
 * The kiosk shell's KeyValueStore: one JSON file, mode 0600, that survives a power cut. A durable write (the default:
 * tokens, settings, sign-out) is on disk before set() returns: a temporary file written and fsynced, renamed over the
 * store, and the folder fsynced so the rename itself is kept. A coalesced write (the row cache) only marks the store
 * changed; one write a moment later, with non-blocking I/O, carries every such change, so a remote press never waits
 * on the disk. A file that cannot be read or parsed is set aside (renamed, with the reason logged) and the shell
 * starts from empty: re-pairing, never a crash.
 */
import * as nodeFs from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { KeyValueStore, Logger, SetOptions } from '../core/ports';

/** The file operations the store uses; tests pass a recording copy. */
export type StoreFileSystem = Pick<
  typeof nodeFs,
  | 'closeSync'
  | 'existsSync'
  | 'fchmodSync'
  | 'fsyncSync'
  | 'mkdirSync'
  | 'openSync'
  | 'readFileSync'
  | 'readdirSync'
  | 'renameSync'
  | 'rmSync'
  | 'writeSync'
> & { promises: Pick<typeof nodeFs.promises, 'open' | 'rm'> };

export interface FileStoreOptions {
  /** How long coalesced writes wait for more of their kind, ms. */
  coalesceMs?: number;
  fs?: StoreFileSystem;
}

export interface FileStore extends KeyValueStore {
  /** Writes what coalesced writes left pending, durably; resolves when it is on disk (at shutdown). */
  flush(): Promise<void>;
}

/** Folders cannot be fsynced on every platform; there the rename is as durable as the platform makes it. */
const DIR_SYNC_UNSUPPORTED = new Set(['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'ENOTSUP']);

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** How many set-aside store files are kept for someone to look into; the oldest go first. */
export const MAX_CORRUPT_KEPT = 3;

/** The store's contents; a file that cannot be read or parsed is set aside and the store starts empty. */
function readStoreFile(fs: StoreFileSystem, path: string, logger: Logger): Map<string, unknown> {
  if (!fs.existsSync(path)) return new Map();
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not a JSON object');
    return new Map(Object.entries(parsed));
  } catch (error) {
    const aside = `${path}.corrupt-${Date.now()}`;
    logger.warn('store unreadable, set aside; starting empty', { path, aside, reason: String(error) });
    fs.renameSync(path, aside);
    pruneCorrupt(fs, path, logger);
    return new Map();
  }
}

/** A store corrupted at every start must not fill the disk: only the newest few set-aside files stay. */
function pruneCorrupt(fs: StoreFileSystem, path: string, logger: Logger): void {
  const dir = dirname(path);
  const prefix = `${basename(path)}.corrupt-`;
  const stamp = (name: string): number => Number(name.slice(prefix.length)) || 0;
  const old = fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(prefix))
    .sort((a, b) => stamp(b) - stamp(a))
    .slice(MAX_CORRUPT_KEPT);
  for (const name of old) fs.rmSync(join(dir, name), { force: true });
  if (old.length > 0) logger.info('store: removed older set-aside store files', { removed: old.length, kept: MAX_CORRUPT_KEPT });
}

/** Makes a rename in `dir` durable where the platform can fsync a folder. */
function syncDir(fs: StoreFileSystem, dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch (error) {
    if (!DIR_SYNC_UNSUPPORTED.has(errorCode(error) ?? '')) throw error;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Writes `text()` to `tmp` and fsyncs it, mode 0600, blocking: the durable write's first half. */
function writeTmpSync(fs: StoreFileSystem, dir: string, tmp: string, text: () => string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const fd = fs.openSync(tmp, 'w', 0o600);
  try {
    fs.writeSync(fd, text());
    // A temporary file left by someone else may have kept wider permissions: tightened before it becomes the store.
    fs.fchmodSync(fd, 0o600);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes `text` to `tmp` and fsyncs it, mode 0600, with non-blocking I/O: the coalesced write's first half. */
async function writeTmpAsync(fs: StoreFileSystem, dir: string, tmp: string, text: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const handle = await fs.promises.open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(text);
    await handle.chmod(0o600);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function createFileStore(path: string, logger: Logger, options: FileStoreOptions = {}): FileStore {
  const fs = options.fs ?? nodeFs;
  const coalesceMs = options.coalesceMs ?? 500;
  const dir = dirname(path);
  const syncTmp = `${path}.tmp`;
  const coalescedTmp = `${path}.tmp-coalesced`;
  // A temporary file is what a crash mid-write leaves: the store itself is whole (the rename never happened).
  for (const stale of [syncTmp, coalescedTmp]) fs.rmSync(stale, { force: true });
  const data = readStoreFile(fs, path, logger);

  /** Every snapshot gets a number; a file on disk never goes back to an older one. */
  let version = 0;
  let onDisk = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> | undefined;
  let pending = false;

  const snapshot = (): string => JSON.stringify(Object.fromEntries(data));

  const writeNow = (): void => {
    version += 1;
    const mine = version;
    writeTmpSync(fs, dir, syncTmp, snapshot);
    fs.renameSync(syncTmp, path);
    syncDir(fs, dir);
    onDisk = mine;
    // Everything set so far is in this snapshot: nothing coalesced is left to write.
    pending = false;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const writeLater = async (): Promise<void> => {
    if (!pending) return;
    pending = false;
    version += 1;
    const mine = version;
    await writeTmpAsync(fs, dir, coalescedTmp, snapshot());
    // A durable write that came meanwhile holds newer data: this snapshot must not replace it.
    if (mine < onDisk) {
      await fs.promises.rm(coalescedTmp, { force: true });
      return;
    }
    fs.renameSync(coalescedTmp, path);
    onDisk = mine;
    syncDir(fs, dir);
  };

  const runCoalesced = (): Promise<void> => {
    timer = undefined;
    writing ??= writeLater()
      .catch((error: unknown) => logger.warn('store: a coalesced write failed; it is tried again with the next one', { reason: String(error) }))
      .finally(() => {
        writing = undefined;
        if (pending) schedule();
      });
    return writing;
  };

  const schedule = (): void => {
    if (timer !== undefined || writing !== undefined) return;
    timer = setTimeout(() => void runCoalesced(), coalesceMs);
    // A cache write alone must not keep a stopping process alive; flush() is how shutdown waits for it.
    timer.unref();
  };

  return {
    get: (key) => data.get(key),
    set: (key: string, value: unknown, setOptions?: SetOptions) => {
      // Held as the file will hold it: later changes to the caller's object, and undefined fields, do not count.
      const json = JSON.stringify(value) as string | undefined;
      if (json === undefined) data.delete(key);
      else data.set(key, JSON.parse(json) as unknown);
      if (setOptions?.write === 'coalesced') {
        pending = true;
        schedule();
        return;
      }
      writeNow();
    },
    delete: (key) => {
      if (data.delete(key)) writeNow();
    },
    flush: async () => {
      if (writing !== undefined) await writing;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (pending) writeNow();
    },
  };
}

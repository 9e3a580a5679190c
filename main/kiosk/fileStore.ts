/**
 * The kiosk shell's KeyValueStore: one JSON file, written atomically with mode 0600. A file that cannot be read or
 * parsed is set aside (renamed, with the reason logged) and the shell starts from empty: re-pairing, never a crash.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { KeyValueStore, Logger } from '../core/ports';

export function createFileStore(path: string, logger: Logger): KeyValueStore {
  let data = new Map<string, unknown>();
  if (existsSync(path)) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not a JSON object');
      data = new Map(Object.entries(parsed));
    } catch (error) {
      const aside = `${path}.corrupt-${Date.now()}`;
      logger.warn('store unreadable, set aside; starting empty', { path, aside, reason: String(error) });
      renameSync(path, aside);
    }
  }
  const flush = () => {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const tmp = `${path}.tmp`;
    writeFileSync(tmp, JSON.stringify(Object.fromEntries(data)), { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, path);
  };
  return {
    get: (key) => data.get(key),
    set: (key, value) => {
      // Held as the file will hold it: later changes to the caller's object, and undefined fields, do not count.
      const json = JSON.stringify(value) as string | undefined;
      if (json === undefined) data.delete(key);
      else data.set(key, JSON.parse(json) as unknown);
      flush();
    },
    delete: (key) => {
      if (data.delete(key)) flush();
    },
  };
}

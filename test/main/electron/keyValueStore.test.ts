import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_FILE_MODE, openKeyValueStore, type StoreFs, type StoreLike, type StoreOptions } from '../../../main/electron/keyValueStore';
import { fakeLogger } from './fakes';

/** An in-memory electron-store that remembers where its file would be. */
function memoryStore(options: StoreOptions): StoreLike {
  const data = new Map<string, unknown>();
  return {
    path: path.join(options.cwd, `${options.name}.json`),
    get: (key) => data.get(key),
    set: (key, value) => {
      data.set(key, value);
    },
    delete: (key) => {
      data.delete(key);
    },
  };
}

function fakeFs(existing: string[] = []) {
  const files = new Set(existing);
  const chmods: { file: string; mode: number }[] = [];
  const renames: [string, string][] = [];
  const dirSyncs: string[] = [];
  const fsFake: StoreFs = {
    chmod: (file, mode) => {
      chmods.push({ file, mode });
    },
    existsSync: (file) => files.has(file),
    renameSync: (from, to) => {
      renames.push([from, to]);
      files.delete(from);
    },
    syncDir: (dir) => {
      dirSyncs.push(dir);
    },
  };
  return { fsFake, chmods, renames, files, dirSyncs };
}

describe('key-value store over electron-store', () => {
  it('asks electron-store for an owner-only file and plain keys', () => {
    let seen: StoreOptions | undefined;
    const { fsFake } = fakeFs();
    openKeyValueStore({
      createStore: (options) => {
        seen = options;
        return memoryStore(options);
      },
      fs: fsFake,
      userDataDir: '/data',
      logger: fakeLogger(),
    });
    expect(seen).toMatchObject({ cwd: '/data', configFileMode: 0o600, accessPropertiesByDotNotation: false });
  });

  it('chmods an existing file to 0600 at once, and after each write', () => {
    const { fsFake, chmods } = fakeFs(['/data/tunewall.json']);
    const store = openKeyValueStore({ createStore: memoryStore, fs: fsFake, userDataDir: '/data', logger: fakeLogger() });
    expect(chmods).toEqual([{ file: '/data/tunewall.json', mode: 0o600 }]);
    store.set('vault', 'ciphertext');
    expect(chmods).toHaveLength(2);
    expect(chmods.every((c) => c.mode === STORE_FILE_MODE && c.file === '/data/tunewall.json')).toBe(true);
    expect(store.get('vault')).toBe('ciphertext');
    store.delete('vault');
    expect(store.get('vault')).toBeUndefined();
  });

  it('sets a corrupt file aside with a logged reason and starts empty', () => {
    const { fsFake, renames } = fakeFs(['/data/tunewall.json']);
    const logger = fakeLogger();
    let attempts = 0;
    const store = openKeyValueStore({
      createStore: (options) => {
        attempts += 1;
        if (attempts === 1) throw new SyntaxError('Unexpected token } in JSON');
        return memoryStore(options);
      },
      fs: fsFake,
      userDataDir: '/data',
      logger,
      now: () => 42,
    });
    expect(renames).toEqual([['/data/tunewall.json', '/data/tunewall.json.corrupt-42']]);
    expect(logger.entries.some((e) => e.level === 'warn' && /set aside/.test(e.message))).toBe(true);
    expect(store.get('vault')).toBeUndefined();
  });
});

describe('file mode on a real file system', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tunewall-store-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('leaves a store file written world-readable as 0600', async () => {
    const file = path.join(dir, 'tunewall.json');
    await writeFile(file, '{}', { mode: 0o644 });
    const store = openKeyValueStore({
      createStore: (options) => ({
        ...memoryStore(options),
        set: () => fs.writeFileSync(file, '{"k":1}', { mode: 0o644 }),
      }),
      fs: { ...fs, chmod: fs.chmodSync, syncDir: () => undefined },
      userDataDir: dir,
      logger: fakeLogger(),
    });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    store.set('k', 1);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});

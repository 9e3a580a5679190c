/**
 * The Electron store's writes against a power cut, with the real `conf` (electron-store's storage layer, which runs
 * without Electron): conf's atomically fsyncs its temporary file before the rename, but not the folder, so the store
 * fsyncs the folder itself after a durable write. Coalesced writes (the row cache) wait and go together.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKeyValueStore, syncDirectory, type StoreLike, type StoreOptions } from '../../../main/electron/keyValueStore';
import { fakeLogger } from './fakes';

/** Every fsync, by the path its descriptor was opened on; installed before conf (and atomically) load. */
const synced: string[] = [];
const openedAt = new Map<number, string>();
const original = { openSync: fs.openSync, fsyncSync: fs.fsyncSync };
let createStore: (options: StoreOptions) => StoreLike;
let dir: string;

beforeAll(async () => {
  fs.openSync = ((file: fs.PathLike, flags: fs.OpenMode = 'r', mode?: fs.Mode | null) => {
    const fd = original.openSync(file, flags, mode);
    openedAt.set(fd, String(file));
    return fd;
  }) as typeof fs.openSync;
  fs.fsyncSync = (fd: number) => {
    synced.push(openedAt.get(fd) ?? `fd ${fd}`);
    original.fsyncSync(fd);
  };
  const { default: Conf } = await import('conf');
  // As electron-store does: its `name` is conf's configName.
  createStore = (options) => new Conf<Record<string, unknown>>({ ...options, configName: options.name, projectName: 'tunewall' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunewall-conf-'));
});
afterAll(() => {
  Object.assign(fs, original);
  fs.rmSync(dir, { recursive: true, force: true });
});

const open = (coalesceMs = 20) =>
  openKeyValueStore({
    createStore,
    fs: { ...fs, chmod: fs.chmodSync, syncDir: syncDirectory },
    userDataDir: dir,
    logger: fakeLogger(),
    coalesceMs,
  });

describe('the Electron store on disk', () => {
  it('a durable write fsyncs the new file (conf) and then the folder holding it (this store), before it returns', () => {
    const store = open();
    synced.length = 0;
    store.set('tokens', { version: 1, ciphertext: 'abc' });
    const file = path.join(dir, 'tunewall.json');
    expect(synced.some((p) => p.startsWith(`${file}.tmp`))).toBe(true);
    expect(synced.at(-1)).toBe(dir);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ tokens: { version: 1, ciphertext: 'abc' } });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('coalesced writes leave the file alone at first, then go in one write; flush writes what is left at quit', async () => {
    const store = open(20);
    const file = path.join(dir, 'tunewall.json');
    const before = fs.readFileSync(file, 'utf8');
    synced.length = 0;
    for (let i = 0; i < 20; i += 1) store.set('homeRows', { i }, { write: 'coalesced' });
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(synced).toEqual([]);
    expect(store.get('homeRows')).toEqual({ i: 19 });
    await new Promise((r) => setTimeout(r, 200));
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ homeRows: { i: 19 } });
    expect(synced.filter((p) => p === dir)).toHaveLength(1);

    const later = open(60_000);
    later.set('homeRows', { i: 'last' }, { write: 'coalesced' });
    later.flush();
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ homeRows: { i: 'last' } });
  });
});

/** The kiosk shell's JSON store: private file modes, atomic writes, a corrupt file set aside rather than a crash. */
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileStore } from '../../../main/kiosk/fileStore';
import { memoryLogger } from '../core/support/fakes';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tunewall-store-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;

describe('createFileStore', () => {
  it('keeps values across a reopen, in a file only its owner can read', () => {
    const path = join(dir, 'data', 'store.json');
    const store = createFileStore(path, memoryLogger());
    store.set('settings', { territory: 'JP', language: 'ja' });
    store.set('count', 3);
    expect(mode(path)).toBe(0o600);
    expect(mode(join(dir, 'data'))).toBe(0o700);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ settings: { territory: 'JP', language: 'ja' }, count: 3 });

    const reopened = createFileStore(path, memoryLogger());
    expect(reopened.get('settings')).toEqual({ territory: 'JP', language: 'ja' });
    expect(reopened.get('count')).toBe(3);
    expect(reopened.get('missing')).toBeUndefined();
  });

  it('tightens a file that was readable by others on the next write', () => {
    const path = join(dir, 'store.json');
    writeFileSync(path, '{"a":1}', { mode: 0o644 });
    chmodSync(path, 0o644);
    const store = createFileStore(path, memoryLogger());
    store.set('b', 2);
    expect(mode(path)).toBe(0o600);
  });

  it('writes through a temporary file and leaves none behind', () => {
    const path = join(dir, 'store.json');
    // A temporary file left by a crash mid-write, readable by others: it must not keep its mode.
    writeFileSync(join(dir, 'store.json.tmp'), 'half-writ', { mode: 0o644 });
    const store = createFileStore(path, memoryLogger());
    store.set('a', { deep: [1, 2, 3] });
    expect(readdirSync(dir)).toEqual(['store.json']);
    expect(mode(path)).toBe(0o600);
  });

  it('deletes keys, and writes nothing when there was nothing to delete', () => {
    const path = join(dir, 'store.json');
    const store = createFileStore(path, memoryLogger());
    store.delete('nothing');
    expect(existsSync(path)).toBe(false);
    store.set('tokens', { version: 1, ciphertext: 'abc' });
    store.delete('tokens');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({});
    expect(createFileStore(path, memoryLogger()).get('tokens')).toBeUndefined();
  });

  it('holds what was written, not a live reference the caller can still change', () => {
    const path = join(dir, 'store.json');
    const store = createFileStore(path, memoryLogger());
    const settings: { territory: string; language?: string } = { territory: 'TW' };
    store.set('settings', settings);
    settings.territory = 'JP';
    settings.language = 'ja';
    // What the store gives back is what a restart would read from disk.
    expect(store.get('settings')).toEqual({ territory: 'TW' });
    expect(createFileStore(path, memoryLogger()).get('settings')).toEqual({ territory: 'TW' });
  });

  it.each([
    ['not JSON', '{"tokens": {"version": 1, '],
    ['a JSON array', '[1,2,3]'],
    ['JSON null', 'null'],
    ['empty', ''],
  ])('sets aside a file that is %s, logs why, and starts empty', (_, contents) => {
    const path = join(dir, 'store.json');
    writeFileSync(path, contents, { mode: 0o600 });
    const logger = memoryLogger();
    const store = createFileStore(path, logger);
    expect(store.get('tokens')).toBeUndefined();
    const aside = readdirSync(dir).filter((name) => name.startsWith('store.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0] ?? ''), 'utf8')).toBe(contents);
    expect(existsSync(path)).toBe(false);
    expect(logger.lines).toContainEqual(expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ path }) }));
    store.set('fresh', true);
    expect(createFileStore(path, memoryLogger()).get('fresh')).toBe(true);
  });
});

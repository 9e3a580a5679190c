/** The kiosk shell's JSON store: private file modes, atomic writes, a corrupt file set aside rather than a crash. */
import * as nodeFs from 'node:fs';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthSession } from '../../../main/core/auth/session';
import { systemClock } from '../../../main/core/timers';
import { TokenVault } from '../../../main/core/vault/tokenVault';
import { createFileStore, MAX_CORRUPT_KEPT, type StoreFileSystem } from '../../../main/kiosk/fileStore';
import { fakeCipher, fakeFetch, fakeQr, json, memoryLogger } from '../core/support/fakes';

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

  it('keeps only the newest few set-aside files, however often the store is found corrupt', () => {
    const path = join(dir, 'store.json');
    for (const stamp of [1000, 2000, 3000, 4000, 5000]) writeFileSync(`${path}.corrupt-${stamp}`, 'old', { mode: 0o600 });
    writeFileSync(path, '{broken', { mode: 0o600 });
    createFileStore(path, memoryLogger());
    const aside = readdirSync(dir).filter((name) => name.startsWith('store.json.corrupt-')).sort();
    expect(aside).toHaveLength(MAX_CORRUPT_KEPT);
    expect(aside).toContain('store.json.corrupt-5000');
    expect(aside).toContain('store.json.corrupt-4000');
    expect(aside.map((name) => readFileSync(join(dir, name), 'utf8'))).toContain('{broken');
  });
});

/** node:fs, with every call the store makes written down (file descriptors named by the path they were opened on). */
function recordingFs(): { fs: StoreFileSystem; ops: string[] } {
  const ops: string[] = [];
  const paths = new Map<number, string>();
  const name = (p: unknown) => (typeof p === 'string' ? p.slice(dir.length + 1) || '.' : String(p));
  const fs: StoreFileSystem = {
    ...nodeFs,
    openSync: (p, flags, mode) => {
      const fd = nodeFs.openSync(p, flags, mode);
      paths.set(fd, name(p));
      ops.push(`open ${name(p)}`);
      return fd;
    },
    writeSync: ((fd: number, text: string) => {
      ops.push(`write ${paths.get(fd) ?? fd}`);
      return nodeFs.writeSync(fd, text);
    }) as StoreFileSystem['writeSync'],
    fsyncSync: (fd) => {
      ops.push(`fsync ${paths.get(fd) ?? fd}`);
      nodeFs.fsyncSync(fd);
    },
    renameSync: (from, to) => {
      ops.push(`rename ${name(from)} ${name(to)}`);
      nodeFs.renameSync(from, to);
    },
    promises: {
      ...nodeFs.promises,
      open: async (p, flags, mode) => {
        ops.push(`open async ${name(p)}`);
        const handle = await nodeFs.promises.open(p, flags, mode);
        const sync = handle.sync.bind(handle);
        handle.sync = async () => {
          ops.push(`fsync async ${name(p)}`);
          await sync();
        };
        return handle;
      },
    },
  };
  return { fs, ops };
}

describe('durability', () => {
  it('a durable set is on disk before it returns: temporary file written and fsynced, renamed, folder fsynced', () => {
    const path = join(dir, 'store.json');
    const { fs, ops } = recordingFs();
    const store = createFileStore(path, memoryLogger(), { fs });
    ops.length = 0;
    store.set('tokens', { version: 1, ciphertext: 'abc' });
    expect(ops).toEqual([
      'open store.json.tmp',
      'write store.json.tmp',
      'fsync store.json.tmp',
      'rename store.json.tmp store.json',
      'open .',
      'fsync .',
    ]);
    ops.length = 0;
    store.delete('tokens');
    expect(ops.filter((op) => op.startsWith('fsync'))).toEqual(['fsync store.json.tmp', 'fsync .']);
  });

  it('coalesced writes touch nothing on the caller’s path, then go to disk together, once, with non-blocking I/O', async () => {
    const path = join(dir, 'store.json');
    const { fs, ops } = recordingFs();
    const store = createFileStore(path, memoryLogger(), { fs, coalesceMs: 20 });
    ops.length = 0;
    for (let i = 0; i < 50; i += 1) store.set('homeRows', { i }, { write: 'coalesced' });
    store.set('other', 'x', { write: 'coalesced' });
    expect(ops).toEqual([]);
    expect(store.get('homeRows')).toEqual({ i: 49 });
    await vi.waitFor(() => expect(ops).toContain('rename store.json.tmp-coalesced store.json'), { timeout: 5_000 });
    expect(ops.filter((op) => op.startsWith('open'))).toEqual(['open async store.json.tmp-coalesced', 'open .']);
    expect(ops).toContain('fsync async store.json.tmp-coalesced');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ homeRows: { i: 49 }, other: 'x' });
    expect(mode(path)).toBe(0o600);
  });

  it('a durable write carries pending coalesced changes, and a later coalesced flush never puts older data back', async () => {
    const path = join(dir, 'store.json');
    const store = createFileStore(path, memoryLogger(), { coalesceMs: 5 });
    store.set('homeRows', { rows: 1 }, { write: 'coalesced' });
    store.set('tokens', 't1');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ homeRows: { rows: 1 }, tokens: 't1' });
    store.set('homeRows', { rows: 2 }, { write: 'coalesced' });
    store.set('tokens', 't2');
    await new Promise((r) => setTimeout(r, 50));
    await store.flush();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ homeRows: { rows: 2 }, tokens: 't2' });
  });

  it('flush writes what is pending at once (shutdown)', async () => {
    const path = join(dir, 'store.json');
    const store = createFileStore(path, memoryLogger(), { coalesceMs: 60_000 });
    store.set('homeRows', { rows: 3 }, { write: 'coalesced' });
    expect(existsSync(path)).toBe(false);
    await store.flush();
    expect(createFileStore(path, memoryLogger()).get('homeRows')).toEqual({ rows: 3 });
  });

  it('a rotated refresh token is durable before the new access token is used', async () => {
    const path = join(dir, 'store.json');
    const { fs, ops } = recordingFs();
    const store = createFileStore(path, memoryLogger(), { fs });
    const cipher = fakeCipher();
    const vault = new TokenVault({ store, cipher, policy: 'os-keyring', logger: memoryLogger() });
    vault.save({ accessToken: 'at-1', refreshToken: 'rt-1', tokenType: 'Bearer', issuedAt: Date.now() - 10, expiresAt: Date.now() - 1 });
    let opsWhenUsed: string[] | undefined;
    let onDiskWhenUsed: unknown;
    const f = fakeFetch((r) => {
      if (r.path === '/oauth2/token') {
        ops.length = 0;
        return json(200, { access_token: 'at-2', refresh_token: 'rt-2', token_type: 'Bearer', expires_in: 3600 });
      }
      opsWhenUsed = [...ops];
      onDiskWhenUsed = new TokenVault({ store: createFileStore(path, memoryLogger()), cipher, policy: 'os-keyring', logger: memoryLogger() }).load();
      return json(200, {});
    });
    const session = new AuthSession({
      fetch: f.fetch,
      clock: systemClock,
      logger: memoryLogger(),
      service: { authUrl: 'https://auth.test', clientId: 'c', clientSecret: 's', dialect: 'documented' },
      vault,
      qrMatrix: fakeQr,
      guestMode: false,
    });
    session.start();
    await session.authorizedFetch('https://api.test/v1.1/me');
    session.dispose();
    expect(f.requests.at(-1)?.headers.get('authorization')).toBe('Bearer at-2');
    expect(opsWhenUsed).toEqual(expect.arrayContaining(['fsync store.json.tmp', 'rename store.json.tmp store.json', 'fsync .']));
    expect(onDiskWhenUsed).toMatchObject({ accessToken: 'at-2', refreshToken: 'rt-2' });
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TokenSet } from '../../../../main/core/auth/tokens';
import { createAesGcmCipher } from '../../../../main/core/vault/aesGcmCipher';
import { MEMBERS_INDEX_KEY, MemberVault, memberTokensKey } from '../../../../main/core/vault/memberVault';
import { SetAsideTokens, setAsideKey } from '../../../../main/core/vault/setAside';
import { TokenVault, VAULT_KEY, type StoragePolicy } from '../../../../main/core/vault/tokenVault';
import type { Cipher } from '../../../../main/core/ports';
import { fakeCipher, memoryLogger, MemoryStore } from '../support/fakes';

function tokens(n: number): TokenSet {
  return {
    accessToken: `access-SECRET-${n}`,
    refreshToken: `refresh-SECRET-${n}`,
    tokenType: 'Bearer',
    issuedAt: 1_790_000_000_000,
    expiresAt: 1_790_003_600_000 + n,
  };
}

function open(store: MemoryStore, cipher: Cipher | undefined, policy: StoragePolicy = 'os-keyring') {
  const logger = memoryLogger();
  return { vault: new MemberVault({ store, cipher, policy, logger }), logger };
}

describe('member vault', () => {
  it('keeps six members, each sealed under their own key, with no token in plaintext at rest', () => {
    const store = new MemoryStore();
    const cipher = createAesGcmCipher(randomBytes(32));
    const { vault } = open(store, cipher);
    const keys = [1, 2, 3, 4, 5, 6].map((n) => vault.add(tokens(n)));
    expect(new Set(keys).size).toBe(6);
    const dump = store.dump();
    expect(dump).not.toContain('SECRET');
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{8,}$/);
      expect(store.get(memberTokensKey(key))).toMatchObject({ version: 1, ciphertext: expect.any(String) });
    }
    expect(store.get(MEMBERS_INDEX_KEY)).toEqual({ version: 1, keys });

    const reopened = open(store, cipher).vault.load();
    expect(reopened.map((m) => m.key)).toEqual(keys);
    expect(reopened.map((m) => m.tokens)).toEqual([1, 2, 3, 4, 5, 6].map(tokens));
    // A rotation of one member's tokens re-seals theirs alone, still without plaintext.
    const again = open(store, cipher).vault;
    again.load();
    again.slot(keys[2] ?? '').save(tokens(33));
    expect(store.dump()).not.toContain('SECRET');
    expect(open(store, cipher).vault.load().map((m) => m.tokens.accessToken)).toEqual(
      ['access-SECRET-1', 'access-SECRET-2', 'access-SECRET-33', 'access-SECRET-4', 'access-SECRET-5', 'access-SECRET-6'],
    );
  });

  it("a corrupt member's entry is discarded alone: the others survive", () => {
    const store = new MemoryStore();
    const cipher = fakeCipher('os-keyring');
    const { vault } = open(store, cipher);
    const [a, b, c] = [1, 2, 3].map((n) => vault.add(tokens(n)));
    // Damaged in a way no key explains: it opens, but is no token set.
    store.set(memberTokensKey(b ?? ''), { version: 1, ciphertext: cipher.encrypt('{not json').toString('base64') });
    const { vault: reopened, logger } = open(store, cipher);
    expect(reopened.load().map((m) => [m.key, m.tokens.accessToken])).toEqual([
      [a, 'access-SECRET-1'],
      [c, 'access-SECRET-3'],
    ]);
    expect(logger.lines.some((l) => l.level === 'warn' && l.message.includes('discarding'))).toBe(true);
    expect(store.get(MEMBERS_INDEX_KEY)).toEqual({ version: 1, keys: [a, c] });
    // An unreadable shape is no worse.
    store.set(memberTokensKey(c ?? ''), 42);
    expect(open(store, cipher).vault.load().map((m) => m.key)).toEqual([a]);
  });

  it("a member sealed under another key is set aside alone and comes back with that key; the others stay signed in", () => {
    const store = new MemoryStore();
    const first = createAesGcmCipher(randomBytes(32));
    const second = createAesGcmCipher(randomBytes(32));
    const a = open(store, first).vault.add(tokens(1));
    // Member b was paired on a start with another key.
    const v2 = open(store, second).vault;
    v2.load();
    const b = v2.add(tokens(2));
    expect(open(store, second).vault.load().map((m) => m.key)).toEqual([b]);
    expect(store.get(setAsideKey(memberTokensKey(a)))).toBeDefined();
    expect(open(store, first).vault.load().map((m) => m.key)).toEqual([a]);
  });

  it('moves the single sign-in of an older vault to the first member, refresh mark included, without a new pairing', () => {
    const store = new MemoryStore();
    const cipher = fakeCipher('os-keyring');
    const old = new TokenVault({ store, cipher, policy: 'os-keyring', logger: memoryLogger() });
    old.save(tokens(7));
    old.markRefreshing();
    const { vault } = open(store, cipher);
    const loaded = vault.load();
    expect(loaded).toEqual([{ key: expect.any(String), tokens: tokens(7), refreshWasInterrupted: true }]);
    expect(store.get(VAULT_KEY)).toBeUndefined();
    expect(store.get(MEMBERS_INDEX_KEY)).toEqual({ version: 1, keys: [loaded[0]?.key] });
    expect(open(store, cipher).vault.load().map((m) => m.tokens)).toEqual([tokens(7)]);
  });

  it("the mark of a refresh in flight is one member's own", () => {
    const store = new MemoryStore();
    const cipher = fakeCipher('os-keyring');
    const { vault } = open(store, cipher);
    const a = vault.add(tokens(1));
    const b = vault.add(tokens(2));
    vault.slot(b).markRefreshing();
    expect(open(store, cipher).vault.load().map((m) => [m.key, m.refreshWasInterrupted])).toEqual([
      [a, false],
      [b, true],
    ]);
    vault.slot(b).save(tokens(22));
    expect(open(store, cipher).vault.load().every((m) => !m.refreshWasInterrupted)).toBe(true);
  });

  it('remove() forgets one member, tokens and index entry; the memory policy and no cipher keep members in memory only', () => {
    const store = new MemoryStore();
    const cipher = fakeCipher('os-keyring');
    const { vault } = open(store, cipher);
    const a = vault.add(tokens(1));
    const b = vault.add(tokens(2));
    vault.remove(a);
    expect(store.get(memberTokensKey(a))).toBeUndefined();
    expect(open(store, cipher).vault.load().map((m) => m.key)).toEqual([b]);

    for (const [policy, c] of [['memory', cipher], ['os-keyring', undefined]] as const) {
      const memoryStore = new MemoryStore();
      const mem = open(memoryStore, c, policy).vault;
      const key = mem.add(tokens(3));
      expect(mem.slot(key).load()).toEqual(tokens(3));
      expect(mem.status.protection).toBe('memory');
      expect(memoryStore.data.size).toBe(0);
    }
  });

  it("a store that fails to write one member's entry keeps that member in memory and says so", () => {
    const store = new MemoryStore();
    const cipher = fakeCipher('os-keyring');
    const { vault } = open(store, cipher);
    vault.add(tokens(1));
    const failing = vault.add(tokens(2));
    const set = store.set.bind(store);
    store.set = (key, value) => {
      if (key === memberTokensKey(failing)) throw new Error('disk full');
      set(key, value);
    };
    vault.slot(failing).save(tokens(22));
    expect(vault.slot(failing).load()).toEqual(tokens(22));
    expect(vault.status.protection).toBe('memory');
    expect(vault.status.reasonKey).toBe('storage.writeFailed');
  });
  it('an older vault whose one sign-in waits, set aside, for its key becomes the first member, and that sign-in comes back with the key', () => {
    const store = new MemoryStore();
    const right = fakeCipher('os-keyring', 0x11);
    const other = fakeCipher('os-keyring', 0x22);
    new TokenVault({ store, cipher: right, policy: 'os-keyring', logger: memoryLogger() }).save(tokens(7));
    // A start of that older Tunewall with another key set the sign-in aside.
    expect(new TokenVault({ store, cipher: other, policy: 'os-keyring', logger: memoryLogger() }).load()).toBeUndefined();
    expect(store.get(VAULT_KEY)).toBeUndefined();
    expect(store.get(setAsideKey(VAULT_KEY))).toHaveLength(1);

    // The upgrade happens on a start with the other key again: nobody can open the sign-in, and it is kept.
    expect(open(store, other).vault.load()).toEqual([]);
    expect(store.get(setAsideKey(VAULT_KEY))).toBeUndefined();
    const index = store.get(MEMBERS_INDEX_KEY);
    expect(index).toEqual({ version: 1, keys: [expect.any(String)] });
    // Its key is back: the member is signed in, without pairing again.
    expect(open(store, right).vault.load().map((m) => m.tokens)).toEqual([tokens(7)]);
  });

  it('pairing a member again under the key they have keeps one entry for them in the index', () => {
    const store = new MemoryStore();
    const cipher = fakeCipher('os-keyring');
    const { vault } = open(store, cipher);
    const a = vault.add(tokens(1));
    const b = vault.add(tokens(2));
    vault.put(a, tokens(11));
    vault.put(a, tokens(12));
    expect(store.get(MEMBERS_INDEX_KEY)).toEqual({ version: 1, keys: [a, b] });
    expect(open(store, cipher).vault.load().map((m) => [m.key, m.tokens.accessToken])).toEqual([
      [a, 'access-SECRET-12'],
      [b, 'access-SECRET-2'],
    ]);
    // A key made twice (a new member given a key already here) is still listed once.
    const twice = new MemberVault({ store, cipher, policy: 'os-keyring', logger: memoryLogger(), newKey: () => b });
    twice.load();
    twice.add(tokens(3));
    expect(store.get(MEMBERS_INDEX_KEY)).toEqual({ version: 1, keys: [a, b] });
  });

  it("of several sign-ins set aside under one member's key, the newest comes back, never an older one with a rotated refresh token", () => {
    const store = new MemoryStore();
    const right = fakeCipher('os-keyring', 0x11);
    const { vault } = open(store, right);
    const a = vault.add(tokens(1));
    // Three sign-ins of this member, each set aside on a start with another key, oldest first.
    let clock = 1_000;
    const aside = new SetAsideTokens(store, setAsideKey(memberTokensKey(a)), () => clock);
    for (const n of [1, 2, 3]) {
      clock += 1_000;
      aside.add({ version: 1, ciphertext: right.encrypt(JSON.stringify(tokens(n))).toString('base64') });
    }
    store.delete(memberTokensKey(a));
    const loaded = open(store, right).vault.load();
    expect(loaded.map((m) => [m.key, m.tokens.refreshToken])).toEqual([[a, 'refresh-SECRET-3']]);
    // The older ones went with it: a restart does not bring one back either.
    expect(store.get(setAsideKey(memberTokensKey(a)))).toBeUndefined();
    expect(open(store, right).vault.load().map((m) => m.tokens.refreshToken)).toEqual(['refresh-SECRET-3']);
  });
  it('a member whose sign-in the service ended stays in the index without tokens, across restarts, until paired again or signed out', () => {
    const store = new MemoryStore();
    const cipher = fakeCipher('os-keyring');
    const { vault } = open(store, cipher);
    const [a, b, c] = [1, 2, 3].map((n) => vault.add(tokens(n)));
    vault.end(a ?? '', 'signed-out');
    vault.end(c ?? '', 'expired');
    expect(store.get(memberTokensKey(a ?? ''))).toBeUndefined();
    expect(store.dump()).not.toContain('SECRET-1');
    const reopened = open(store, cipher).vault;
    expect(reopened.load().map((m) => m.key)).toEqual([b]);
    expect(reopened.ended()).toEqual([
      { key: a, reason: 'signed-out' },
      { key: c, reason: 'expired' },
    ]);
    expect(reopened.order()).toEqual([a, b, c]);
    // Paired again: signed in under the same key; signed out: gone from the index.
    reopened.put(a ?? '', tokens(11));
    reopened.remove(c ?? '');
    const third = open(store, cipher).vault;
    expect(third.load().map((m) => [m.key, m.tokens.accessToken])).toEqual([
      [a, 'access-SECRET-11'],
      [b, 'access-SECRET-2'],
    ]);
    expect(third.ended()).toEqual([]);
    expect(store.get(MEMBERS_INDEX_KEY)).toEqual({ version: 1, keys: [a, b] });
  });
});

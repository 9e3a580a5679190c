import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TokenSet } from '../../../../main/core/auth/tokens';
import { createAesGcmCipher, loadKioskCipher, parseVaultKey, vaultKeyPath } from '../../../../main/core/vault/aesGcmCipher';
import { MAX_SET_ASIDE, setAsideKey } from '../../../../main/core/vault/setAside';
import { TokenVault, VAULT_KEY, type StoragePolicy } from '../../../../main/core/vault/tokenVault';
import type { Cipher } from '../../../../main/core/ports';
import { fakeCipher, memoryLogger, MemoryStore } from '../support/fakes';

const TOKENS: TokenSet = {
  accessToken: 'access-SECRET-123',
  refreshToken: 'refresh-SECRET-456',
  tokenType: 'Bearer',
  issuedAt: 1_790_000_000_000,
  expiresAt: 1_790_003_600_000,
};

function vault(store: MemoryStore, cipher: Cipher | undefined, policy: StoragePolicy = 'os-keyring') {
  const logger = memoryLogger();
  return { vault: new TokenVault({ store, cipher, policy, logger }), logger };
}

describe('token vault', () => {
  it('stores only ciphertext and reads the tokens back after a restart', () => {
    const store = new MemoryStore();
    const cipher = fakeCipher('os-keyring');
    vault(store, cipher).vault.save(TOKENS);
    expect(store.dump()).not.toContain('SECRET');
    expect(store.get(VAULT_KEY)).toMatchObject({ version: 1, ciphertext: expect.any(String) });
    const reopened = vault(store, cipher);
    expect(reopened.vault.load()).toEqual(TOKENS);
    expect(reopened.vault.status).toEqual({ protection: 'os-keyring', reason: undefined });
  });

  it('os-keyring policy with a weak cipher keeps tokens in memory and says how to change that', () => {
    const store = new MemoryStore();
    const { vault: v } = vault(store, fakeCipher('weak'), 'os-keyring');
    v.save(TOKENS);
    expect(store.data.size).toBe(0);
    expect(v.load()).toEqual(TOKENS);
    expect(v.status.protection).toBe('memory');
    expect(v.status.reason).toContain('allow-weak');
    expect(v.persistent).toBe(false);
  });

  it('allow-weak persists with a weak cipher, labelled weak', () => {
    const store = new MemoryStore();
    const cipher = fakeCipher('weak');
    const { vault: v } = vault(store, cipher, 'allow-weak');
    v.save(TOKENS);
    expect(store.data.size).toBe(1);
    expect(store.dump()).not.toContain('SECRET');
    expect(v.status.protection).toBe('weak');
    expect(vault(store, cipher, 'allow-weak').vault.load()).toEqual(TOKENS);
  });

  it('memory policy never writes, and removes what an earlier policy stored', () => {
    const store = new MemoryStore();
    const cipher = fakeCipher('os-keyring');
    vault(store, cipher).vault.save(TOKENS);
    const { vault: v } = vault(store, cipher, 'memory');
    expect(store.data.size).toBe(0);
    v.save(TOKENS);
    expect(store.data.size).toBe(0);
    expect(v.load()).toEqual(TOKENS);
    expect(v.status).toMatchObject({ protection: 'memory', reason: expect.stringContaining('memory') });
  });

  it('without a cipher keeps tokens in memory with the given reason', () => {
    const store = new MemoryStore();
    const noCipherReason = { message: 'No key file.', messageKey: 'storage.noVaultKey' };
    const v = new TokenVault({ store, cipher: undefined, policy: 'allow-weak', logger: memoryLogger(), noCipherReason });
    v.save(TOKENS);
    expect(store.data.size).toBe(0);
    expect(v.status).toEqual({ protection: 'memory', reason: 'No key file.', reasonKey: 'storage.noVaultKey', params: undefined });
  });

  it('sets aside data sealed with another key, with a logged reason, and starts signed out', () => {
    const store = new MemoryStore();
    vault(store, fakeCipher('os-keyring', 0x11)).vault.save(TOKENS);
    const { vault: v, logger } = vault(store, fakeCipher('os-keyring', 0x22));
    expect(v.load()).toBeUndefined();
    expect(store.get(VAULT_KEY)).toBeUndefined();
    expect(store.get(setAsideKey(VAULT_KEY))).toHaveLength(1);
    expect(logger.lines.some((l) => l.level === 'warn' && l.message.includes('set aside, not deleted'))).toBe(true);
  });

  it('a start without the key, then one with another key and a new pairing, keep the sign-in for when its key is back', () => {
    const store = new MemoryStore();
    const right = fakeCipher('os-keyring', 0x11);
    const other = fakeCipher('os-keyring', 0x22);
    vault(store, right).vault.save(TOKENS);
    // No key at all: memory only, and the stored sign-in is neither read nor removed, even by a sign-out.
    const keyless = new TokenVault({ store, cipher: undefined, policy: 'os-keyring', logger: memoryLogger() });
    expect(keyless.load()).toBeUndefined();
    keyless.save({ ...TOKENS, accessToken: 'access-KEYLESS' });
    keyless.clear();
    // Another key: the sign-in is set aside; the member pairs again and that sign-in is stored under the other key.
    const mistyped = vault(store, other).vault;
    expect(mistyped.load()).toBeUndefined();
    const second = { ...TOKENS, accessToken: 'access-OTHER' };
    mistyped.save(second);
    // The right key is back: the first sign-in returns, and the other key's waits in its turn.
    expect(vault(store, right).vault.load()).toEqual(TOKENS);
    expect(vault(store, right).vault.load()).toEqual(TOKENS);
    expect(vault(store, other).vault.load()).toEqual(second);
  });

  it('keeps a bounded number of set-aside sign-ins, the newest', () => {
    const store = new MemoryStore();
    // Each start with a new key sets the last key's sign-in aside, and the member pairs again.
    for (let k = 1; k <= MAX_SET_ASIDE + 2; k += 1) {
      const { vault: v } = vault(store, fakeCipher('os-keyring', k));
      v.load();
      v.save({ ...TOKENS, accessToken: `access-${k}` });
    }
    vault(store, fakeCipher('os-keyring', 0x7f)).vault.load();
    expect(store.get(setAsideKey(VAULT_KEY))).toHaveLength(MAX_SET_ASIDE);
    expect(vault(store, fakeCipher('os-keyring', MAX_SET_ASIDE + 2)).vault.load()?.accessToken).toBe(`access-${MAX_SET_ASIDE + 2}`);
    expect(vault(store, fakeCipher('os-keyring', 1)).vault.load()).toBeUndefined();
  });

  it('a sign-out also forgets a set-aside sign-in of the same key, never another key\'s', () => {
    const store = new MemoryStore();
    const a = fakeCipher('os-keyring', 0x11);
    const b = fakeCipher('os-keyring', 0x22);
    vault(store, a).vault.save(TOKENS);
    vault(store, b).vault.load();
    const aside = store.get(setAsideKey(VAULT_KEY));
    store.set(setAsideKey(VAULT_KEY), [...(Array.isArray(aside) ? aside : []), { version: 1, ciphertext: b.encrypt(JSON.stringify(TOKENS)).toString('base64'), setAsideAt: 1 }]);
    const { vault: v } = vault(store, b);
    v.clear();
    expect(vault(store, b).vault.load()).toBeUndefined();
    expect(vault(store, a).vault.load()).toEqual(TOKENS);
  });

  it('discards corrupt data of any shape without throwing', () => {
    const cipher = fakeCipher('os-keyring');
    for (const junk of ['plain text', 42, { version: 2, ciphertext: 'x' }, { version: 1, ciphertext: '' }, [1, 2]]) {
      const store = new MemoryStore();
      store.set(VAULT_KEY, junk);
      const { vault: v, logger } = vault(store, cipher);
      expect(v.load()).toBeUndefined();
      expect(store.data.size).toBe(0);
      expect(logger.lines.some((l) => l.message.includes('discarding'))).toBe(true);
    }
    const store = new MemoryStore();
    store.set(VAULT_KEY, { version: 1, ciphertext: cipher.encrypt('{"accessToken": 5}').toString('base64') });
    expect(vault(store, cipher).vault.load()).toBeUndefined();
    store.set(VAULT_KEY, { version: 1, ciphertext: cipher.encrypt('{not json').toString('base64') });
    expect(vault(store, cipher).vault.load()).toBeUndefined();
  });

  it('a store that throws on write keeps tokens in memory and reports it', () => {
    const store = new MemoryStore();
    store.set = () => {
      throw new Error('disk full');
    };
    const { vault: v, logger } = vault(store, fakeCipher('os-keyring'));
    v.save(TOKENS);
    expect(v.load()).toEqual(TOKENS);
    expect(v.status.protection).toBe('memory');
    expect(logger.lines.some((l) => l.level === 'error')).toBe(true);
  });

  it('clear() wipes memory and store (sign-out)', () => {
    const store = new MemoryStore();
    const cipher = fakeCipher('os-keyring');
    const { vault: v } = vault(store, cipher);
    v.save(TOKENS);
    v.clear();
    expect(v.load()).toBeUndefined();
    expect(store.data.size).toBe(0);
    expect(vault(store, cipher).vault.load()).toBeUndefined();
  });
});

describe('kiosk AES-256-GCM cipher', () => {
  const key = randomBytes(32);

  it('round-trips, never shows the plaintext, and uses a fresh IV each time', () => {
    const cipher = createAesGcmCipher(key);
    const a = cipher.encrypt('refresh-SECRET-456');
    const b = cipher.encrypt('refresh-SECRET-456');
    expect(a.toString('latin1')).not.toContain('SECRET');
    expect(a.equals(b)).toBe(false);
    expect(cipher.decrypt(a)).toBe('refresh-SECRET-456');
    expect(cipher.protection).toBe('os-keyring');
  });

  it('refuses altered data and a different key', () => {
    const cipher = createAesGcmCipher(key);
    const sealed = cipher.encrypt('hello');
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] = (altered[altered.length - 1] ?? 0) ^ 1;
    expect(() => cipher.decrypt(altered)).toThrow();
    expect(() => createAesGcmCipher(randomBytes(32)).decrypt(sealed)).toThrow();
    expect(() => cipher.decrypt(Buffer.from('short'))).toThrow();
  });

  it('a vault over the AES cipher survives a restart, and one with another key sets the data aside for the right key', () => {
    const store = new MemoryStore();
    vault(store, createAesGcmCipher(key)).vault.save(TOKENS);
    expect(vault(store, createAesGcmCipher(key)).vault.load()).toEqual(TOKENS);
    expect(vault(store, createAesGcmCipher(randomBytes(32))).vault.load()).toBeUndefined();
    expect(vault(store, createAesGcmCipher(key)).vault.load()).toEqual(TOKENS);
  });

  it('reads raw, hex and base64 keys; a short key is refused', () => {
    expect(parseVaultKey(key)?.equals(key)).toBe(true);
    expect(parseVaultKey(Buffer.from(`${key.toString('hex')}\n`))?.equals(key)).toBe(true);
    expect(parseVaultKey(Buffer.from(key.toString('base64')))?.equals(key)).toBe(true);
    expect(parseVaultKey(randomBytes(16))).toBeUndefined();
  });

  it('loads the key from the systemd credential; missing or short keys mean memory only, with a reason', () => {
    const path = vaultKeyPath(undefined, { CREDENTIALS_DIRECTORY: '/run/credentials/tunewall.service' });
    expect(path).toBe('/run/credentials/tunewall.service/tunewall-vault-key');
    expect(vaultKeyPath('/etc/tw.key', { CREDENTIALS_DIRECTORY: '/x' })).toBe('/etc/tw.key');
    expect(vaultKeyPath(undefined, {})).toBeUndefined();

    expect(loadKioskCipher(path, () => key).cipher).toBeDefined();
    const missing = loadKioskCipher(path, () => {
      throw new Error('ENOENT: no such file');
    });
    expect(missing.cipher).toBeUndefined();
    expect(missing.reason).toMatchObject({
      message: expect.stringContaining('cannot be read'),
      messageKey: 'storage.vaultKeyUnreadable',
      params: { path, detail: 'ENOENT: no such file' },
    });
    const short = loadKioskCipher(path, () => randomBytes(8));
    expect(short.cipher).toBeUndefined();
    expect(short.reason).toMatchObject({ message: expect.stringContaining('32-byte'), messageKey: 'storage.vaultKeyInvalid', params: { path } });
    expect(loadKioskCipher(undefined).reason).toMatchObject({ message: expect.stringContaining('No vault key'), messageKey: 'storage.noVaultKey' });
  });

  it('tokens under a key file are said to be protected by that file, whatever the policy but memory', () => {
    const path = '/run/credentials/tunewall.service/tunewall-vault-key';
    const loaded = loadKioskCipher(path, () => key);
    for (const policy of ['os-keyring', 'allow-weak'] as const) {
      const store = new MemoryStore();
      const { vault: v } = vault(store, loaded.cipher, policy);
      v.save(TOKENS);
      expect(store.data.size).toBe(1);
      expect(v.status).toEqual({ protection: 'key-file', reason: undefined, params: { path } });
    }
    expect(vault(new MemoryStore(), loaded.cipher, 'memory').vault.status.protection).toBe('memory');
  });
});

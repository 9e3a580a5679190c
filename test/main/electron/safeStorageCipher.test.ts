import { describe, expect, it } from 'vitest';
import { createSafeStorageCipher, protectionFor, type SafeStorageLike } from '../../../main/electron/safeStorageCipher';

function fakeSafeStorage(available: boolean, backend: string): SafeStorageLike {
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString: (plain) => Buffer.from([...Buffer.from(plain)].map((b) => b ^ 0x5a)),
    decryptString: (data) => Buffer.from([...data].map((b) => b ^ 0x5a)).toString(),
  };
}

describe('safeStorage cipher', () => {
  it.each([
    ['basic_text', 'weak'],
    ['unknown', 'weak'],
    ['gnome_libsecret', 'os-keyring'],
    ['kwallet5', 'os-keyring'],
    ['kwallet6', 'os-keyring'],
  ] as const)('maps the Linux backend %s to %s', (backend, protection) => {
    const choice = createSafeStorageCipher(fakeSafeStorage(true, backend), 'linux');
    expect(choice.cipher?.protection).toBe(protection);
    expect(choice.backend).toBe(backend);
  });

  it('gives no cipher when encryption is unavailable, with a reason to show', () => {
    const choice = createSafeStorageCipher(fakeSafeStorage(false, 'basic_text'), 'linux');
    expect(choice.cipher).toBeUndefined();
    expect(choice.cipher === undefined && choice.reason).toMatchObject({ message: expect.stringMatching(/memory/), messageKey: 'storage.noEncryption' });
  });

  it('trusts the OS store on macOS and Windows', () => {
    expect(protectionFor('darwin', 'os')).toBe('os-keyring');
    expect(protectionFor('win32', 'os')).toBe('os-keyring');
  });

  it('round-trips through safeStorage and never returns the plaintext as ciphertext', () => {
    const choice = createSafeStorageCipher(fakeSafeStorage(true, 'gnome_libsecret'), 'linux');
    const cipher = choice.cipher;
    if (cipher === undefined) throw new Error('expected a cipher');
    const sealed = cipher.encrypt('refresh-token-123');
    expect(sealed.toString()).not.toContain('refresh-token-123');
    expect(cipher.decrypt(sealed)).toBe('refresh-token-123');
  });
});

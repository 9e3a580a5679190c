/**
 * The kiosk shell's Cipher: AES-256-GCM with a 32-byte key read from a file, e.g. a systemd credential
 * ($CREDENTIALS_DIRECTORY/tunewall-vault-key, which systemd can seal with the TPM). Without a usable key there is no
 * cipher, and the vault keeps tokens in memory.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CoreText } from '../errors';
import type { Cipher } from '../ports';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT_VERSION = 1;

/**
 * Layout: version (1 byte) · IV (12) · tag (16) · ciphertext. `keyFile`: where the key was read from, for the user to
 * see; without it the key is said to be the operating system's (tests that stand in for safeStorage).
 */
export function createAesGcmCipher(key: Buffer, keyFile?: string): Cipher {
  if (key.length !== KEY_BYTES) throw new Error(`AES-256-GCM needs a ${KEY_BYTES}-byte key, got ${key.length} bytes`);
  const secret = Buffer.from(key);
  return {
    ...(keyFile === undefined ? { protection: 'os-keyring' } : { protection: 'key-file', keyFile }),
    encrypt(plaintext: string): Buffer {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([FORMAT_VERSION]), iv, cipher.getAuthTag(), body]);
    },
    decrypt(ciphertext: Buffer): string {
      if (ciphertext.length < 1 + IV_BYTES + TAG_BYTES || ciphertext[0] !== FORMAT_VERSION) {
        throw new Error('not Tunewall vault ciphertext');
      }
      const iv = ciphertext.subarray(1, 1 + IV_BYTES);
      const tag = ciphertext.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', secret, iv);
      decipher.setAuthTag(tag);
      // final() throws when the tag does not match: wrong key or altered data.
      return Buffer.concat([decipher.update(ciphertext.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/** The key in a key file: 32 raw bytes, or 64 hex digits, or base64 of 32 bytes (surrounding whitespace ignored). */
export function parseVaultKey(contents: Buffer): Buffer | undefined {
  if (contents.length === KEY_BYTES) return contents;
  const text = contents.toString('utf8').trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(text)) {
    const decoded = Buffer.from(text, 'base64');
    if (decoded.length === KEY_BYTES) return decoded;
  }
  return undefined;
}

export const VAULT_KEY_CREDENTIAL = 'tunewall-vault-key';

/** Where the key file is: an explicit path, else the systemd credential when $CREDENTIALS_DIRECTORY is set. */
export function vaultKeyPath(explicitPath: string | undefined, env: Record<string, string | undefined>): string | undefined {
  if (explicitPath !== undefined && explicitPath !== '') return explicitPath;
  const dir = env.CREDENTIALS_DIRECTORY;
  return dir === undefined || dir === '' ? undefined : join(dir, VAULT_KEY_CREDENTIAL);
}

export type KioskCipherResult = { cipher: Cipher; reason: undefined } | { cipher: undefined; reason: CoreText };

const WAY = 'Provide a 32-byte key file (for example the systemd credential tunewall-vault-key) or set TUNEWALL_VAULT_KEY_FILE.';

/** Why the kiosk shell has no key, in English, by key (the renderer's `errors.storage.<key>`). */
export const KEY_FILE_REASONS = {
  noVaultKey: () => `No vault key is configured, so the sign-in is kept in memory only. ${WAY}`,
  vaultKeyUnreadable: (p: { path: string; detail: string }) =>
    `The vault key file ${p.path} cannot be read (${p.detail}), so the sign-in is kept in memory only. ${WAY}`,
  vaultKeyInvalid: (p: { path: string }) => `The vault key file ${p.path} does not hold a 32-byte key, so the sign-in is kept in memory only. ${WAY}`,
} as const;

/** The kiosk cipher from a key file, or the reason there is none (memory-only storage, said in plain words). */
export function loadKioskCipher(
  path: string | undefined,
  readFile: (path: string) => Buffer = (p) => readFileSync(p),
): KioskCipherResult {
  if (path === undefined) {
    return { cipher: undefined, reason: { message: KEY_FILE_REASONS.noVaultKey(), messageKey: 'storage.noVaultKey' } };
  }
  let contents: Buffer;
  try {
    contents = readFile(path);
  } catch (error) {
    const params = { path, detail: error instanceof Error ? error.message : String(error) };
    return { cipher: undefined, reason: { message: KEY_FILE_REASONS.vaultKeyUnreadable(params), messageKey: 'storage.vaultKeyUnreadable', params } };
  }
  const key = parseVaultKey(contents);
  if (key === undefined) {
    const params = { path };
    return { cipher: undefined, reason: { message: KEY_FILE_REASONS.vaultKeyInvalid(params), messageKey: 'storage.vaultKeyInvalid', params } };
  }
  return { cipher: createAesGcmCipher(key, path), reason: undefined };
}

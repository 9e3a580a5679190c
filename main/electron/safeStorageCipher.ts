/**
 * The one place Tunewall uses Electron's safeStorage: a Cipher for the core's token vault. On Linux, safeStorage may
 * run without a keyring ('basic_text': a key hard-coded in Chromium), which the core must be able to tell the user.
 */
import type { CoreText } from '../core/errors';
import type { Cipher } from '../core/ports';

/** The parts of Electron's safeStorage used here. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend?(): string;
}

export type CipherChoice =
  | { cipher: Cipher; backend: string }
  /** No encryption at all: the core keeps tokens in memory and says so. */
  | { cipher: undefined; backend: string; reason: CoreText };

/** In English; the renderer's `errors.storage.noEncryption`. */
export const NO_ENCRYPTION = 'This system offers no encryption for stored sign-in details, so Tunewall keeps them in memory only.';

/** Backends that mean "no real secret protects the key". */
const WEAK_LINUX_BACKENDS = new Set(['basic_text', 'unknown']);

export function protectionFor(platform: NodeJS.Platform, backend: string): 'os-keyring' | 'weak' {
  if (platform !== 'linux') return 'os-keyring';
  return WEAK_LINUX_BACKENDS.has(backend) ? 'weak' : 'os-keyring';
}

/** Must be called after the app is ready: before that, safeStorage cannot answer on every platform. */
export function createSafeStorageCipher(safeStorage: SafeStorageLike, platform: NodeJS.Platform): CipherChoice {
  const backend =
    platform === 'linux' && typeof safeStorage.getSelectedStorageBackend === 'function'
      ? safeStorage.getSelectedStorageBackend()
      : 'os';
  if (!safeStorage.isEncryptionAvailable()) {
    return {
      cipher: undefined,
      backend,
      reason: { message: NO_ENCRYPTION, messageKey: 'storage.noEncryption' },
    };
  }
  const protection = protectionFor(platform, backend);
  const cipher: Cipher = {
    protection,
    encrypt: (plaintext) => safeStorage.encryptString(plaintext),
    decrypt: (ciphertext) => safeStorage.decryptString(ciphertext),
  };
  return { cipher, backend };
}

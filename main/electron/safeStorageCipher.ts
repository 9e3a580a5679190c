/**
 * The one place Tunewall uses Electron's safeStorage: a Cipher for the core's token vault.
 *
 * Electron 45 deprecates the synchronous safeStorage calls (removed in 46), and they can block the main thread on the
 * keyring. Its asynchronous calls cannot stand behind the core's synchronous Cipher, so safeStorage protects one
 * random data key instead (sealed with encryptStringAsync, kept in the store), and the tokens are sealed with that key
 * by AES-256-GCM: one keyring access per start, none per token write.
 *
 * On Linux without a keyring safeStorage falls back to a key hard-coded in Chromium: the cipher then says 'weak', and
 * the vault's storage policy decides whether tokens are kept (allow-weak) or stay in memory with the vault's own
 * advice (os-keyring). Which key sealed is read from the ciphertext, not from the selected backend: that is
 * Chromium's synchronous choice by desktop name ('basic_text' on sway, LXQt, Hyprland, …), while the asynchronous
 * API asks any Secret Service on D-Bus (os_crypt_async's FreedesktopSecretKeyProvider), which serves those desktops.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { CoreText } from '../core/errors';
import type { Cipher, KeyValueStore, Logger } from '../core/ports';
import { createAesGcmCipher } from '../core/vault/aesGcmCipher';
import { VAULT_KEY } from '../core/vault/tokenVault';

/** The parts of Electron 45's safeStorage used here (electron.d.ts, interface SafeStorage). */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ shouldReEncrypt: boolean; result: string }>;
  setUsePlainTextEncryption(usePlainText: boolean): void;
  getSelectedStorageBackend(): string;
}

export type CipherChoice =
  | { cipher: Cipher; backend: string }
  /** No encryption at all: the core keeps tokens in memory and says so. */
  | { cipher: undefined; backend: string; reason: CoreText };

/** In English; the renderer's `errors.storage.noEncryption`. */
export const NO_ENCRYPTION = 'This system offers no encryption for stored sign-in details, so Tunewall keeps them in memory only.';

/** Where the sealed data key lives in the store. */
export const DATA_KEY = 'safeStorageDataKey';
const DataKeySchema = z.object({ version: z.literal(1), sealed: z.string().min(1) });
const KEY_BYTES = 32;

/**
 * Chromium tags what its hard-coded Linux key sealed with 'v10' (os_crypt_async PosixKeyProvider, kEncryptionTag);
 * a Secret Service's key seals 'v11' (FreedesktopSecretKeyProvider), the desktop portal's its own tag.
 */
const HARD_CODED_KEY_TAG = 'v10';

/** How well the sealed data key is protected, from the tag of the key that sealed it. */
export function protectionFor(platform: NodeJS.Platform, sealedKey: Buffer): 'os-keyring' | 'weak' {
  // Windows' DPAPI tags 'v10' too, and macOS has no hard-coded key: there the OS store always sealed.
  if (platform !== 'linux') return 'os-keyring';
  return sealedKey.subarray(0, 3).toString() === HARD_CODED_KEY_TAG ? 'weak' : 'os-keyring';
}

export interface SafeStorageCipherDeps {
  safeStorage: SafeStorageLike;
  platform: NodeJS.Platform;
  store: KeyValueStore;
  logger: Logger;
  /** Resolves after `ms`; a keyring that waits for an unlock must not keep the window from ever opening. */
  sleep?: (ms: number) => Promise<void>;
}

/** How long safeStorage may take to answer before tokens stay in memory for this run. */
export const SAFE_STORAGE_TIMEOUT_MS = 30_000;

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

const timedOut: unique symbol = Symbol('timed out');

async function within<T>(work: Promise<T>, deps: SafeStorageCipherDeps, what: string): Promise<Awaited<T>> {
  // If the keyring answers after all, too late, its failure has no one left to tell.
  work.catch(() => undefined);
  const winner = await Promise.race([work, (deps.sleep ?? defaultSleep)(SAFE_STORAGE_TIMEOUT_MS).then(() => timedOut)]);
  if (winner === timedOut) {
    throw new Error(`${what} did not answer within ${SAFE_STORAGE_TIMEOUT_MS / 1000} s (a keyring waiting to be unlocked?)`);
  }
  return winner as Awaited<T>;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why there is no cipher, for the user. */
export function noEncryptionReason(): CoreText {
  return { message: NO_ENCRYPTION, messageKey: 'storage.noEncryption' };
}

const noCipher = (backend: string): CipherChoice => ({ cipher: undefined, backend, reason: noEncryptionReason() });

/** Must be called after the app is ready: before that, safeStorage answers nothing. */
export async function createSafeStorageCipher(deps: SafeStorageCipherDeps): Promise<CipherChoice> {
  const { safeStorage, platform, logger } = deps;
  // Let Electron use its fallback key where there is no keyring; whether tokens may then be kept is the storage
  // policy's decision (the vault's), not Electron's.
  if (platform === 'linux') safeStorage.setUsePlainTextEncryption(true);
  let available: boolean;
  try {
    available = await within(safeStorage.isAsyncEncryptionAvailable(), deps, 'safeStorage');
  } catch (error) {
    logger.warn('shell: safeStorage did not answer; keeping tokens in memory', { error: errorText(error) });
    available = false;
  }
  // For diagnostics only: what sealed the key decides the protection.
  const backend = platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os';
  if (!available) return noCipher(backend);
  let opened: { key: Buffer; sealed: Buffer };
  try {
    opened = await within(openDataKey(deps), deps, 'the keyring');
  } catch (error) {
    logger.warn('shell: safeStorage could not seal a key; keeping tokens in memory', { error: errorText(error) });
    return noCipher(backend);
  }
  const protection = protectionFor(platform, opened.sealed);
  const aes = createAesGcmCipher(opened.key);
  const legacy = await within(openLegacyTokens(deps), deps, 'the keyring').catch((error: unknown) => {
    logger.warn('shell: tokens sealed by an earlier Tunewall cannot be opened', { error: errorText(error) });
    return new Map<string, string>();
  });
  const cipher: Cipher = {
    protection,
    encrypt: (plaintext) => aes.encrypt(plaintext),
    decrypt: (ciphertext) => legacy.get(ciphertext.toString('base64')) ?? aes.decrypt(ciphertext),
  };
  return { cipher, backend };
}

/** The data key from the store, or a new one sealed into it. Throws when safeStorage cannot seal. */
async function openDataKey(deps: SafeStorageCipherDeps): Promise<{ key: Buffer; sealed: Buffer }> {
  const { safeStorage, store, logger } = deps;
  const stored = DataKeySchema.safeParse(store.get(DATA_KEY));
  if (stored.success) {
    const sealed = Buffer.from(stored.data.sealed, 'base64');
    try {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(sealed);
      const key = Buffer.from(result, 'base64');
      if (key.length === KEY_BYTES) {
        // A better key is available now (a keyring appeared, or its key rotated): seal with it from now on.
        return shouldReEncrypt ? await sealDataKey(deps, key) : { key, sealed };
      }
      logger.warn('shell: the stored data key is not a key; making a new one (signing in again is needed)');
    } catch (error) {
      // Electron's words for a keyring that is there but busy or locked: keep the key for the next start.
      if (errorText(error).includes('temporarily unavailable')) throw error;
      logger.warn('shell: the stored data key cannot be opened (the keyring changed?); making a new one (signing in again is needed)', {
        error: errorText(error),
      });
    }
  }
  return sealDataKey(deps, randomBytes(KEY_BYTES));
}

async function sealDataKey(deps: SafeStorageCipherDeps, key: Buffer): Promise<{ key: Buffer; sealed: Buffer }> {
  const sealed = await deps.safeStorage.encryptStringAsync(key.toString('base64'));
  deps.store.set(DATA_KEY, { version: 1, sealed: sealed.toString('base64') });
  return { key, sealed };
}

/**
 * Tokens an earlier Tunewall sealed with safeStorage's synchronous encryptString ('v10'/'v11' ciphertext), opened
 * now so the vault can read them once; the vault's next write seals them with the data key.
 */
async function openLegacyTokens(deps: SafeStorageCipherDeps): Promise<Map<string, string>> {
  const opened = new Map<string, string>();
  const stored = z.object({ ciphertext: z.string().min(1) }).safeParse(deps.store.get(VAULT_KEY));
  if (!stored.success) return opened;
  const ciphertext = Buffer.from(stored.data.ciphertext, 'base64');
  if (!/^v1[01]$/.test(ciphertext.subarray(0, 3).toString())) return opened;
  try {
    opened.set(stored.data.ciphertext, (await deps.safeStorage.decryptStringAsync(ciphertext)).result);
  } catch (error) {
    // The vault discards what it cannot read, and says so.
    deps.logger.warn('shell: tokens sealed by an earlier Tunewall cannot be opened', { error: errorText(error) });
  }
  return opened;
}

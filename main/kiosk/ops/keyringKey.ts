/**
 * The vault key without hand work on a desktop: where no key file or systemd credential is given and a Secret Service
 * answers on the session's D-Bus (GNOME Keyring, KWallet), the kiosk shell keeps a generated key there, as Chromium
 * and VS Code do on Linux, through @napi-rs/keyring (keyring-rs; prebuilt binaries in the registry package, nothing to
 * compile). The entry is pinned to the Secret Service: keyring-rs would otherwise fall back to the kernel keyring,
 * which forgets everything at reboot. Without either, the shell keeps today's in-memory storage and says so.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createAesGcmCipher, loadKioskCipher, parseVaultKey, type KioskCipherResult } from '../../core/vault/aesGcmCipher';
import type { OpsLogger } from './log';

export const KEYRING_SERVICE = 'Tunewall';
export const KEYRING_ACCOUNT = 'vault-key';
/** A locked keyring may wait for a password nobody types on a kiosk: give up and keep tokens in memory. */
const KEYRING_TIMEOUT_MS = 5_000;

export interface SecretEntry {
  getPassword(signal?: AbortSignal): Promise<string | null>;
  setPassword(password: string, signal?: AbortSignal): Promise<void>;
}

/** The Secret Service entry, or undefined when the binding cannot load here (an unsupported platform). */
async function secretServiceEntry(logger: OpsLogger): Promise<SecretEntry | undefined> {
  try {
    const { AsyncEntry } = await import('@napi-rs/keyring');
    return new AsyncEntry(KEYRING_SERVICE, KEYRING_ACCOUNT, { linux: { store: 'secret-service' } });
  } catch (error) {
    logger.info('keyring: the Secret Service binding is not available here', { error: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

/** Whether a key file or credential is given (then the keyring is not asked at all). */
export function keyFileGiven(env: NodeJS.ProcessEnv, argv: readonly string[]): boolean {
  if ((env['TUNEWALL_VAULT_KEY_FILE'] ?? '') !== '' || argv.some((a) => a === '--vault-key-file' || a.startsWith('--vault-key-file='))) return true;
  const credentials = env['CREDENTIALS_DIRECTORY'];
  return credentials !== undefined && credentials !== '' && existsSync(`${credentials}/tunewall-vault-key`);
}

/** The vault key kept in the Secret Service (made and stored on first use), or undefined with the reason logged. */
export async function keyringVaultKey(
  env: NodeJS.ProcessEnv,
  argv: readonly string[],
  logger: OpsLogger,
  entry: () => Promise<SecretEntry | undefined> = () => secretServiceEntry(logger),
): Promise<Buffer | undefined> {
  if (keyFileGiven(env, argv)) return undefined;
  if ((env['DBUS_SESSION_BUS_ADDRESS'] ?? '') === '') {
    logger.debug('keyring: no D-Bus session, so no Secret Service to keep the vault key');
    return undefined;
  }
  const secrets = await entry();
  if (secrets === undefined) return undefined;
  try {
    const stored = await secrets.getPassword(AbortSignal.timeout(KEYRING_TIMEOUT_MS));
    if (stored !== null) {
      const key = parseVaultKey(Buffer.from(stored, 'utf8'));
      if (key !== undefined) return key;
      // Not ours to read: a damaged entry. A new key replaces it; whatever it encrypted is set aside at start.
      logger.warn('keyring: the stored vault key is not a 32-byte key; making a new one');
    }
    const key = randomBytes(32);
    await secrets.setPassword(key.toString('base64'), AbortSignal.timeout(KEYRING_TIMEOUT_MS));
    logger.info('keyring: a new vault key is kept in the Secret Service');
    return key;
  } catch (error) {
    logger.warn('keyring: the Secret Service did not answer, so the sign-in is kept in memory only', {
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}

/** The kiosk cipher: the key file when one is configured, else the keyring's key, else none (memory only). */
export function kioskCipher(path: string | undefined, keyringKey: Buffer | undefined): KioskCipherResult {
  if (path === undefined && keyringKey !== undefined) return { cipher: createAesGcmCipher(keyringKey), reason: undefined };
  return loadKioskCipher(path);
}

/**
 * The token vault: the one place tokens are stored. They reach the KeyValueStore only as ciphertext from the Cipher
 * port, and only when the storage policy allows it for the cipher at hand; otherwise they live in memory and the
 * status says why, in words a person can act on.
 */
import { z } from 'zod';
import type { StorageProtection } from '../../../shared/bridge';
import type { CoreText, MessageParams } from '../errors';
import type { Cipher, KeyValueStore, Logger } from '../ports';
import { TokenSetSchema, type TokenSet } from '../auth/tokens';
import { SealedSchema, SetAsideTokens, setAsideKey, type Sealed } from './setAside';

export type StoragePolicy = 'os-keyring' | 'allow-weak' | 'memory';
export const STORAGE_POLICIES = ['os-keyring', 'allow-weak', 'memory'] as const satisfies readonly StoragePolicy[];

export interface VaultStatus {
  protection: StorageProtection;
  /** Why tokens are not (well) protected, with the way out, in English; undefined when all is well. */
  reason: string | undefined;
  /** `reason` in the renderer's catalog (`errors.<reasonKey>`). */
  reasonKey?: string | undefined;
  /** For `reasonKey`, and for the protection's own sentence (the key file's path). */
  params?: MessageParams | undefined;
}

export interface TokenVaultOptions {
  store: KeyValueStore;
  /** Undefined when no encryption is available (no key file in the kiosk shell, safeStorage unavailable). */
  cipher: Cipher | undefined;
  policy: StoragePolicy;
  logger: Logger;
  /** Why there is no cipher, for the user; shown when `cipher` is undefined. */
  noCipherReason?: CoreText | undefined;
  /** Store key; one vault per store. */
  key?: string;
}

export const VAULT_KEY = 'tokens';

/** The stored record with the mark of a refresh in flight (older versions read past the extra field). */
const MarkedSchema = SealedSchema.extend({ refreshingSince: z.number().optional() });

/** Why tokens are not (well) protected, in English, by key (the renderer's `errors.storage.<key>`). */
export const VAULT_REASONS = {
  memoryPolicy: 'The storage policy is "memory": Tunewall keeps the sign-in in memory only, so you sign in again after each restart.',
  noCipher:
    'Tunewall cannot encrypt the sign-in on this system, so it keeps it in memory only and you sign in again after each restart.',
  noKeyring:
    'This system has no keyring to protect the sign-in, so Tunewall keeps it in memory only and you sign in again after each restart. To keep it across restarts with weaker protection, set the storage policy to allow-weak (TUNEWALL_STORAGE_POLICY=allow-weak or --storage-policy=allow-weak).',
  weak: 'This system has no keyring: the sign-in is stored encrypted with a key that offers little protection (storage policy allow-weak).',
  writeFailed: 'Tunewall could not save the sign-in, so it keeps it in memory only until the next restart.',
} as const;

export class TokenVault {
  private readonly store: KeyValueStore;
  private readonly cipher: Cipher | undefined;
  private readonly logger: Logger;
  private readonly key: string;
  private readonly setAside: SetAsideTokens;
  private persist: boolean;
  /** Whether the store's tokens are this vault's to remove: not when they wait for a key or keyring absent now. */
  private readonly storeIsOurs: boolean;
  private currentStatus: VaultStatus;
  private memory: TokenSet | undefined;
  private loaded = false;
  private interrupted = false;

  constructor(options: TokenVaultOptions) {
    this.store = options.store;
    this.cipher = options.cipher;
    this.logger = options.logger;
    this.key = options.key ?? VAULT_KEY;
    this.setAside = new SetAsideTokens(this.store, setAsideKey(this.key));
    const decision = decide(options);
    this.persist = decision.persist;
    this.storeIsOurs = decision.persist;
    this.currentStatus = decision.status;
    if (options.policy === 'memory') {
      // Tokens the memory policy no longer allows on disk are removed rather than left behind.
      this.wipeStore('storage policy does not allow persisting tokens');
    } else if (!this.persist) {
      this.keepForItsKey();
    }
  }

  /**
   * No key (not mounted yet, a mistyped path) or no keyring this time: a stored sign-in waits, sealed, for the next
   * start that has them. One this system's weak cipher opens was stored under allow-weak, which the policy now forbids.
   */
  private keepForItsKey(): void {
    const cipher = this.cipher;
    const sealed = SealedSchema.safeParse(this.store.get(this.key));
    if (cipher !== undefined && sealed.success && this.open(cipher, sealed.data).tokens !== undefined) {
      this.wipeStore('storage policy does not allow persisting weakly protected tokens');
      return;
    }
    if (sealed.success) this.logger.info('vault: tokens stay in memory this time; the stored sign-in is kept for when its key is back');
  }

  get status(): VaultStatus {
    return this.currentStatus;
  }

  /** Whether tokens survive a restart. */
  get persistent(): boolean {
    return this.persist;
  }

  /**
   * Whether the stored tokens were loaded with a refresh still marked in flight: the process stopped (a power cut, a
   * kill) between sending a refresh and storing its answer, so the service may have rotated the refresh token.
   */
  get refreshWasInterrupted(): boolean {
    return this.interrupted;
  }

  /**
   * Marks, durably and before the request leaves, that a refresh is in flight; the next save (its answer) or
   * refreshSettled() takes the mark away. Never throws: a refresh goes ahead without the mark.
   */
  markRefreshing(): void {
    this.rewriteMark(Date.now());
  }

  /** The refresh ended without an answer that changed anything and cannot have been carried out. */
  refreshSettled(): void {
    this.rewriteMark(undefined);
  }

  private rewriteMark(since: number | undefined): void {
    if (!this.persist || this.cipher === undefined) return;
    try {
      const stored = MarkedSchema.safeParse(this.store.get(this.key));
      if (!stored.success || stored.data.refreshingSince === since) return;
      const { version, ciphertext } = stored.data;
      this.store.set(this.key, since === undefined ? { version, ciphertext } : { version, ciphertext, refreshingSince: since });
    } catch (error) {
      this.logger.warn('vault: could not record the state of a refresh', { error: describe(error) });
    }
  }

  /** The stored tokens, or undefined (never stored, signed out, or discarded as unreadable). Never throws. */
  load(): TokenSet | undefined {
    if (this.memory !== undefined || this.loaded || !this.persist || this.cipher === undefined) {
      this.loaded = true;
      return this.memory;
    }
    this.loaded = true;
    this.memory = this.readStore(this.cipher);
    if (this.memory !== undefined) {
      try {
        this.interrupted = MarkedSchema.safeParse(this.store.get(this.key)).data?.refreshingSince !== undefined;
      } catch {
        this.interrupted = false; // the store just answered readStore: a read failing now changes nothing
      }
    }
    return this.memory;
  }

  /** Stores tokens: in memory at once, and encrypted in the store when the policy allows. Never throws. */
  save(tokens: TokenSet): void {
    this.memory = tokens;
    this.loaded = true;
    this.interrupted = false;
    if (!this.persist || this.cipher === undefined) return;
    try {
      const ciphertext = this.cipher.encrypt(JSON.stringify(tokens)).toString('base64');
      this.store.set(this.key, { version: 1, ciphertext } satisfies Sealed);
    } catch (error) {
      this.logger.error('vault: could not persist tokens; keeping them in memory', { error: describe(error) });
      this.persist = false;
      this.currentStatus = memoryOnly(vaultReason('writeFailed'));
    }
  }

  /** Forgets the tokens, in memory and in the store (sign-out, a refused refresh). Never throws. */
  clear(): void {
    this.memory = undefined;
    this.loaded = true;
    this.interrupted = false;
    if (!this.storeIsOurs || this.cipher === undefined) return;
    this.wipeStore('signed out');
    try {
      this.setAside.forget(this.cipher);
    } catch (error) {
      this.logger.error('vault: could not remove set-aside tokens', { error: describe(error) });
    }
  }

  private readStore(cipher: Cipher): TokenSet | undefined {
    let raw: unknown;
    try {
      raw = this.store.get(this.key);
    } catch (error) {
      this.logger.error('vault: could not read the store; starting signed out', { error: describe(error) });
      return undefined;
    }
    if (raw !== undefined && raw !== null) {
      const sealed = SealedSchema.safeParse(raw);
      const opened = sealed.success ? this.open(cipher, sealed.data) : undefined;
      if (opened?.tokens !== undefined) return opened.tokens;
      if (sealed.success && opened?.sealedByAnotherKey === true) this.putAside(sealed.data, opened.error);
      else this.discard(opened?.reason ?? 'stored tokens are not in the expected shape', opened?.error);
    }
    return this.restoreSetAside(cipher);
  }

  /** The tokens in `sealed`; or why not, and whether the reason may be another key (the data then is kept). */
  private open(
    cipher: Cipher,
    sealed: Sealed,
  ): { tokens: TokenSet; sealedByAnotherKey?: never } | { tokens?: never; sealedByAnotherKey: boolean; reason: string; error?: unknown } {
    let plaintext: string;
    try {
      plaintext = cipher.decrypt(Buffer.from(sealed.ciphertext, 'base64'));
    } catch (error) {
      return { sealedByAnotherKey: true, reason: 'stored tokens cannot be decrypted with this key', error };
    }
    let json: unknown;
    try {
      json = JSON.parse(plaintext) as unknown;
    } catch (error) {
      return { sealedByAnotherKey: false, reason: 'decrypted tokens are not JSON', error };
    }
    const tokens = TokenSetSchema.safeParse(json);
    if (!tokens.success) return { sealedByAnotherKey: false, reason: 'decrypted tokens are not a token set' };
    return { tokens: tokens.data };
  }

  /** A sign-in sealed under another key leaves the active slot but stays in the store for the start that has that key. */
  private putAside(sealed: Sealed, error: unknown): void {
    try {
      const dropped = this.setAside.add(sealed);
      this.store.delete(this.key);
      this.logger.warn(
        'vault: the stored sign-in cannot be decrypted with this key (another key, or damaged data); it is set aside, not deleted, and used again when its key is back',
        { error: describe(error), droppedOldest: dropped },
      );
    } catch (failure) {
      this.logger.error('vault: could not set the stored sign-in aside; it is left where it is', { error: describe(failure) });
    }
  }

  /** The newest set-aside sign-in this key opens, back in the active slot. */
  private restoreSetAside(cipher: Cipher): TokenSet | undefined {
    try {
      const found = this.setAside.take((sealed) => this.open(cipher, sealed).tokens);
      if (found === undefined) return undefined;
      this.store.set(this.key, found.sealed);
      this.logger.info('vault: a sign-in set aside under this key is used again');
      return found.value;
    } catch (error) {
      this.logger.error('vault: could not read the set-aside sign-ins; starting signed out', { error: describe(error) });
      return undefined;
    }
  }

  private discard(reason: string, error?: unknown): undefined {
    this.logger.warn(`vault: discarding stored tokens: ${reason}; signing in again is needed`, {
      ...(error === undefined ? {} : { error: describe(error) }),
    });
    this.wipeStore(reason);
    return undefined;
  }

  private wipeStore(reason: string): void {
    try {
      if (this.store.get(this.key) !== undefined) {
        this.store.delete(this.key);
        this.logger.info('vault: removed stored tokens', { reason });
      }
    } catch (error) {
      this.logger.error('vault: could not remove stored tokens', { reason, error: describe(error) });
    }
  }
}

export function vaultReason(key: keyof typeof VAULT_REASONS): CoreText {
  return { message: VAULT_REASONS[key], messageKey: `storage.${key}` };
}

function memoryOnly(why: CoreText): VaultStatus {
  return { protection: 'memory', reason: why.message, reasonKey: why.messageKey, params: why.params };
}

/** What is true of the tokens for each policy and cipher: stored under a keyring or a key file, stored weakly, or kept in memory. */
export function decide(options: Pick<TokenVaultOptions, 'cipher' | 'policy' | 'noCipherReason'>): { persist: boolean; status: VaultStatus } {
  const { cipher, policy } = options;
  if (policy === 'memory') return { persist: false, status: memoryOnly(vaultReason('memoryPolicy')) };
  if (cipher === undefined) return { persist: false, status: memoryOnly(options.noCipherReason ?? vaultReason('noCipher')) };
  if (cipher.protection === 'os-keyring') return { persist: true, status: { protection: 'os-keyring', reason: undefined } };
  if (cipher.protection === 'key-file') {
    return { persist: true, status: { protection: 'key-file', reason: undefined, params: { path: cipher.keyFile ?? '' } } };
  }
  if (policy === 'allow-weak') {
    const why = vaultReason('weak');
    return { persist: true, status: { protection: 'weak', reason: why.message, reasonKey: why.messageKey } };
  }
  return { persist: false, status: memoryOnly(vaultReason('noKeyring')) };
}

/** An error for a log line: its message, never a token (callers never put tokens in errors). */
function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

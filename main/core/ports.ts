/**
 * The core's outside world, as small interfaces. Electron, the kiosk shell and the tests each pass their own.
 */

/**
 * A request's options, plus what it is for: `probe` asks only whether the service answers (no token, any status), so a
 * shell that counts catalog answers (the kiosk's metrics) leaves it out. Fetch itself ignores the extra field.
 */
export interface CoreRequestInit extends RequestInit {
  purpose?: 'probe';
}

/** The subset of WHATWG fetch the core uses (Node 20's global fetch, Electron's net.fetch, or a test double). */
export type FetchLike = (input: string, init?: CoreRequestInit) => Promise<Response>;

export interface Clock {
  /** Wall-clock milliseconds since the epoch (jumps forward across sleep). */
  now(): number;
  /** Monotonic milliseconds (does not count time asleep on every platform; used to detect sleep by comparison). */
  monotonic(): number;
}

/** Encrypts and decrypts small secrets (tokens). Electron: safeStorage; kiosk shell: AES-256-GCM with a key file. */
export interface Cipher {
  /**
   * Where the key comes from, for the user to see: the operating system's keyring, a key file (`keyFile`), or a key
   * that offers little protection (safeStorage without a keyring).
   */
  readonly protection: 'os-keyring' | 'key-file' | 'weak';
  /** The key file's path, for 'key-file'. */
  readonly keyFile?: string | undefined;
  encrypt(plaintext: string): Buffer;
  /** Throws when the data cannot be decrypted (wrong key, corrupt). */
  decrypt(ciphertext: Buffer): string;
}

export interface SetOptions {
  /**
   * 'durable' (the default): on disk, synced, when set() returns, so a power cut a moment later loses nothing (a
   * rotated refresh token must outlive the old one it replaces). 'coalesced': written a moment later together with
   * other such writes, never on the caller's path; a crash may lose it (a cache).
   */
  write?: 'durable' | 'coalesced';
}

/** A small persistent key-value store (electron-store, a JSON file, or memory in tests). Values are JSON. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown, options?: SetOptions): void;
  /** Durable, as a durable set. */
  delete(key: string): void;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

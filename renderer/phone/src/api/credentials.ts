/**
 * The phone's credential, kept in localStorage so the phone stays paired across visits. It is the only secret the
 * page keeps; the QR code's one-time secret never is. When the TV stops knowing the phone, the credential goes and a
 * mark stays in its place, so the page still says why after a reload, until the phone pairs again.
 */
const KEY = 'tunewall.companion.credential';
const DROPPED = 'tunewall.companion.dropped';
/** 32 bytes, base64url: what the TV hands out (phones.ts). */
const CREDENTIAL = /^[A-Za-z0-9_-]{43}$/;

export interface Credentials {
  get(): string | undefined;
  /** Keeps a new credential (and forgets that an earlier one was dropped). */
  set(credential: string): void;
  /** The TV no longer knows this phone: the credential goes, and `dropped()` says so from now on. */
  clear(): void;
  /** Whether the last credential was dropped because the TV stopped knowing it (and none was kept since). */
  dropped(): boolean;
}

export function isCredential(value: unknown): value is string {
  return typeof value === 'string' && CREDENTIAL.test(value);
}

export function storedCredentials(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): Credentials {
  return {
    get() {
      const value = storage.getItem(KEY);
      return isCredential(value) ? value : undefined;
    },
    set(credential) {
      storage.setItem(KEY, credential);
      storage.removeItem(DROPPED);
    },
    clear() {
      storage.removeItem(KEY);
      storage.setItem(DROPPED, '1');
    },
    dropped: () => storage.getItem(DROPPED) === '1',
  };
}

/** localStorage, or, where the browser refuses it (a private window on some phones), memory for this visit. */
export function pageStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    const storage = window.localStorage;
    storage.getItem(KEY);
    return storage;
  } catch (error) {
    void error;
    const memory = new Map<string, string>();
    return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) };
  }
}

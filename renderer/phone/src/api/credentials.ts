/**
 * The phone's credential, kept in localStorage so the phone stays paired across visits. It is the only secret the
 * page keeps; the QR code's one-time secret never is.
 */
const KEY = 'tunewall.companion.credential';
/** 32 bytes, base64url: what the TV hands out (phones.ts). */
const CREDENTIAL = /^[A-Za-z0-9_-]{43}$/;

export interface Credentials {
  get(): string | undefined;
  set(credential: string): void;
  clear(): void;
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
    set: (credential) => storage.setItem(KEY, credential),
    clear: () => storage.removeItem(KEY),
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

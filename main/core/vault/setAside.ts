/**
 * Sealed token sets the vault's key cannot open, kept rather than deleted: a key file not mounted yet at boot, a
 * mistyped credential path or a keyring still locked must not cost the member their sign-in. Each stays ciphertext,
 * under its own store key, and is opened again on a start whose key fits. A bounded number is kept, newest first.
 */
import { z } from 'zod';
import type { Cipher, KeyValueStore } from '../ports';

/** What the store holds for a token set: a version and base64 ciphertext, never a token in the clear. */
export const SealedSchema = z.object({ version: z.literal(1), ciphertext: z.string().min(1) });
export type Sealed = z.infer<typeof SealedSchema>;

const SetAsideSchema = z.array(SealedSchema.extend({ setAsideAt: z.number() }));
type SetAsideEntry = z.infer<typeof SetAsideSchema>[number];

/** How many sealed token sets are kept for a key that may come back; the oldest go first. */
export const MAX_SET_ASIDE = 3;

export function setAsideKey(vaultKey: string): string {
  return `${vaultKey}.setAside`;
}

export class SetAsideTokens {
  constructor(
    private readonly store: KeyValueStore,
    private readonly key: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The entries kept, newest first; what does not parse is left out (and dropped at the next write). */
  entries(): SetAsideEntry[] {
    const parsed = SetAsideSchema.safeParse(this.store.get(this.key));
    return parsed.success ? parsed.data : [];
  }

  /** Keeps `sealed` for its own key; returns how many older entries were dropped to stay within the bound. */
  add(sealed: Sealed): number {
    const all = [{ ...sealed, setAsideAt: this.now() }, ...this.entries().filter((e) => e.ciphertext !== sealed.ciphertext)];
    this.write(all.slice(0, MAX_SET_ASIDE));
    return Math.max(0, all.length - MAX_SET_ASIDE);
  }

  /**
   * The newest entry `open` can read, taken out of the set-aside list; every other entry the same key opens goes too:
   * they are older sign-ins under this key, superseded by the one returned.
   */
  take<T>(open: (sealed: Sealed) => T | undefined): { sealed: Sealed; value: T } | undefined {
    const all = this.entries();
    let found: { sealed: Sealed; value: T } | undefined;
    const kept = all.filter((entry) => {
      const sealed = { version: entry.version, ciphertext: entry.ciphertext };
      const value = open(sealed);
      if (value === undefined) return true;
      found ??= { sealed, value };
      return false;
    });
    if (kept.length !== all.length) this.write(kept);
    return found;
  }

  /** Removes every entry this cipher opens (a sign-out must not come back from the set-aside list). */
  forget(cipher: Cipher): void {
    this.take((sealed) => (opens(cipher, sealed) ? true : undefined));
  }

  private write(entries: SetAsideEntry[]): void {
    if (entries.length === 0) this.store.delete(this.key);
    else this.store.set(this.key, entries);
  }
}

function opens(cipher: Cipher, sealed: Sealed): boolean {
  try {
    cipher.decrypt(Buffer.from(sealed.ciphertext, 'base64'));
    return true;
  } catch {
    return false; // sealed under another key: it stays for that key
  }
}

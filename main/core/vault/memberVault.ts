/**
 * The vault of a household: one sealed token set per member, each under a store key of its own
 * (`tokens.<memberKey>`), and an index of the members' keys. A member's key is random and means nothing outside this
 * TV; the index holds no token and no service id. Each member's entry is a TokenVault, so everything one sign-in has
 * (the storage policy, memory without a cipher, a sign-in set aside for its key, the mark of a refresh in flight, a
 * failed write falling back to memory) holds for each member on their own: one damaged entry costs that member alone.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { TokenSet } from '../auth/tokens';
import type { KeyValueStore, Logger } from '../ports';
import { setAsideKey } from './setAside';
import { decide, TokenVault, VAULT_KEY, type TokenVaultOptions, type VaultStatus } from './tokenVault';

/** The store key of the members' index. */
export const MEMBERS_INDEX_KEY = 'tokenMembers';

const ENDED_REASONS = ['signed-out', 'expired', 'interrupted'] as const;
/** Why the service ended a member's sign-in (PairingNotice's reason). */
export type EndedReason = (typeof ENDED_REASONS)[number];

const IndexSchema = z.object({
  version: z.literal(1),
  keys: z.array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)),
  /** Members whose sign-in the service ended while others stayed: no tokens, listed to pair again. */
  ended: z.record(z.string(), z.enum(ENDED_REASONS)).optional(),
});

/** The store key of one member's sealed tokens. */
export function memberTokensKey(memberKey: string): string {
  return `${VAULT_KEY}.${memberKey}`;
}

/** A new member's key: random, URL-safe, never the guest's. */
export function newMemberKey(): string {
  return randomBytes(9).toString('base64url');
}

/** What a member's sign-in needs of the vault: their own entry. */
export type MemberTokenSlot = Pick<TokenVault, 'load' | 'save' | 'clear' | 'markRefreshing' | 'refreshSettled' | 'refreshWasInterrupted'>;

export type MemberVaultOptions = Omit<TokenVaultOptions, 'key'> & { newKey?: () => string };

/** The vault as a household's sign-ins use it: MemberVault, or one TokenVault holding a single member. */
export interface HouseholdVault {
  load(): LoadedMember[];
  add(tokens: TokenSet): string;
  put(key: string, tokens: TokenSet): void;
  slot(key: string): MemberTokenSlot;
  remove(key: string): void;
  /** The service ended `key`'s sign-in: their tokens go, and they stay listed (across restarts) to pair again. */
  end(key: string, reason: EndedReason): void;
  /** After load(): the members kept to pair again, with why, in the order they were added. */
  ended(): Array<{ key: string; reason: EndedReason }>;
  /** After load(): every member's key, signed in or kept to pair again, in the order they were added. */
  order(): string[];
}

export interface LoadedMember {
  key: string;
  tokens: TokenSet;
  /** The last process stopped with a refresh of these tokens in flight. */
  refreshWasInterrupted: boolean;
}

export class MemberVault implements HouseholdVault {
  private readonly store: KeyValueStore;
  private readonly logger: Logger;
  private readonly options: MemberVaultOptions;
  private readonly base: { persist: boolean; status: VaultStatus };
  private readonly slots = new Map<string, TokenVault>();
  /** Every member's key in the order they were added, including those whose entry waits for its key. */
  private keys: string[];
  /** Of `keys`, those whose sign-in the service ended, with why. */
  private endedKeys = new Map<string, EndedReason>();

  constructor(options: MemberVaultOptions) {
    this.options = options;
    this.store = options.store;
    this.logger = options.logger;
    this.base = decide(options);
    this.keys = this.readIndex();
  }

  /** How the tokens are kept: the policy's answer, or memory when a member's entry could not be written. */
  get status(): VaultStatus {
    if (this.base.status.protection === 'memory') return this.base.status;
    for (const slot of this.slots.values()) if (slot.status.protection === 'memory') return slot.status;
    return this.base.status;
  }

  get persistent(): boolean {
    return this.base.persist && [...this.slots.values()].every((slot) => slot.persistent);
  }

  /**
   * Every member whose tokens this start can open, in the order they were added. An entry gone (discarded as
   * unreadable, or removed by the memory policy) leaves the index; one waiting for its key stays in it.
   */
  load(): LoadedMember[] {
    const loaded: LoadedMember[] = [];
    const kept: string[] = [];
    for (const key of this.keys) {
      const slot = this.slot(key);
      const tokens = slot.load();
      if (tokens !== undefined) {
        loaded.push({ key, tokens, refreshWasInterrupted: slot.refreshWasInterrupted });
        kept.push(key);
        this.endedKeys.delete(key);
      } else if (this.storedFor(key) || this.endedKeys.has(key)) {
        kept.push(key);
      } else {
        this.slots.delete(key);
      }
    }
    if (kept.length !== this.keys.length) {
      this.logger.info('vault: members without a stored sign-in leave the index', { count: this.keys.length - kept.length });
      this.keys = kept;
      this.writeIndex(true);
    }
    return loaded;
  }

  /** A new member's entry, holding `tokens`; returns their key. */
  add(tokens: TokenSet): string {
    const key = (this.options.newKey ?? newMemberKey)();
    this.keys = [...this.keys.filter((k) => k !== key), key];
    this.writeIndex(false);
    this.slot(key).save(tokens);
    return key;
  }

  /** The tokens of a member already known (paired again): same key, same place in the index. */
  put(key: string, tokens: TokenSet): void {
    const wasEnded = this.endedKeys.delete(key);
    const known = this.keys.includes(key);
    if (!known) this.keys = [...this.keys, key];
    if (!known || wasEnded) this.writeIndex(false);
    this.slot(key).save(tokens);
  }

  end(key: string, reason: EndedReason): void {
    this.slot(key).clear();
    if (!this.keys.includes(key)) return;
    this.endedKeys.set(key, reason);
    this.writeIndex(false);
  }

  ended(): Array<{ key: string; reason: EndedReason }> {
    return this.keys.flatMap((key) => {
      const reason = this.endedKeys.get(key);
      return reason === undefined ? [] : [{ key, reason }];
    });
  }

  order(): string[] {
    return [...this.keys];
  }

  /** The entry of the member `key` (made empty when there is none yet). */
  slot(key: string): TokenVault {
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = new TokenVault({ ...this.options, key: memberTokensKey(key) });
      this.slots.set(key, slot);
    }
    return slot;
  }

  /** Forgets the member: their tokens (memory, store and set-aside) and their place in the index. Never throws. */
  remove(key: string): void {
    this.slot(key).clear();
    this.slots.delete(key);
    this.keys = this.keys.filter((k) => k !== key);
    this.endedKeys.delete(key);
    this.writeIndex(false);
  }

  private storedFor(key: string): boolean {
    try {
      return this.store.get(memberTokensKey(key)) !== undefined || this.store.get(setAsideKey(memberTokensKey(key))) !== undefined;
    } catch {
      return false; // an unreadable store holds nothing this start can use
    }
  }

  /** The index; a vault written before members existed (one `tokens` entry) becomes the index's first member. */
  private readIndex(): string[] {
    let raw: unknown;
    try {
      raw = this.store.get(MEMBERS_INDEX_KEY);
    } catch (error) {
      this.logger.error('vault: could not read the members index; starting without members', { error: describe(error) });
      return [];
    }
    if (raw !== undefined) {
      const parsed = IndexSchema.safeParse(raw);
      if (parsed.success) {
        const keys = [...new Set(parsed.data.keys)];
        for (const [key, reason] of Object.entries(parsed.data.ended ?? {})) if (keys.includes(key)) this.endedKeys.set(key, reason);
        return keys;
      }
      this.logger.warn('vault: the members index is unreadable; members are found again from their entries');
    }
    return this.migrateSingle();
  }

  /**
   * The sealed record moves as it is (ciphertext, the mark of a refresh in flight, the set-aside list): no decryption,
   * so a sign-in that waits for its key moves too, and the member needs no new pairing.
   */
  private migrateSingle(): string[] {
    try {
      const single = this.store.get(VAULT_KEY);
      const aside = this.store.get(setAsideKey(VAULT_KEY));
      if (single === undefined && aside === undefined) return [];
      const key = (this.options.newKey ?? newMemberKey)();
      if (single !== undefined) this.store.set(memberTokensKey(key), single);
      if (aside !== undefined) this.store.set(setAsideKey(memberTokensKey(key)), aside);
      this.store.set(MEMBERS_INDEX_KEY, { version: 1, keys: [key] });
      this.store.delete(VAULT_KEY);
      if (aside !== undefined) this.store.delete(setAsideKey(VAULT_KEY));
      this.logger.info('vault: the stored sign-in is now the first member of the household');
      return [key];
    } catch (error) {
      this.logger.error('vault: could not move the stored sign-in to the members index', { error: describe(error) });
      return [];
    }
  }

  /** The index goes to the store when tokens do (or always, to prune it): it holds keys only, never a token. */
  private writeIndex(always: boolean): void {
    if (!always && !this.base.persist) return;
    try {
      const ended = Object.fromEntries([...this.endedKeys].filter(([key]) => this.keys.includes(key)));
      if (this.keys.length === 0) this.store.delete(MEMBERS_INDEX_KEY);
      else this.store.set(MEMBERS_INDEX_KEY, { version: 1, keys: this.keys, ...(Object.keys(ended).length > 0 ? { ended } : {}) });
    } catch (error) {
      this.logger.error('vault: could not write the members index', { error: describe(error) });
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The key of the one member a single TokenVault holds. */
export const SINGLE_MEMBER_KEY = 'member';

/** One TokenVault as a household of at most one member: a new member's tokens replace the last one's. */
export function singleMemberVault(vault: TokenVault): HouseholdVault {
  return {
    load() {
      const tokens = vault.load();
      return tokens === undefined ? [] : [{ key: SINGLE_MEMBER_KEY, tokens, refreshWasInterrupted: vault.refreshWasInterrupted }];
    },
    add(tokens) {
      vault.save(tokens);
      return SINGLE_MEMBER_KEY;
    },
    put: (_key, tokens) => vault.save(tokens),
    slot: () => vault,
    remove: () => vault.clear(),
    // One member alone whose sign-in ended pairs again at once: nobody is kept listed.
    end: () => vault.clear(),
    ended: () => [],
    order: () => (vault.load() === undefined ? [] : [SINGLE_MEMBER_KEY]),
  };
}

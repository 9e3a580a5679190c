/**
 * Every member signed in on this TV: their renewal (memberRenewal.ts) over their own entry in the vault, or, once the
 * service ended their sign-in while others stayed, the reason they must pair again. Who is on screen is the session's.
 */
import type { PairingNotice } from '../../../shared/bridge';
import { MESSAGES } from '../errors';
import type { EndedReason, HouseholdVault } from '../vault/memberVault';
import { MemberRenewal, type MemberRenewalOptions } from './memberRenewal';
import type { TokenSet } from './tokens';

/** What every member's renewal shares; each one's vault entry, signal and end are their own. */
export type SharedRenewalOptions = Omit<MemberRenewalOptions, 'vault' | 'signal' | 'onEnded' | 'refreshWasInterrupted'>;

interface MemberEntry {
  renewal: MemberRenewal | undefined;
  /** Aborted when their sign-in ends: a refresh of theirs under way then lands nowhere. */
  lifetime: AbortController;
  /** Why they must pair again, once the service ended their sign-in while others stayed signed in. */
  ended: PairingNotice | undefined;
}

export class MemberSignIns {
  private readonly entries = new Map<string, MemberEntry>();
  private readonly removedListeners = new Set<(key: string) => void>();

  constructor(
    private readonly vault: HouseholdVault,
    private readonly shared: () => SharedRenewalOptions,
    /** The service ended member `key`'s sign-in (refused or expired it). */
    private readonly ended: (key: string, notice: PairingNotice) => void,
  ) {}

  /**
   * The members the vault holds, in the order they were added, with those whose sign-in the service ended kept to pair
   * again; returns the keys of those signed in.
   */
  load(): string[] {
    const stored = new Map(this.vault.load().map((member) => [member.key, member]));
    const ended = new Map(this.vault.ended().map(({ key, reason }) => [key, reason]));
    for (const key of this.vault.order()) {
      const member = stored.get(key);
      const reason = ended.get(key);
      if (member !== undefined) this.entries.set(key, this.entryFor(key, member.tokens, member.refreshWasInterrupted));
      else if (reason !== undefined) this.entries.set(key, { renewal: undefined, lifetime: new AbortController(), ended: noticeOf(reason) });
    }
    return [...stored.keys()];
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Each member and whether they must pair again, in the order they were added. */
  list(): Array<{ key: string; needsPairing: boolean }> {
    return [...this.entries].map(([key, entry]) => ({ key, needsPairing: entry.renewal === undefined }));
  }

  /** The members whose sign-in works (not waiting to pair again), other than `except`. */
  signedIn(except?: string): string[] {
    return [...this.entries].filter(([key, entry]) => key !== except && entry.renewal !== undefined).map(([key]) => key);
  }

  renewal(key: string | undefined): MemberRenewal | undefined {
    return key === undefined ? undefined : this.entries.get(key)?.renewal;
  }

  /** Why `key` must pair again; undefined while their sign-in works. */
  endedNotice(key: string): PairingNotice | undefined {
    return this.entries.get(key)?.ended;
  }

  /** A new member's tokens, in a new vault entry; returns their key. */
  add(tokens: TokenSet): string {
    const key = this.vault.add(tokens);
    this.entries.set(key, this.entryFor(key, tokens, false));
    return key;
  }

  /** New tokens of a member already here (paired again, or a second pairing merged in): same key, a fresh renewal. */
  renew(key: string, tokens: TokenSet): void {
    const before = this.entries.get(key);
    before?.renewal?.stop();
    before?.lifetime.abort();
    this.vault.put(key, tokens);
    this.entries.set(key, this.entryFor(key, tokens, false));
  }

  /** Forgets member `key`: their renewal and their vault entry; listeners forget their profile and rows. */
  remove(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    entry.renewal?.stop();
    entry.lifetime.abort();
    this.entries.delete(key);
    this.vault.remove(key);
    for (const listener of this.removedListeners) listener(key);
  }

  /** The service ended `key`'s sign-in while others stay: tokens gone, the member kept to pair again. */
  markEnded(key: string, notice: PairingNotice): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    entry.renewal?.stop();
    entry.lifetime.abort();
    this.vault.end(key, notice.reason);
    this.entries.set(key, { renewal: undefined, lifetime: new AbortController(), ended: notice });
  }

  onRemoved(listener: (key: string) => void): void {
    this.removedListeners.add(listener);
  }

  /** No request lands and no timer fires after this. */
  stopAll(): void {
    for (const entry of this.entries.values()) {
      entry.renewal?.stop();
      entry.lifetime.abort();
    }
  }

  private entryFor(key: string, tokens: TokenSet, refreshWasInterrupted: boolean): MemberEntry {
    const lifetime = new AbortController();
    const renewal = new MemberRenewal(tokens, {
      ...this.shared(),
      vault: this.vault.slot(key),
      signal: lifetime.signal,
      onEnded: (notice) => this.ended(key, notice),
      refreshWasInterrupted,
    });
    return { renewal, lifetime, ended: undefined };
  }
}

const NOTICE_MESSAGES: Record<EndedReason, string> = {
  'signed-out': MESSAGES.signedOut,
  expired: MESSAGES.signInExpired,
  interrupted: MESSAGES.refreshInterrupted,
};

/** Why a member kept from an earlier start must pair again, as their renewal said it then. */
function noticeOf(reason: EndedReason): PairingNotice {
  return { reason, message: NOTICE_MESSAGES[reason] };
}

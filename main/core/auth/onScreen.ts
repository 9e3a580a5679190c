/**
 * Who is on screen, and the tokens that go with them: one of the household's members (their renewal), the guest (a
 * client-credentials token), or nobody. Every request made for the one on screen carries `signal`, aborted when they
 * leave it, so an answer meant for one never lands for another. session.ts decides who comes and goes; this holds who is.
 */
import { CoreError } from '../errors';
import type { GuestAccess } from './guestAccess';
import type { MemberRenewal } from './memberRenewal';
import type { TokenSet } from './tokens';

/** What is used of a member's renewal (memberRenewal.ts) while they are on screen. */
export type ScreenRenewal = Pick<MemberRenewal, 'tokens' | 'pause' | 'resume' | 'online' | 'accessToken' | 'refresh' | 'renewAfterRejection'>;

/** What OnScreen asks of the household's sign-ins (memberSignIns.ts) and of the guest's access (guestAccess.ts). */
export interface OnScreenDeps {
  renewal(key: string): ScreenRenewal | undefined;
  guest: Pick<GuestAccess, 'tokens' | 'keep' | 'forget' | 'accessToken' | 'afterRejection'>;
  /** The guest left the screen (anyone after them is someone else): what was theirs goes. */
  guestLeft?: () => void;
}

export class OnScreen {
  private mode: 'none' | 'member' | 'guest' = 'none';
  private active: string | undefined;
  private controller = new AbortController();

  private readonly guest: OnScreenDeps['guest'];

  constructor(private readonly deps: OnScreenDeps) {
    this.guest = deps.guest;
  }

  /** Aborted when the one on screen leaves it. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The member on screen (their key); undefined for the guest or nobody. */
  get member(): string | undefined {
    return this.mode === 'member' ? this.active : undefined;
  }

  get isGuest(): boolean {
    return this.mode === 'guest';
  }

  get isNobody(): boolean {
    return this.mode === 'none';
  }

  /** The renewal of the member on screen. */
  get renewal(): ScreenRenewal | undefined {
    const key = this.member;
    return key === undefined ? undefined : this.deps.renewal(key);
  }

  /** The tokens in use: the member's or the guest's. */
  get tokens(): TokenSet | undefined {
    if (this.mode === 'guest') return this.guest.tokens;
    return this.renewal?.tokens;
  }

  /** Whether the sign-in outlives its access token: the guest's (asked for again) and a member's with a refresh token. */
  get renewsItself(): boolean | undefined {
    if (this.mode === 'guest') return true;
    return this.renewal === undefined ? undefined : this.renewal.tokens.refreshToken !== undefined;
  }

  /** `key` is on screen now; whoever was before has left (leave first). */
  putMember(key: string): void {
    this.mode = 'member';
    this.active = key;
  }

  /** The guest is on screen with `tokens` (asked for before they came on screen); whoever was before has left. */
  putGuest(tokens: TokenSet): void {
    this.guest.keep(tokens);
    this.mode = 'guest';
  }

  /** Nobody on screen: the member's renewal paused, requests made for them or the guest cancelled, the guest's token forgotten. */
  leave(): void {
    const wasGuest = this.mode === 'guest';
    this.renewal?.pause();
    this.controller.abort();
    this.controller = new AbortController();
    this.guest.forget();
    this.mode = 'none';
    this.active = undefined;
    if (wasGuest) this.deps.guestLeft?.();
  }

  /** Tunewall stops: every request made for the one on screen, and any made after, is aborted. */
  stop(): void {
    this.controller.abort();
  }

  /** A valid access token, refreshed first when it is (nearly) expired. */
  async accessToken(): Promise<string> {
    const renewal = this.renewal;
    if (renewal !== undefined) return renewal.accessToken();
    if (this.mode === 'guest') return this.guest.accessToken(this.signal);
    throw notSignedIn();
  }

  /** Refreshes the member's tokens (single-flight per member; in the vault before it resolves). */
  refresh(): Promise<TokenSet> {
    const renewal = this.renewal;
    if (renewal !== undefined) return renewal.refresh();
    return Promise.reject(notSignedIn());
  }

  /** A token to replay with after `used` was refused: the newer one if another caller already renewed it. */
  async renewAfterRejection(used: string): Promise<string> {
    if (this.mode === 'guest') return this.guest.afterRejection(used, this.signal);
    const renewal = this.renewal;
    if (renewal !== undefined) return renewal.renewAfterRejection(used);
    throw notSignedIn();
  }
}

function notSignedIn(): CoreError {
  return new CoreError({ kind: 'auth', messageKey: 'notSignedIn', retryable: false });
}

/**
 * The sign-in session: who Tunewall speaks for (one of the household's members, a guest, or nobody yet), the tokens
 * behind it, and the one way the catalog reaches the service with them (`authorizedFetch`). Every member signed in on
 * this TV keeps their own tokens and renewal (memberRenewal.ts: ahead of expiry, single-flight, the rotated refresh
 * token stored first, a lost answer handled); only the one on screen renews on a schedule. A guest's token is asked
 * for again when it runs out. A second device flow adds a member (or pairs one again) while the others stay signed in.
 */
import { MAX_MEMBERS, type AddingMember, type AuthState, type MemberView, type PairingNotice, type Result } from '../../../shared/bridge';
import type { TokenResponse } from '../../../shared/service/auth';
import { coreText, toUiError } from '../errors';
import { AddingMembers } from './addingMember';
import { describe } from './answers';
import { FirstPairing } from './firstPairing';
import { GuestAccess } from './guestAccess';
import type { MemberSignIns } from './memberSignIns';
import { OnScreen } from './onScreen';
import { SessionEvents } from './sessionEvents';
import { authorizedFetchFor, deviceFlowFor, lifetimeBoundsOf, memberSignInsFor, tokenClientFor, type ApiAuth, type AuthSessionOptions } from './sessionOptions';
import type { TokenClient } from './tokenClient';
import { tokenSetFrom, type TokenSet } from './tokens';

export type { AuthSessionOptions } from './sessionOptions';

/** Who comes on screen when Tunewall starts with members: a member's key, 'guest', or undefined for the chooser. */
export type StartChoice = (keys: readonly string[]) => string | undefined;

export class AuthSession implements ApiAuth {
  private readonly client: TokenClient;
  /** The first member's pairing (nobody signed in yet), with the reason it shows. */
  private readonly pairing: FirstPairing;
  /** Adding a member (or pairing one again) while the others stay signed in. */
  private readonly adder: AddingMembers;
  private readonly members: MemberSignIns;
  private readonly events: SessionEvents;
  /** Who is on screen; every change of it aborts the requests made for the one before. */
  private readonly onScreen: OnScreen;
  private readonly guest: GuestAccess;
  private disposed = false;
  private whenLeft: StartChoice | undefined;
  /** The bearer token on every request, renewed and replayed once when the service refuses it (authorizedFetch.ts). */
  readonly authorizedFetch: (url: string, init?: RequestInit) => Promise<Response>;

  constructor(private readonly options: AuthSessionOptions) {
    this.events = new SessionEvents(options.logger);
    this.members = memberSignInsFor(options, () => this.client, (key, notice) => this.memberEnded(key, notice));
    this.client = tokenClientFor(options);
    this.guest = new GuestAccess(this.client, options.clock);
    this.onScreen = new OnScreen({ renewal: (key) => this.members.renewal(key), guest: this.guest, guestLeft: () => this.events.guestLeft() });
    this.authorizedFetch = authorizedFetchFor(options, this.onScreen);
    this.pairing = new FirstPairing(options, this.client, (state) => this.setState(state), (tokens, at) => this.onPaired(tokens, at));
    this.adder = new AddingMembers({
      flow: (onState, onTokens) => deviceFlowFor(options, this.client, onState, onTokens),
      endedNotice: (key) => this.members.endedNotice(key),
      changed: () => this.householdChanged(),
      approved: (again, tokens, receivedAt) => this.onAdded(again, tokens, receivedAt),
    });
  }

  get state(): AuthState {
    return this.events.state;
  }

  /** Whether a guest token may be asked for. */
  get guestModeAvailable(): boolean {
    return this.options.guestMode;
  }

  /** Every member signed in on this TV, in the order they were added, and whether they must pair again. */
  get household(): Array<{ key: string; needsPairing: boolean }> {
    return this.members.list();
  }

  /** The member on screen (their key); undefined for a guest or nobody. */
  get activeMember(): string | undefined {
    return this.onScreen.member;
  }

  get isGuest(): boolean {
    return this.onScreen.isGuest;
  }

  /** The pairing of a member being added (or paired again); undefined when nobody is. */
  get adding(): AddingMember | undefined {
    return this.adder.view;
  }

  /** Epoch ms the current access token stops working (for diagnostics; never the token). */
  get tokenValidUntil(): number | undefined {
    return this.onScreen.tokens?.expiresAt;
  }

  /**
   * Whether the sign-in outlives its access token: a member's with a refresh token, and a guest's (asked for again at
   * any time), renew themselves; a member's without one ends at `tokenValidUntil`. Undefined when not signed in.
   */
  get renewsItself(): boolean | undefined {
    return this.onScreen.renewsItself;
  }

  subscribe(listener: (state: AuthState) => void): () => void {
    return this.events.subscribe(listener);
  }

  /** The household changed without the auth state changing: a member added or paired again, adding under way. */
  onHouseholdChange(listener: () => void): void {
    this.events.onHouseholdChange(listener);
  }

  /** A member left the household (signed out, or their sign-in ended when nobody else was signed in). */
  onMemberRemoved(listener: (key: string) => void): void {
    this.members.onRemoved(listener);
  }

  /** The guest left the screen (to a member, the chooser, pairing or signing out): the next guest is someone else. */
  onGuestLeft(listener: () => void): void {
    this.events.onGuestLeft(listener);
  }

  /**
   * Signed in from the vault when it holds tokens, otherwise pairing starts. With several members, `choose` says who
   * comes on screen (a key, 'guest'); undefined: the chooser. One member comes on screen directly. `whenLeft` says the
   * same when the one on screen signs out and several remain (a kiosk never shows the chooser to passers-by).
   */
  start(choose?: StartChoice, whenLeft?: StartChoice): void {
    this.whenLeft = whenLeft;
    const keys = this.members.load();
    if (keys.length === 0) {
      // Only members who must pair again: nobody is signed in, so pairing starts afresh, as when the last one ended.
      const notice = this.members.list().map(({ key }) => this.members.endedNotice(key)).find((n) => n !== undefined);
      for (const { key } of this.members.list()) this.members.remove(key);
      if (notice !== undefined) this.pairing.notice = notice;
      this.startPairingInternal();
      return;
    }
    const choice = choose === undefined ? (keys.length === 1 ? keys[0] : undefined) : choose(keys);
    if (choice === 'guest' && this.options.guestMode) {
      this.setState({ status: 'choosing' });
      void this.chooseGuest();
    } else if (choice !== undefined && this.members.has(choice)) this.activate(choice);
    else this.setState({ status: 'choosing' });
  }

  /**
   * A key press on the pairing, denied, expired or error screen (or a guest choosing to sign in): a fresh code, a
   * fresh renewal count; on Add a member, a fresh code for it. A member on screen does not pair.
   */
  startPairing(): void {
    if (this.adder.view !== undefined) {
      this.adder.newCode();
      return;
    }
    if (this.onScreen.member !== undefined || this.members.size > 0) return;
    this.pairing.notice = undefined;
    this.startPairingInternal();
  }

  /** Browse the public catalog with a client-credentials token (from pairing; the chooser uses chooseGuest). */
  async browseAsGuest(): Promise<Result<void>> {
    if (this.onScreen.member !== undefined) {
      // Guest mode must not keep a member's tokens alive underneath: signing out is an explicit step.
      return { ok: false, error: { kind: 'auth', retryable: false, ...coreText('signOutFirst') } };
    }
    return this.chooseGuest();
  }

  /** Puts the guest on screen; the members stay signed in, paused. */
  async chooseGuest(): Promise<Result<void>> {
    if (!this.options.guestMode) {
      return { ok: false, error: { kind: 'config', retryable: false, ...coreText('guestModeOff') } };
    }
    if (this.onScreen.isGuest) return { ok: true, value: undefined };
    let guest: TokenSet;
    try {
      guest = await this.guest.token(this.onScreen.signal);
    } catch (error) {
      this.options.logger.warn('session: no guest token', { error: describe(error) });
      return { ok: false, error: toUiError(error) };
    }
    this.pairing.cancel();
    this.onScreen.leave();
    this.onScreen.putGuest(guest);
    this.pairing.notice = undefined;
    this.setState({ status: 'signed-in', mode: 'guest', member: undefined });
    return { ok: true, value: undefined };
  }

  /**
   * Puts a member on screen. One whose sign-in the service ended is asked alone to pair again (`adding.again`, the
   * chooser underneath). False when there is no such member.
   */
  choose(key: string): boolean {
    if (!this.members.has(key)) return false;
    if (this.members.renewal(key) === undefined) {
      this.pairAgain(key, this.members.endedNotice(key));
      return true;
    }
    if (this.onScreen.member !== key) this.activate(key, true);
    return true;
  }

  /** Nobody on screen: the chooser, the others staying signed in. */
  showChooser(): void {
    if (this.members.size === 0) return;
    this.onScreen.leave();
    this.setState({ status: 'choosing' });
  }

  /** Starts pairing one more member; false when the household is full. */
  addMember(): boolean {
    const addingNew = this.adder.view !== undefined && this.adder.view.again === undefined;
    if (!addingNew && this.members.size >= MAX_MEMBERS) return false;
    this.adder.startNew();
    return true;
  }

  /** Stops adding (or pairing again) a member; whoever was on screen stays. */
  cancelAdding(): void {
    this.adder.cancel();
  }

  /** Forgets the member on screen (their tokens, vault entry included); the guest leaves the screen. */
  async signOut(): Promise<void> {
    const member = this.onScreen.member;
    if (member !== undefined) {
      this.signOutMember(member);
      return;
    }
    if (this.onScreen.isGuest) this.onScreen.leave();
    this.pairing.notice = undefined;
    this.afterLeaving();
  }

  /** Forgets one member: their tokens and their renewal. Then: the chooser, the one member left, or pairing. */
  signOutMember(key: string): void {
    if (!this.members.has(key)) return;
    const wasOnScreen = this.onScreen.member === key;
    this.members.remove(key);
    if (this.adder.view?.again === key) this.cancelAdding();
    this.pairing.notice = undefined;
    if (wasOnScreen) {
      this.onScreen.leave();
      this.afterLeaving();
    } else if (this.members.size === 0 && this.onScreen.isNobody) this.afterLeaving();
    else this.householdChanged();
  }

  /**
   * `from` turned out to be `into` paired twice (the same member id from the service): the newer tokens move to
   * `into`, `from` is forgotten, and whoever of the two was on screen is `into` now.
   */
  merge(from: string, into: string): void {
    const tokens = this.members.renewal(from)?.tokens;
    if (tokens === undefined || !this.members.has(into) || from === into) return;
    const wasOnScreen = this.onScreen.member === from;
    this.members.remove(from);
    this.members.renew(into, tokens);
    if (wasOnScreen) this.activate(into);
    else this.householdChanged();
  }

  /** The profile of the member on screen, fetched by the catalog once they are on screen. */
  setMember(member: MemberView | undefined): void {
    const current = this.events.state;
    if (current.status === 'signed-in' && current.mode === 'member') {
      this.setState({ status: 'signed-in', mode: 'member', member });
    }
  }

  /** The machine woke up: poll at once, and refresh at once if the token's time came while asleep. */
  resume(): void {
    if (this.disposed) return;
    this.pairing.resume();
    this.adder.resume();
    this.onScreen.renewal?.resume();
  }

  /** The network is back: what waits on it is retried now. */
  online(): void {
    if (this.disposed) return;
    this.pairing.resume();
    this.adder.resume();
    this.onScreen.renewal?.online();
  }

  /** Stops everything: no request in flight, no timer left. */
  dispose(): void {
    this.disposed = true;
    this.pairing.cancel();
    this.adder.stop();
    this.members.stopAll();
    this.onScreen.stop();
    this.events.clear();
  }

  /** A valid access token, refreshed first when it is (nearly) expired. */
  accessToken(): Promise<string> {
    return this.onScreen.accessToken();
  }

  /**
   * Refreshes the tokens of the member on screen. Single-flight per member: every caller while a refresh is under way
   * gets that refresh's result. The new token set is in the vault before this resolves.
   */
  refresh(): Promise<TokenSet> {
    return this.onScreen.refresh();
  }

  /** The first member of the household paired. */
  private onPaired(response: TokenResponse, receivedAt: number): void {
    const tokens = tokenSetFrom(response, receivedAt, undefined, lifetimeBoundsOf(this.options));
    this.activate(this.members.add(tokens));
  }

  /** A member added (or paired again) while the others stayed signed in: on screen now. */
  private onAdded(again: string | undefined, response: TokenResponse, receivedAt: number): void {
    const tokens = tokenSetFrom(response, receivedAt, undefined, lifetimeBoundsOf(this.options));
    let key: string;
    if (again !== undefined && this.members.has(again)) {
      key = again;
      this.members.renew(key, tokens);
    } else key = this.members.add(tokens);
    this.activate(key);
  }

  /**
   * `key` on screen: the one before paused, their requests cancelled, this member's renewal timed again (or refreshed
   * now when they come back from time off screen).
   */
  private activate(key: string, refreshNow = false): void {
    const renewal = this.members.renewal(key);
    if (renewal === undefined) return;
    this.pairing.cancel();
    this.onScreen.leave();
    this.onScreen.putMember(key);
    this.setState({ status: 'signed-in', mode: 'member', member: undefined });
    if (!this.disposed) renewal.start(refreshNow);
  }

  /** Someone left the screen: the chooser, the one member left directly, or pairing when nobody is left. */
  private afterLeaving(): void {
    const usable = this.members.signedIn();
    const only = usable[0];
    if (this.members.size === 0) {
      this.startPairingInternal();
      return;
    }
    if (this.members.size === 1 && only !== undefined) {
      this.activate(only);
      return;
    }
    const choice = usable.length > 0 ? this.whenLeft?.(usable) : undefined;
    this.setState({ status: 'choosing' });
    if (choice === 'guest') void this.chooseGuest();
    else if (choice !== undefined && usable.includes(choice)) this.activate(choice, true);
  }

  /**
   * The service ended a member's sign-in (refused or expired it). With others signed in, that member alone pairs
   * again (now if on screen, else when chosen); alone, they are forgotten and pairing shows the reason.
   */
  private memberEnded(key: string, notice: PairingNotice): void {
    if (!this.members.has(key)) return;
    const wasOnScreen = this.onScreen.member === key;
    if (this.members.signedIn(key).length === 0) {
      // Every member is gone, the others already needing a pairing: pairing with the reason, as for one member.
      for (const { key: k } of this.members.list()) this.members.remove(k);
      this.onScreen.leave();
      this.cancelAdding();
      this.pairing.notice = notice;
      this.startPairingInternal();
      return;
    }
    this.members.markEnded(key, notice);
    if (wasOnScreen) this.pairAgain(key, notice);
    else this.householdChanged();
  }

  /** Asks member `key` alone to pair again, the chooser underneath; Back there leaves the chooser. */
  private pairAgain(key: string, notice: PairingNotice | undefined): void {
    this.onScreen.leave();
    this.adder.startAgain(key, notice, () => this.setState({ status: 'choosing' }));
  }

  private startPairingInternal(): void {
    if (this.disposed) return;
    if (!this.onScreen.isNobody) this.onScreen.leave();
    this.pairing.start();
  }

  private householdChanged(): void {
    this.events.householdChanged();
  }

  private setState(state: AuthState): void {
    this.events.set(state);
  }
}

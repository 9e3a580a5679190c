/**
 * The sign-in session: who Tunewall speaks for (a member, a guest, or nobody yet), the tokens behind it, and the one
 * way the catalog reaches the service with them (`authorizedFetch`). Refreshes ahead of expiry, single-flight; a
 * rotated refresh token reaches the vault before the new access token reaches anyone; a refused refresh signs out.
 *
 * The service rotates the refresh token when it carries a refresh out, so a refresh whose answer is lost has spent the
 * only token Tunewall holds. Hence: a refresh is waited for as long as its connection lives (its own long time limit,
 * never the catalog's); it is tried again only after it failed, never while it may still be carried out; and when a
 * try after a lost answer is refused, the member keeps the access token they have until it expires or is refused.
 */
import type { AuthState, MemberView, PairingNotice, Result } from '../../../shared/bridge';
import type { TokenResponse } from '../../../shared/service/auth';
import { CoreError, MESSAGES, coreText, toUiError } from '../errors';
import { backoffDelay, DEFAULT_BACKOFF } from '../net/backoff';
import { withTimeout } from '../net/http';
import { scheduleAt, type TimerHandle } from '../timers';
import { describe, discardBody, isAuthRejection, mayHaveBeenCarriedOut } from './answers';
import { DeviceFlow, type DeviceFlowState } from './deviceFlow';
import { refreshAtFor, TOKEN_LIFETIME, type LifetimeBounds } from './expiry';
import type { ApiAuth, AuthSessionOptions } from './sessionOptions';
import { TokenClient } from './tokenClient';
import { tokenSetFrom, type TokenSet } from './tokens';

export type { AuthSessionOptions } from './sessionOptions';

/** A token this close to expiry is refreshed before use rather than sent. */
const EXPIRY_SKEW_MS = 10_000;

type Mode = 'none' | 'member' | 'guest';

export class AuthSession implements ApiAuth {
  private readonly client: TokenClient;
  private readonly flow: DeviceFlow;
  private readonly listeners = new Set<(state: AuthState) => void>();
  private current: AuthState = { status: 'starting' };
  private mode: Mode = 'none';
  private member: TokenSet | undefined;
  private guest: TokenSet | undefined;
  private memberView: MemberView | undefined;
  private notice: PairingNotice | undefined;
  private refreshing: Promise<TokenSet> | undefined;
  private guestRequest: Promise<TokenSet> | undefined;
  private refreshTimer: TimerHandle | undefined;
  private refreshFailures = 0;
  /** A try with the current refresh token failed in a way that may have come after the service rotated it. */
  private answerMayBeLost = false;
  /** The renewal was lost (a try after a lost answer was refused): the access token serves until it expires. */
  private renewalLost = false;
  /** Aborted on sign-out and dispose: requests of the old session must not land in the new one. */
  private lifetime = new AbortController();
  private disposed = false;

  constructor(private readonly options: AuthSessionOptions) {
    this.client = new TokenClient({
      fetch: options.fetch,
      clock: options.clock,
      service: options.service,
      ...(options.requestTimeoutMs === undefined ? {} : { timeoutMs: options.requestTimeoutMs }),
      ...(options.refreshTimeoutMs === undefined ? {} : { refreshTimeoutMs: options.refreshTimeoutMs }),
    });
    this.flow = new DeviceFlow({
      client: this.client,
      clock: options.clock,
      logger: options.logger,
      qrMatrix: options.qrMatrix,
      onState: (state) => this.onFlowState(state),
      onTokens: (tokens, receivedAt) => this.onPaired(tokens, receivedAt),
      ...(options.maxRenewals === undefined ? {} : { maxRenewals: options.maxRenewals }),
      ...(options.deviceBackoff === undefined ? {} : { backoff: options.deviceBackoff }),
      ...(options.checkEveryMs === undefined ? {} : { checkEveryMs: options.checkEveryMs }),
    });
  }

  private get lifetimeBounds(): LifetimeBounds {
    return this.options.tokenLifetime ?? TOKEN_LIFETIME;
  }

  get state(): AuthState {
    return this.current;
  }

  /** Whether a guest token may be asked for. */
  get guestModeAvailable(): boolean {
    return this.options.guestMode;
  }

  /** Epoch ms the current access token stops working (for diagnostics; never the token). */
  get tokenValidUntil(): number | undefined {
    return this.activeTokens()?.expiresAt;
  }

  /**
   * Whether the sign-in outlives its access token: a member's with a refresh token, and a guest's (asked for again at
   * any time), renew themselves; a member's without one ends at `tokenValidUntil`. Undefined when not signed in.
   */
  get renewsItself(): boolean | undefined {
    if (this.mode === 'guest') return true;
    if (this.mode === 'member' && this.member !== undefined) return this.member.refreshToken !== undefined;
    return undefined;
  }

  subscribe(listener: (state: AuthState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Signed in from the vault when it holds tokens; otherwise pairing starts. */
  start(): void {
    const stored = this.options.vault.load();
    if (stored === undefined) {
      this.startPairingInternal();
      return;
    }
    this.becomeMember(stored);
  }

  /**
   * A key press on the pairing, denied, expired or error screen (or a guest choosing to sign in): a fresh code, a
   * fresh renewal count. A signed-in member signs out first; this does nothing for them.
   */
  startPairing(): void {
    if (this.mode === 'member') return;
    this.notice = undefined;
    this.startPairingInternal();
  }

  /** Browse the public catalog with a client-credentials token. */
  async browseAsGuest(): Promise<Result<void>> {
    if (this.mode === 'member') {
      // Guest mode must not keep a member's tokens alive underneath: signing out is an explicit step.
      return {
        ok: false,
        error: { kind: 'auth', retryable: false, ...coreText('signOutFirst') },
      };
    }
    if (!this.options.guestMode) {
      return {
        ok: false,
        error: { kind: 'config', retryable: false, ...coreText('guestModeOff') },
      };
    }
    try {
      await this.guestToken();
    } catch (error) {
      this.options.logger.warn('session: no guest token', { error: describe(error) });
      return { ok: false, error: toUiError(error) };
    }
    this.flow.cancel();
    this.mode = 'guest';
    this.notice = undefined;
    this.setState({ status: 'signed-in', mode: 'guest', member: undefined });
    return { ok: true, value: undefined };
  }

  /** Forgets every token (vault included) and shows pairing again. */
  async signOut(): Promise<void> {
    this.resetTokens();
    this.options.vault.clear();
    this.notice = undefined;
    this.startPairingInternal();
  }

  /** The member's profile, fetched by the catalog after sign-in. */
  setMember(member: MemberView | undefined): void {
    this.memberView = member;
    if (this.current.status === 'signed-in' && this.current.mode === 'member') {
      this.setState({ status: 'signed-in', mode: 'member', member });
    }
  }

  /** The machine woke up: poll at once, and refresh at once if the token's time came while asleep. */
  resume(): void {
    if (this.disposed) return;
    this.flow.resume();
    if (this.renewalLost) {
      this.endIfExpired();
      return;
    }
    if (this.mode === 'member' && this.member !== undefined && this.refreshing === undefined) {
      const due = this.refreshFailures > 0 ? this.options.clock.now() : refreshAtFor(this.member.issuedAt, this.member.expiresAt, this.lifetimeBounds);
      this.scheduleRefresh(due);
    }
  }

  /** The network is back: what waits on it is retried now. */
  online(): void {
    if (this.disposed) return;
    this.flow.resume();
    if (this.mode === 'member' && this.refreshFailures > 0 && this.refreshing === undefined && !this.renewalLost) {
      this.scheduleRefresh(this.options.clock.now());
    }
  }

  /** Stops everything: no request in flight, no timer left. */
  dispose(): void {
    this.disposed = true;
    this.flow.cancel();
    this.refreshTimer?.cancel();
    this.refreshTimer = undefined;
    this.lifetime.abort();
    this.listeners.clear();
  }

  /** A valid access token, refreshed first when it is (nearly) expired. */
  async accessToken(): Promise<string> {
    if (this.mode === 'member' && this.member !== undefined) {
      const now = this.options.clock.now();
      if (now < this.member.expiresAt - EXPIRY_SKEW_MS) return this.member.accessToken;
      if (this.renewalLost) {
        // No renewal is possible: the token serves to its last moment, then the member is told it expired.
        if (now < this.member.expiresAt) return this.member.accessToken;
        throw this.expire();
      }
      const current = this.member;
      try {
        return (await this.refresh()).accessToken;
      } catch (error) {
        if (this.renewalLost && this.member === current && this.options.clock.now() < current.expiresAt) return current.accessToken;
        throw error;
      }
    }
    if (this.mode === 'guest') {
      const guest = this.guest;
      if (guest !== undefined && this.options.clock.now() < guest.expiresAt - EXPIRY_SKEW_MS) return guest.accessToken;
      return (await this.guestToken()).accessToken;
    }
    throw new CoreError({ kind: 'auth', messageKey: 'notSignedIn', retryable: false });
  }

  /**
   * Refreshes the member's tokens. Single-flight: every caller while a refresh is under way gets that refresh's
   * result. The new token set is in the vault before this resolves.
   */
  refresh(): Promise<TokenSet> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  async authorizedFetch(url: string, init: RequestInit = {}): Promise<Response> {
    const token = await this.accessToken();
    const first = await this.send(url, init, token);
    if (!(await isAuthRejection(first))) return first;
    await discardBody(first);
    this.options.logger.warn('session: the service refused the access token; renewing it once', { status: first.status });
    const renewed = await this.renewAfterRejection(token);
    const second = await this.send(url, init, renewed);
    if (!(await isAuthRejection(second))) return second;
    await discardBody(second);
    throw new CoreError({ kind: 'auth', messageKey: 'rejected', status: second.status, retryable: true });
  }

  private async send(url: string, init: RequestInit, token: string): Promise<Response> {
    const headers = new Headers(init.headers);
    // The contract asks for Bearer on every catalog request, whatever token_type said.
    headers.set('Authorization', `Bearer ${token}`);
    return withTimeout(
      {
        signal: this.lifetime.signal,
        extraSignal: init.signal,
        ...(this.options.requestTimeoutMs === undefined ? {} : { timeoutMs: this.options.requestTimeoutMs }),
      },
      (signal) => this.options.fetch(url, { ...init, headers, signal }),
    );
  }

  /** A token to replay with after `used` was refused: the newer one if another caller already renewed it. */
  private async renewAfterRejection(used: string): Promise<string> {
    if (this.mode === 'guest') {
      if (this.guest !== undefined && this.guest.accessToken !== used) return this.guest.accessToken;
      this.guest = undefined;
      return (await this.guestToken()).accessToken;
    }
    if (this.mode === 'member' && this.member !== undefined) {
      if (this.member.accessToken !== used) return this.member.accessToken;
      // The service refused the one access token left, and nothing can renew it.
      if (this.renewalLost) throw this.expire();
      try {
        return (await this.refresh()).accessToken;
      } catch (error) {
        if (this.renewalLost) throw this.expire();
        throw error;
      }
    }
    throw new CoreError({ kind: 'auth', messageKey: 'notSignedIn', retryable: false });
  }

  private async doRefresh(): Promise<TokenSet> {
    const current = this.member;
    const refreshToken = current?.refreshToken;
    if (this.mode !== 'member' || current === undefined || refreshToken === undefined) {
      throw new CoreError({ kind: 'auth', messageKey: 'notSignedIn', retryable: false });
    }
    const lifetime = this.lifetime;
    this.refreshTimer?.cancel();
    this.refreshTimer = undefined;
    if (this.renewalLost) throw new CoreError({ kind: 'auth', messageKey: 'signInExpired', retryable: false });
    let response: TokenResponse;
    try {
      response = await this.client.refresh(refreshToken, lifetime.signal);
    } catch (error) {
      if (lifetime.signal.aborted) throw error;
      if (error instanceof CoreError && error.kind === 'oauth' && error.oauthError === 'invalid_grant') {
        if (this.answerMayBeLost) throw this.renewalWasLost(current, error);
        this.options.logger.warn('session: the service refused the refresh token; signing out');
        this.endSession({ reason: 'signed-out', message: MESSAGES.signedOut });
        throw new CoreError({ kind: 'auth', messageKey: 'signedOut', retryable: false, cause: error });
      }
      if (mayHaveBeenCarriedOut(error)) this.answerMayBeLost = true;
      // Keep the tokens: the access token may still work, and the next try may reach the service.
      this.refreshFailures += 1;
      const delay = backoffDelay(
        this.refreshFailures - 1,
        this.options.backoff ?? DEFAULT_BACKOFF,
        error instanceof CoreError ? error.retryAfterMs : undefined,
      );
      this.options.logger.warn('session: refresh failed; keeping the tokens and retrying', {
        error: describe(error),
        delayMs: delay,
        answerMayBeLost: this.answerMayBeLost,
      });
      this.scheduleRefresh(this.options.clock.now() + delay);
      throw error;
    }
    if (lifetime.signal.aborted || this.member !== current) {
      throw new CoreError({ kind: 'cancelled', messageKey: 'cancelled' });
    }
    const next = tokenSetFrom(response, this.options.clock.now(), refreshToken, this.lifetimeBounds);
    // The old refresh token is spent: the new one is stored before anyone can use the new access token.
    this.options.vault.save(next);
    this.member = next;
    this.refreshFailures = 0;
    this.answerMayBeLost = false;
    this.scheduleRefresh(refreshAtFor(next.issuedAt, next.expiresAt, this.lifetimeBounds));
    return next;
  }

  /**
   * A try after a lost answer was refused: the service spent the token while its answer was on the way. The new pair
   * is gone, but the access token in hand works until it expires; the member is told only then.
   */
  private renewalWasLost(current: TokenSet, cause: unknown): CoreError {
    this.renewalLost = true;
    this.refreshFailures = 0;
    this.options.logger.warn('session: a refresh answer was lost after the service rotated the token; using the access token until it expires', {
      validForMs: current.expiresAt - this.options.clock.now(),
    });
    this.refreshTimer?.cancel();
    const opts = this.options.checkEveryMs === undefined ? {} : { checkEveryMs: this.options.checkEveryMs };
    this.refreshTimer = scheduleAt(this.options.clock, current.expiresAt, () => this.endIfExpired(), opts);
    return new CoreError({ kind: 'auth', messageKey: 'signInExpired', retryable: false, cause });
  }

  /** With the renewal lost, pairing once the access token has run out. */
  private endIfExpired(): void {
    if (this.renewalLost && this.member !== undefined && this.options.clock.now() >= this.member.expiresAt) this.expire();
  }

  /** The sign-in ran out and could not be renewed: pairing, saying so. Returns the error for callers to throw. */
  private expire(): CoreError {
    this.options.logger.warn('session: the sign-in expired and could not be renewed; pairing again');
    this.endSession({ reason: 'expired', message: MESSAGES.signInExpired });
    return new CoreError({ kind: 'auth', messageKey: 'signInExpired', retryable: false });
  }

  /** A client-credentials token, single-flight; kept in memory only (it can be had again at any time). */
  private guestToken(): Promise<TokenSet> {
    this.guestRequest ??= (async () => {
      const lifetime = this.lifetime;
      const response = await this.client.clientCredentials(lifetime.signal);
      if (lifetime.signal.aborted) throw new CoreError({ kind: 'cancelled', messageKey: 'cancelled' });
      const tokens = tokenSetFrom(response, this.options.clock.now());
      // A client-credentials answer carries no refresh token; should one come, a guest has no use for it.
      const guest: TokenSet = { ...tokens, refreshToken: undefined };
      this.guest = guest;
      return guest;
    })().finally(() => {
      this.guestRequest = undefined;
    });
    return this.guestRequest;
  }

  private onPaired(response: TokenResponse, receivedAt: number): void {
    const tokens = tokenSetFrom(response, receivedAt, undefined, this.lifetimeBounds);
    this.options.vault.save(tokens);
    this.notice = undefined;
    this.becomeMember(tokens);
  }

  private becomeMember(tokens: TokenSet): void {
    this.guest = undefined;
    this.member = tokens;
    this.mode = 'member';
    this.refreshFailures = 0;
    this.answerMayBeLost = false;
    this.renewalLost = false;
    this.setState({ status: 'signed-in', mode: 'member', member: this.memberView });
    this.scheduleRefresh(refreshAtFor(tokens.issuedAt, tokens.expiresAt, this.lifetimeBounds));
  }

  private scheduleRefresh(at: number): void {
    this.refreshTimer?.cancel();
    if (this.disposed || this.mode !== 'member' || this.member?.refreshToken === undefined || this.renewalLost) {
      this.refreshTimer = undefined;
      return;
    }
    const opts = this.options.checkEveryMs === undefined ? {} : { checkEveryMs: this.options.checkEveryMs };
    this.refreshTimer = scheduleAt(
      this.options.clock,
      at,
      () => {
        this.refreshTimer = undefined;
        this.refresh().catch((error: unknown) => {
          // The refresh itself logged and scheduled what comes next; nobody awaits a timed refresh.
          this.options.logger.info('session: timed refresh did not complete', { error: describe(error) });
        });
      },
      opts,
    );
  }

  /** The service ended the sign-in (refused or expired it): tokens forgotten, pairing with the reason. */
  private endSession(notice: PairingNotice): void {
    this.resetTokens();
    this.options.vault.clear();
    this.notice = notice;
    this.startPairingInternal();
  }

  private resetTokens(): void {
    this.lifetime.abort();
    this.lifetime = new AbortController();
    this.refreshTimer?.cancel();
    this.refreshTimer = undefined;
    this.refreshing = undefined;
    this.guestRequest = undefined;
    this.refreshFailures = 0;
    this.answerMayBeLost = false;
    this.renewalLost = false;
    this.member = undefined;
    this.guest = undefined;
    this.memberView = undefined;
    this.mode = 'none';
  }

  private startPairingInternal(): void {
    if (this.disposed) return;
    if (this.mode !== 'none') this.resetTokens();
    this.flow.start();
  }

  private onFlowState(state: DeviceFlowState): void {
    if (this.notice !== undefined && (state.status === 'pairing' || state.status === 'requesting-code')) {
      this.setState({ ...state, notice: this.notice });
      return;
    }
    this.setState(state);
  }

  private activeTokens(): TokenSet | undefined {
    if (this.mode === 'member') return this.member;
    if (this.mode === 'guest') return this.guest;
    return undefined;
  }

  private setState(state: AuthState): void {
    this.current = state;
    for (const listener of this.listeners) {
      try {
        listener(state);
      } catch (error) {
        this.options.logger.error('session: a state listener threw', { error: describe(error) });
      }
    }
  }
}

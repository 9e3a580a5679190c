/**
 * The sign-in session: who Tunewall speaks for (a member, a guest, or nobody yet), the tokens behind it, and the one
 * way the catalog reaches the service with them (`authorizedFetch`). A member's tokens renew themselves
 * (memberRenewal.ts: ahead of expiry, single-flight, the rotated refresh token stored first, a lost answer handled);
 * a guest's token is asked for again when it runs out.
 */
import type { AuthState, MemberView, PairingNotice, Result } from '../../../shared/bridge';
import type { TokenResponse } from '../../../shared/service/auth';
import { CoreError, coreText, toUiError } from '../errors';
import { withTimeout } from '../net/http';
import { describe, discardBody, isAuthRejection } from './answers';
import { DeviceFlow, type DeviceFlowState } from './deviceFlow';
import { EXPIRY_SKEW_MS, TOKEN_LIFETIME, type LifetimeBounds } from './expiry';
import { MemberRenewal } from './memberRenewal';
import type { ApiAuth, AuthSessionOptions } from './sessionOptions';
import { TokenClient } from './tokenClient';
import { tokenSetFrom, type TokenSet } from './tokens';

export type { AuthSessionOptions } from './sessionOptions';

type Mode = 'none' | 'member' | 'guest';

export class AuthSession implements ApiAuth {
  private readonly client: TokenClient;
  private readonly flow: DeviceFlow;
  private readonly listeners = new Set<(state: AuthState) => void>();
  private current: AuthState = { status: 'starting' };
  private mode: Mode = 'none';
  /** The member's tokens and their renewal; one per sign-in. */
  private member: MemberRenewal | undefined;
  private guest: TokenSet | undefined;
  private memberView: MemberView | undefined;
  private notice: PairingNotice | undefined;
  private guestRequest: Promise<TokenSet> | undefined;
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
    if (this.mode === 'member' && this.member !== undefined) return this.member.tokens.refreshToken !== undefined;
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
    if (this.mode === 'member') this.member?.resume();
  }

  /** The network is back: what waits on it is retried now. */
  online(): void {
    if (this.disposed) return;
    this.flow.resume();
    if (this.mode === 'member') this.member?.online();
  }

  /** Stops everything: no request in flight, no timer left. */
  dispose(): void {
    this.disposed = true;
    this.flow.cancel();
    this.member?.stop();
    this.lifetime.abort();
    this.listeners.clear();
  }

  /** A valid access token, refreshed first when it is (nearly) expired. */
  async accessToken(): Promise<string> {
    if (this.mode === 'member' && this.member !== undefined) return this.member.accessToken();
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
    if (this.mode === 'member' && this.member !== undefined) return this.member.refresh();
    return Promise.reject(new CoreError({ kind: 'auth', messageKey: 'notSignedIn', retryable: false }));
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
    if (this.mode === 'member' && this.member !== undefined) return this.member.renewAfterRejection(used);
    throw new CoreError({ kind: 'auth', messageKey: 'notSignedIn', retryable: false });
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
    this.member?.stop();
    this.member = new MemberRenewal(tokens, {
      client: this.client,
      clock: this.options.clock,
      logger: this.options.logger,
      vault: this.options.vault,
      lifetimeBounds: this.lifetimeBounds,
      backoff: this.options.backoff,
      checkEveryMs: this.options.checkEveryMs,
      signal: this.lifetime.signal,
      onEnded: (notice) => this.endSession(notice),
      refreshWasInterrupted: this.options.vault.refreshWasInterrupted,
    });
    this.mode = 'member';
    this.setState({ status: 'signed-in', mode: 'member', member: this.memberView });
    if (!this.disposed) this.member.start();
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
    this.member?.stop();
    this.member = undefined;
    this.guestRequest = undefined;
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
    if (this.mode === 'member') return this.member?.tokens;
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

/**
 * A signed-in member's tokens and their renewal: refreshed ahead of expiry, single-flight; a rotated refresh token
 * reaches the vault before the new access token reaches anyone; a refused refresh ends the sign-in.
 *
 * The service rotates the refresh token when it carries a refresh out, so a refresh whose answer is lost has spent the
 * only token Tunewall holds. Hence: a refresh is waited for as long as its connection lives (its own long time limit,
 * never the catalog's); it is tried again only after it failed, never while it may still be carried out; and when a
 * try after a lost answer is refused, the member keeps the access token they have until it expires or is refused.
 *
 * One renewal lives as long as one member's sign-in: the session makes a new one on every sign-in and stops the old.
 * Only the member on screen renews on a schedule: the others are paused (no timer, a refresh in flight still lands)
 * and started again when chosen, which refreshes at once when their time came meanwhile.
 */
import type { PairingNotice } from '../../../shared/bridge';
import type { TokenResponse } from '../../../shared/service/auth';
import { CoreError, MESSAGES } from '../errors';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from '../net/backoff';
import type { Clock, Logger } from '../ports';
import { scheduleAt, type TimerHandle } from '../timers';
import type { MemberTokenSlot } from '../vault/memberVault';
import { describe, mayHaveBeenCarriedOut } from './answers';
import { EXPIRY_SKEW_MS, refreshAtFor, type LifetimeBounds } from './expiry';
import type { TokenClient } from './tokenClient';
import { tokenSetFrom, type TokenSet } from './tokens';

export interface MemberRenewalOptions {
  client: TokenClient;
  clock: Clock;
  logger: Logger;
  /** The member's own entry in the vault. */
  vault: Pick<MemberTokenSlot, 'save' | 'markRefreshing' | 'refreshSettled'>;
  lifetimeBounds: LifetimeBounds;
  backoff?: BackoffPolicy | undefined;
  checkEveryMs?: number | undefined;
  /** Aborted when the sign-in ends: a refresh under way then lands nowhere. */
  signal: AbortSignal;
  /** The service ended the sign-in (refused the refresh token, or it ran out with no renewal left). */
  onEnded: (notice: PairingNotice) => void;
  /** The last process stopped with a refresh of these tokens in flight: its answer, and maybe the token, are lost. */
  refreshWasInterrupted?: boolean | undefined;
}

export class MemberRenewal {
  private current: TokenSet;
  private refreshing: Promise<TokenSet> | undefined;
  private timer: TimerHandle | undefined;
  private failures = 0;
  /** A try with the current refresh token failed in a way that may have come after the service rotated it. */
  private answerMayBeLost = false;
  /** The renewal was lost (a try after a lost answer was refused): the access token serves until it expires. */
  private lost = false;
  private stopped = false;
  /** Not on screen: no timed refresh until started again. */
  private paused = true;
  /** The renewal in doubt is one the last process began and never finished (not one whose answer got lost here). */
  private interrupted: boolean;

  constructor(
    tokens: TokenSet,
    private readonly options: MemberRenewalOptions,
  ) {
    this.current = tokens;
    this.interrupted = options.refreshWasInterrupted === true;
    this.answerMayBeLost = this.interrupted;
  }

  get tokens(): TokenSet {
    return this.current;
  }

  /**
   * On screen: the next refresh, timed from the tokens' lifetime (at once when that time has passed), or now
   * (`refreshNow`: a member chosen after time off screen, whose grant the service may have ended meanwhile).
   */
  start(refreshNow = false): void {
    this.paused = false;
    if (this.lost) {
      this.endIfExpired();
      return;
    }
    if (this.refreshing !== undefined) return;
    const at = refreshNow || this.failures > 0 ? this.options.clock.now() : this.refreshAt(this.current);
    this.scheduleRefresh(at);
  }

  /** Off screen: no timed refresh; one in flight still lands in the vault. */
  pause(): void {
    this.paused = true;
    this.timer?.cancel();
    this.timer = undefined;
  }

  /** No request lands and no timer fires after this. */
  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = undefined;
  }

  /** The machine woke up: refresh at once if the token's time came while asleep (or a try had failed). */
  resume(): void {
    if (this.paused) return;
    if (this.lost) {
      this.endIfExpired();
      return;
    }
    if (this.refreshing === undefined) {
      this.scheduleRefresh(this.failures > 0 ? this.options.clock.now() : this.refreshAt(this.current));
    }
  }

  /** The network is back: a refresh that failed is tried again now. */
  online(): void {
    if (!this.paused && this.failures > 0 && this.refreshing === undefined && !this.lost) this.scheduleRefresh(this.options.clock.now());
  }

  /** A valid access token, refreshed first when it is (nearly) expired. */
  async accessToken(): Promise<string> {
    const now = this.options.clock.now();
    if (now < this.current.expiresAt - EXPIRY_SKEW_MS) return this.current.accessToken;
    if (this.lost) {
      // No renewal is possible: the token serves to its last moment, then the member is told it expired.
      if (now < this.current.expiresAt) return this.current.accessToken;
      throw this.expire();
    }
    const held = this.current;
    try {
      return (await this.refresh()).accessToken;
    } catch (error) {
      if (this.lost && !this.stopped && this.current === held && this.options.clock.now() < held.expiresAt) return held.accessToken;
      throw error;
    }
  }

  /** A token to replay with after `used` was refused: the newer one if another caller already renewed it. */
  async renewAfterRejection(used: string): Promise<string> {
    if (this.current.accessToken !== used) return this.current.accessToken;
    // The service refused the one access token left, and nothing can renew it.
    if (this.lost) throw this.expire();
    try {
      return (await this.refresh()).accessToken;
    } catch (error) {
      if (this.lost) throw this.expire();
      throw error;
    }
  }

  /**
   * Refreshes the tokens. Single-flight: every caller while a refresh is under way gets that refresh's result. The new
   * token set is in the vault before this resolves.
   */
  refresh(): Promise<TokenSet> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async doRefresh(): Promise<TokenSet> {
    const held = this.current;
    const refreshToken = held.refreshToken;
    if (this.stopped || refreshToken === undefined) {
      throw new CoreError({ kind: 'auth', messageKey: 'notSignedIn', retryable: false });
    }
    const { signal } = this.options;
    this.timer?.cancel();
    this.timer = undefined;
    if (this.lost) throw new CoreError({ kind: 'auth', messageKey: 'signInExpired', retryable: false });
    let response: TokenResponse;
    // On disk before the request leaves: a process stopped from here until the answer is stored tells the next start.
    this.options.vault.markRefreshing();
    try {
      response = await this.options.client.refresh(refreshToken, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      if (error instanceof CoreError && error.kind === 'oauth' && error.oauthError === 'invalid_grant') {
        if (this.answerMayBeLost) throw this.renewalWasLost(held, error);
        this.options.logger.warn('session: the service refused the refresh token; signing out');
        this.options.onEnded({ reason: 'signed-out', message: MESSAGES.signedOut });
        throw new CoreError({ kind: 'auth', messageKey: 'signedOut', retryable: false, cause: error });
      }
      if (mayHaveBeenCarriedOut(error)) this.answerMayBeLost = true;
      else if (!this.answerMayBeLost) this.options.vault.refreshSettled();
      // Keep the tokens: the access token may still work, and the next try may reach the service.
      this.failures += 1;
      const delay = backoffDelay(this.failures - 1, this.options.backoff ?? DEFAULT_BACKOFF, error instanceof CoreError ? error.retryAfterMs : undefined);
      this.options.logger.warn('session: refresh failed; keeping the tokens and retrying', {
        error: describe(error),
        delayMs: delay,
        answerMayBeLost: this.answerMayBeLost,
      });
      this.scheduleRefresh(this.options.clock.now() + delay);
      throw error;
    }
    if (signal.aborted || this.stopped || this.current !== held) {
      throw new CoreError({ kind: 'cancelled', messageKey: 'cancelled' });
    }
    const next = tokenSetFrom(response, this.options.clock.now(), refreshToken, this.options.lifetimeBounds);
    // The old refresh token is spent: the new one is stored before anyone can use the new access token.
    this.options.vault.save(next);
    this.current = next;
    this.failures = 0;
    this.answerMayBeLost = false;
    this.interrupted = false;
    this.scheduleRefresh(this.refreshAt(next));
    return next;
  }

  /**
   * A try after a lost answer was refused: the service spent the token while its answer was on the way. The new pair
   * is gone, but the access token in hand works until it expires; the member is told only then.
   */
  private renewalWasLost(held: TokenSet, cause: unknown): CoreError {
    this.lost = true;
    this.failures = 0;
    this.options.logger.warn('session: a refresh answer was lost after the service rotated the token; using the access token until it expires', {
      validForMs: held.expiresAt - this.options.clock.now(),
    });
    this.timer?.cancel();
    if (!this.paused) this.timer = scheduleAt(this.options.clock, held.expiresAt, () => this.endIfExpired(), this.timerOptions());
    return new CoreError({ kind: 'auth', messageKey: 'signInExpired', retryable: false, cause });
  }

  /** With the renewal lost, pairing once the access token has run out. */
  private endIfExpired(): void {
    if (this.lost && !this.stopped && this.options.clock.now() >= this.current.expiresAt) this.expire();
  }

  /** The sign-in ran out and could not be renewed: pairing, saying so. Returns the error for callers to throw. */
  private expire(): CoreError {
    this.options.logger.warn('session: the sign-in expired and could not be renewed; pairing again', { interruptedRefresh: this.interrupted });
    // Not "signed out by the music service": the service only refused a token Tunewall had already spent.
    this.options.onEnded(
      this.interrupted ? { reason: 'interrupted', message: MESSAGES.refreshInterrupted } : { reason: 'expired', message: MESSAGES.signInExpired },
    );
    return new CoreError({ kind: 'auth', messageKey: 'signInExpired', retryable: false });
  }

  private refreshAt(tokens: TokenSet): number {
    return refreshAtFor(tokens.issuedAt, tokens.expiresAt, this.options.lifetimeBounds);
  }

  private timerOptions(): { checkEveryMs?: number } {
    return this.options.checkEveryMs === undefined ? {} : { checkEveryMs: this.options.checkEveryMs };
  }

  private scheduleRefresh(at: number): void {
    this.timer?.cancel();
    if (this.stopped || this.paused || this.current.refreshToken === undefined || this.lost) {
      this.timer = undefined;
      return;
    }
    this.timer = scheduleAt(
      this.options.clock,
      at,
      () => {
        this.timer = undefined;
        this.refresh().catch((error: unknown) => {
          // The refresh itself logged and scheduled what comes next; nobody awaits a timed refresh.
          this.options.logger.info('session: timed refresh did not complete', { error: describe(error) });
        });
      },
      this.timerOptions(),
    );
  }
}

/**
 * The device flow: get a code, show it, poll until the member approves on another device or the code's absolute
 * deadline passes. Every branch of the token service's answer is dispatched on the JSON `error` field; transient
 * trouble backs off without giving up before the deadline; expired codes are renewed a bounded number of times.
 * Every wait is a wall-clock deadline, so time spent asleep counts, and cancel() leaves nothing running.
 */
import type { AuthState, QrMatrix } from '../../../shared/bridge';
import type { DeviceCode, TokenResponse } from '../../../shared/service/auth';
import { CoreError, coreText, toUiError } from '../errors';
import { backoffDelay, type BackoffPolicy } from '../net/backoff';
import type { Clock, Logger } from '../ports';
import { scheduleAt, type TimerHandle } from '../timers';
import { lifetimeFromExpiresIn, type LifetimeBounds } from './expiry';
import type { TokenClient } from './tokenClient';

/** Device codes: 600 s documented; anything outside 30 s..30 min is a server's mistake. */
export const DEVICE_CODE_LIFETIME: LifetimeBounds = { minMs: 30_000, maxMs: 30 * 60_000, fallbackMs: 600_000 };
export const MIN_POLL_INTERVAL_MS = 1_000;
export const MAX_POLL_INTERVAL_MS = 60_000;
export const DEFAULT_POLL_INTERVAL_MS = 5_000;
/** RFC 8628 §3.5: `slow_down` adds 5 seconds to this and every later poll. */
export const SLOW_DOWN_STEP_MS = 5_000;

export const DEVICE_FLOW_MESSAGES = {
  denied: coreText('denied'),
  expired: coreText('codeExpired'),
  unreachable: coreText('noCode'),
} as const;

export type DeviceFlowState = Extract<AuthState, { status: 'requesting-code' | 'pairing' | 'denied' | 'expired' | 'error' }>;

export interface DeviceFlowOptions {
  client: Pick<TokenClient, 'requestDeviceCode' | 'pollDeviceToken'>;
  clock: Pick<Clock, 'now'>;
  logger: Logger;
  /** Builds the QR module matrix locally (main/core/qr.ts). */
  qrMatrix: (text: string) => QrMatrix;
  onState: (state: DeviceFlowState) => void;
  /** The member approved: store the tokens. The flow is over when this is called. */
  onTokens: (tokens: TokenResponse, receivedAt: number) => void | Promise<void>;
  /** Codes renewed unattended before waiting for a key press. */
  maxRenewals?: number;
  /** Tries at getting a code when the service cannot be reached, before showing an error. */
  maxCodeAttempts?: number;
  /** Backoff of code requests; polls back off from their own interval up to `maxMs`. */
  backoff?: BackoffPolicy;
  /** How often waits re-read the wall clock (sleep detection granularity). */
  checkEveryMs?: number;
}

interface ActiveCode {
  deviceCode: string;
  deadline: number;
  intervalMs: number;
}

/** One press of "start pairing": its own cancellation, timers and counters. */
interface Run {
  abort: AbortController;
  timer: TimerHandle | undefined;
  /** What the pending timer will do, so resume() can do it at once. */
  pending: 'code' | 'poll' | undefined;
  code: ActiveCode | undefined;
  renewals: number;
  /** Accumulated `slow_down` penalty; kept across renewed codes, as the service asked for slower polling. */
  extraIntervalMs: number;
  /** Consecutive transient failures, for backoff. */
  failures: number;
  codeAttempt: number;
  inFlight: boolean;
}

export class DeviceFlow {
  private run: Run | undefined;
  private lastState: DeviceFlowState | undefined;
  private readonly maxRenewals: number;
  private readonly maxCodeAttempts: number;
  private readonly backoff: BackoffPolicy;

  constructor(private readonly options: DeviceFlowOptions) {
    this.maxRenewals = Math.max(0, options.maxRenewals ?? 3);
    this.maxCodeAttempts = Math.max(1, options.maxCodeAttempts ?? 5);
    this.backoff = options.backoff ?? { initialMs: 2_000, maxMs: 60_000 };
  }

  get state(): DeviceFlowState | undefined {
    return this.lastState;
  }

  /** Whether a code is being requested or polled (false after approval, denial, error, expiry or cancel). */
  get active(): boolean {
    return this.run !== undefined;
  }

  /** Starts over with a fresh code and a fresh renewal count (a key press on the pairing screen). */
  start(): void {
    this.cancel();
    const run: Run = {
      abort: new AbortController(),
      timer: undefined,
      pending: undefined,
      code: undefined,
      renewals: 0,
      extraIntervalMs: 0,
      failures: 0,
      codeAttempt: 0,
      inFlight: false,
    };
    this.run = run;
    void this.requestCode(run);
  }

  /** Stops everything: the request in flight is aborted and no timer is left. */
  cancel(): void {
    const run = this.run;
    if (run === undefined) return;
    this.run = undefined;
    run.timer?.cancel();
    run.timer = undefined;
    run.abort.abort();
  }

  /** The machine woke up (or the network came back): re-check the deadline and poll at once. */
  resume(): void {
    const run = this.run;
    if (run === undefined || run.inFlight || run.pending === undefined) return;
    const pending = run.pending;
    this.clearTimer(run);
    if (pending === 'code') {
      void this.requestCode(run);
      return;
    }
    void this.poll(run);
  }

  private async requestCode(run: Run): Promise<void> {
    run.code = undefined;
    run.codeAttempt += 1;
    run.inFlight = true;
    this.emit(run, { status: 'requesting-code', attempt: run.codeAttempt });
    let code: DeviceCode;
    try {
      code = await this.options.client.requestDeviceCode(run.abort.signal);
    } catch (error) {
      run.inFlight = false;
      if (!this.isCurrent(run)) return;
      if (error instanceof CoreError && error.retryable && run.codeAttempt < this.maxCodeAttempts) {
        const delay = backoffDelay(run.codeAttempt - 1, this.backoff, error.retryAfterMs);
        this.options.logger.warn('device flow: code request failed; retrying', { kind: error.kind, delayMs: delay });
        this.wait(run, 'code', this.options.clock.now() + delay, () => void this.requestCode(run));
        return;
      }
      this.options.logger.error('device flow: cannot get a code', { error: describe(error) });
      const ui = toUiError(error);
      const unreachable = ui.kind === 'network' || ui.kind === 'server';
      this.finish(run, { status: 'error', error: unreachable ? { ...ui, params: undefined, ...DEVICE_FLOW_MESSAGES.unreachable } : ui });
      return;
    }
    run.inFlight = false;
    if (!this.isCurrent(run)) return;
    run.codeAttempt = 0;
    this.showCode(run, code);
  }

  private showCode(run: Run, code: DeviceCode): void {
    const now = this.options.clock.now();
    const deadline = now + lifetimeFromExpiresIn(code.expiresInSeconds, now, DEVICE_CODE_LIFETIME);
    const intervalMs = pollInterval(code.intervalSeconds);
    run.code = { deviceCode: code.deviceCode, deadline, intervalMs };
    run.failures = 0;
    this.emit(run, {
      status: 'pairing',
      code: {
        userCode: code.userCode,
        verificationUrl: code.verificationUrl,
        shortVerificationUrl: code.shortVerificationUrl,
        qr: this.qr(code.qrContent),
        expiresAt: deadline,
      },
      poll: 'waiting',
      retryAt: undefined,
      renewals: run.renewals,
    });
    this.schedulePoll(run, now + intervalMs + run.extraIntervalMs);
  }

  /** The next poll at `at`, or the code's renewal at its deadline when that comes first. */
  private schedulePoll(run: Run, at: number): void {
    const code = run.code;
    if (code === undefined) return;
    if (at >= code.deadline) {
      this.wait(run, 'poll', code.deadline, () => this.codeExpired(run));
      return;
    }
    this.wait(run, 'poll', at, () => void this.poll(run));
  }

  private async poll(run: Run): Promise<void> {
    const code = run.code;
    if (code === undefined || !this.isCurrent(run)) return;
    if (this.options.clock.now() >= code.deadline) {
      this.codeExpired(run);
      return;
    }
    run.inFlight = true;
    let tokens: TokenResponse;
    try {
      tokens = await this.options.client.pollDeviceToken(code.deviceCode, run.abort.signal);
    } catch (error) {
      run.inFlight = false;
      if (!this.isCurrent(run)) return;
      this.pollFailed(run, code, error);
      return;
    }
    run.inFlight = false;
    if (!this.isCurrent(run)) return;
    const receivedAt = this.options.clock.now();
    this.finish(run, undefined);
    try {
      await this.options.onTokens(tokens, receivedAt);
    } catch (error) {
      this.options.logger.error('device flow: could not keep the new tokens', { error: describe(error) });
      this.emitState({ status: 'error', error: toUiError(error) });
    }
  }

  private pollFailed(run: Run, code: ActiveCode, error: unknown): void {
    const now = this.options.clock.now();
    if (error instanceof CoreError && error.kind === 'oauth') {
      switch (error.oauthError) {
        case 'authorization_pending':
          run.failures = 0;
          this.markWaiting(run);
          this.schedulePoll(run, now + code.intervalMs + run.extraIntervalMs);
          return;
        case 'slow_down':
          run.failures = 0;
          run.extraIntervalMs += SLOW_DOWN_STEP_MS;
          this.markWaiting(run);
          this.schedulePoll(run, now + code.intervalMs + run.extraIntervalMs);
          return;
        case 'access_denied':
          this.finish(run, { status: 'denied', ...DEVICE_FLOW_MESSAGES.denied });
          return;
        // Some servers answer a code they no longer know with invalid_grant; renewing is bounded, so it cannot loop.
        case 'expired_token':
        case 'invalid_grant':
          this.options.logger.info('device flow: the code is no longer valid', { error: error.oauthError });
          this.codeExpired(run);
          return;
      }
    }
    if (error instanceof CoreError && error.retryable) {
      run.failures += 1;
      const floor = code.intervalMs + run.extraIntervalMs;
      const policy: BackoffPolicy = { ...this.backoff, initialMs: floor, maxMs: Math.max(floor, this.backoff.maxMs) };
      const retryAt = now + Math.max(floor, backoffDelay(run.failures - 1, policy, error.retryAfterMs));
      this.options.logger.warn('device flow: poll failed; backing off', { kind: error.kind, retryAt });
      const current = this.lastState;
      if (current?.status === 'pairing') this.emit(run, { ...current, poll: 'retrying', retryAt });
      this.schedulePoll(run, retryAt);
      return;
    }
    this.options.logger.error('device flow: the service refused the sign-in', { error: describe(error) });
    this.finish(run, { status: 'error', error: toUiError(error) });
  }

  private markWaiting(run: Run): void {
    const current = this.lastState;
    if (current?.status === 'pairing' && current.poll !== 'waiting') {
      this.emit(run, { ...current, poll: 'waiting', retryAt: undefined });
    }
  }

  private codeExpired(run: Run): void {
    if (!this.isCurrent(run)) return;
    this.clearTimer(run);
    run.code = undefined;
    if (run.renewals < this.maxRenewals) {
      run.renewals += 1;
      void this.requestCode(run);
      return;
    }
    this.finish(run, { status: 'expired', ...DEVICE_FLOW_MESSAGES.expired });
  }

  private wait(run: Run, pending: 'code' | 'poll', at: number, fn: () => void): void {
    this.clearTimer(run);
    run.pending = pending;
    const opts = this.options.checkEveryMs === undefined ? {} : { checkEveryMs: this.options.checkEveryMs };
    run.timer = scheduleAt(
      this.options.clock,
      at,
      () => {
        run.timer = undefined;
        run.pending = undefined;
        if (this.isCurrent(run)) fn();
      },
      opts,
    );
  }

  private clearTimer(run: Run): void {
    run.timer?.cancel();
    run.timer = undefined;
    run.pending = undefined;
  }

  /** Ends the run (the flow is no longer active) and optionally shows a final state. */
  private finish(run: Run, state: DeviceFlowState | undefined): void {
    if (this.run === run) this.run = undefined;
    this.clearTimer(run);
    if (state !== undefined) this.emitState(state);
  }

  private isCurrent(run: Run): boolean {
    return this.run === run && !run.abort.signal.aborted;
  }

  private emit(run: Run, state: DeviceFlowState): void {
    if (this.isCurrent(run)) this.emitState(state);
  }

  private emitState(state: DeviceFlowState): void {
    this.lastState = state;
    this.options.onState(state);
  }

  private qr(text: string): QrMatrix {
    try {
      return this.options.qrMatrix(text);
    } catch (error) {
      // The user code and URL are still shown; a missing QR must not stop the sign-in.
      this.options.logger.warn('device flow: could not build the QR code', { error: describe(error) });
      return { size: 0, modules: '' };
    }
  }
}

/** The poll interval in ms: 5 s when unreadable, and within 1..60 s whatever the service says. */
export function pollInterval(intervalSeconds: unknown): number {
  const seconds = typeof intervalSeconds === 'number' ? intervalSeconds : Number.NaN;
  if (!Number.isFinite(seconds) || seconds < 0) return DEFAULT_POLL_INTERVAL_MS;
  return Math.min(MAX_POLL_INTERVAL_MS, Math.max(MIN_POLL_INTERVAL_MS, seconds * 1000));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

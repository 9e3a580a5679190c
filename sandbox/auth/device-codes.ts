/**
 * Device codes (RFC 8628 semantics on the documented device flow): issued pending, approved or denied by a member,
 * exchanged once, and expired on the sandbox clock. Polling faster than the interval earns `slow_down` and a 5 s
 * longer interval for that code.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Clock } from '../context';
import type { LifetimeOptions } from '../options';

/** Consonants only, none that are easily confused (no vowels, so no words; no I/O/0/1). */
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
const USER_CODE_LENGTH = 8;
/** RFC 8628 §3.5: each slow_down adds 5 seconds to the interval. */
const SLOW_DOWN_STEP_MS = 5000;
/** Timer and clock granularity: a poll this much early still counts as on time. */
const POLL_TOLERANCE_MS = 50;

type Status = 'pending' | 'approved' | 'denied' | 'exchanged';

interface DeviceRecord {
  deviceCode: string;
  userCode: string;
  clientId: string;
  expiresAt: number;
  intervalMs: number;
  lastPollAt: number | undefined;
  status: Status;
  memberId: string | undefined;
}

export interface IssuedDeviceCode {
  deviceCode: string;
  /** Display form, e.g. BCDF-GHJK. */
  userCode: string;
  expiresInSeconds: number;
  intervalSeconds: number;
}

export type PollResult =
  | { kind: 'approved'; memberId: string }
  | { kind: 'authorization_pending' }
  | { kind: 'slow_down' }
  | { kind: 'access_denied' }
  | { kind: 'expired_token' }
  | { kind: 'invalid_grant' };

/** What the verification pages can say about a user code. */
export type UserCodeState =
  | { kind: 'unknown' }
  | { kind: 'expired' }
  | { kind: 'pending'; userCode: string; clientId: string }
  | { kind: 'approved' | 'denied' | 'exchanged'; userCode: string; clientId: string };

function formatUserCode(raw: string): string {
  return `${raw.slice(0, 4)}-${raw.slice(4)}`;
}

/** Accepts what a person types: any case, with or without the hyphen or spaces. */
export function normalizeUserCode(input: string): string {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  return compact.length === USER_CODE_LENGTH ? formatUserCode(compact) : compact;
}

export class DeviceCodes {
  private readonly byDeviceCode = new Map<string, DeviceRecord>();
  private readonly byUserCode = new Map<string, DeviceRecord>();

  constructor(
    private readonly clock: Clock,
    private readonly lifetimes: LifetimeOptions,
    /** Hears each approval: the member now authorizes that app. */
    private readonly onApproved: (clientId: string, memberId: string) => void = () => undefined,
  ) {}

  issue(clientId: string): IssuedDeviceCode {
    const now = this.clock.now();
    this.sweep(now);
    let userCode: string;
    do {
      let raw = '';
      for (let i = 0; i < USER_CODE_LENGTH; i += 1) raw += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
      userCode = formatUserCode(raw);
    } while (this.byUserCode.has(userCode));
    const record: DeviceRecord = {
      deviceCode: `twd_${randomBytes(24).toString('base64url')}`,
      userCode,
      clientId,
      expiresAt: now + this.lifetimes.deviceCodeSeconds * 1000,
      intervalMs: this.lifetimes.deviceIntervalSeconds * 1000,
      lastPollAt: undefined,
      status: 'pending',
      memberId: undefined,
    };
    this.byDeviceCode.set(record.deviceCode, record);
    this.byUserCode.set(userCode, record);
    return {
      deviceCode: record.deviceCode,
      userCode,
      expiresInSeconds: this.lifetimes.deviceCodeSeconds,
      intervalSeconds: this.lifetimes.deviceIntervalSeconds,
    };
  }

  poll(clientId: string, deviceCode: string): PollResult {
    const record = this.byDeviceCode.get(deviceCode);
    if (!record || record.clientId !== clientId || record.status === 'exchanged') return { kind: 'invalid_grant' };
    const now = this.clock.now();
    if (record.expiresAt <= now) return { kind: 'expired_token' };
    if (record.status === 'denied') return { kind: 'access_denied' };
    if (record.status === 'approved' && record.memberId !== undefined) {
      record.status = 'exchanged';
      return { kind: 'approved', memberId: record.memberId };
    }
    const last = record.lastPollAt;
    record.lastPollAt = now;
    if (last !== undefined && now - last < record.intervalMs - POLL_TOLERANCE_MS) {
      record.intervalMs += SLOW_DOWN_STEP_MS;
      return { kind: 'slow_down' };
    }
    return { kind: 'authorization_pending' };
  }

  state(userCodeInput: string): UserCodeState {
    const record = this.byUserCode.get(normalizeUserCode(userCodeInput));
    if (!record) return { kind: 'unknown' };
    if (record.status !== 'exchanged' && record.expiresAt <= this.clock.now()) return { kind: 'expired' };
    return { kind: record.status, userCode: record.userCode, clientId: record.clientId };
  }

  /** Approves a pending, unexpired code for a member; false when there is no such code. */
  approve(userCodeInput: string, memberId: string): boolean {
    const record = this.pendingRecord(userCodeInput);
    if (!record) return false;
    record.status = 'approved';
    record.memberId = memberId;
    this.onApproved(record.clientId, memberId);
    return true;
  }

  deny(userCodeInput: string): boolean {
    const record = this.pendingRecord(userCodeInput);
    if (!record) return false;
    record.status = 'denied';
    return true;
  }

  pendingUserCodes(): string[] {
    const now = this.clock.now();
    return [...this.byUserCode.values()]
      .filter((r) => r.status === 'pending' && r.expiresAt > now)
      .map((r) => r.userCode);
  }

  private pendingRecord(userCodeInput: string): DeviceRecord | undefined {
    const record = this.byUserCode.get(normalizeUserCode(userCodeInput));
    if (!record || record.status !== 'pending' || record.expiresAt <= this.clock.now()) return undefined;
    return record;
  }

  private sweep(now: number): void {
    if (this.byDeviceCode.size < 1000) return;
    // Keep expired codes a while so their pages and polls can still say "expired" rather than "unknown".
    const horizon = now - 3_600_000;
    for (const record of this.byDeviceCode.values()) {
      if (record.expiresAt <= horizon) {
        this.byDeviceCode.delete(record.deviceCode);
        this.byUserCode.delete(record.userCode);
      }
    }
  }
}

/** Authorization codes of the authorization-code flow: single use, bound to client and redirect URI, short-lived. */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../context';

/** RFC 6749 §4.1.2 recommends at most 10 minutes. */
export const AUTHORIZATION_CODE_SECONDS = 600;

interface CodeRecord {
  clientId: string;
  memberId: string;
  redirectUri: string;
  expiresAt: number;
}

export class AuthorizationCodes {
  private readonly codes = new Map<string, CodeRecord>();

  constructor(
    private readonly clock: Clock,
    /** Hears each code issued: the member allowed that app. */
    private readonly onAllowed: (clientId: string, memberId: string) => void = () => undefined,
  ) {}

  issue(clientId: string, memberId: string, redirectUri: string): string {
    const now = this.clock.now();
    if (this.codes.size >= 1000) for (const [c, r] of this.codes) if (r.expiresAt <= now) this.codes.delete(c);
    const code = `twz_${randomBytes(18).toString('base64url')}`;
    this.codes.set(code, { clientId, memberId, redirectUri, expiresAt: now + AUTHORIZATION_CODE_SECONDS * 1000 });
    this.onAllowed(clientId, memberId);
    return code;
  }

  /** The member behind a code, consuming it; undefined for an unknown, used, expired or mismatched code. */
  redeem(clientId: string, code: string, redirectUri: string | undefined): string | undefined {
    const record = this.codes.get(code);
    if (!record) return undefined;
    // A code is spent by its first redemption attempt, even a failed one, as RFC 6749 §4.1.2 asks.
    this.codes.delete(code);
    if (record.clientId !== clientId || record.expiresAt <= this.clock.now()) return undefined;
    if (redirectUri !== undefined && redirectUri !== record.redirectUri) return undefined;
    return record.memberId;
  }
}

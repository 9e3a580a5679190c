/**
 * Browser state of the sign-in pages: who is signed in (a cookie naming a server-side session) and one-time form
 * tokens, so that a page elsewhere cannot post an approval on the member's behalf.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../context';

export const SESSION_COOKIE = 'tw_sandbox_session';
const SESSION_MS = 8 * 3_600_000;
const FORM_TOKEN_MS = 30 * 60_000;

export class BrowserSessions {
  private readonly sessions = new Map<string, { memberId: string; expiresAt: number }>();
  private readonly formTokens = new Map<string, { expiresAt: number }>();

  constructor(private readonly clock: Clock) {}

  signIn(memberId: string): string {
    const now = this.clock.now();
    this.prune(now);
    const id = randomBytes(18).toString('base64url');
    this.sessions.set(id, { memberId, expiresAt: now + SESSION_MS });
    return id;
  }

  memberOf(sessionId: string | undefined): string | undefined {
    if (sessionId === undefined) return undefined;
    const session = this.sessions.get(sessionId);
    if (!session || session.expiresAt <= this.clock.now()) return undefined;
    return session.memberId;
  }

  signOut(sessionId: string | undefined): void {
    if (sessionId !== undefined) this.sessions.delete(sessionId);
  }

  /** A token to embed in one rendered form. */
  formToken(): string {
    const now = this.clock.now();
    this.prune(now);
    const token = randomBytes(18).toString('base64url');
    this.formTokens.set(token, { expiresAt: now + FORM_TOKEN_MS });
    return token;
  }

  /** True once for a token this sandbox rendered and that has not expired. */
  consumeFormToken(token: string | undefined): boolean {
    if (token === undefined) return false;
    const record = this.formTokens.get(token);
    if (!record) return false;
    this.formTokens.delete(token);
    return record.expiresAt > this.clock.now();
  }

  private prune(now: number): void {
    if (this.sessions.size >= 1000) for (const [k, v] of this.sessions) if (v.expiresAt <= now) this.sessions.delete(k);
    if (this.formTokens.size >= 1000) for (const [k, v] of this.formTokens) if (v.expiresAt <= now) this.formTokens.delete(k);
  }
}

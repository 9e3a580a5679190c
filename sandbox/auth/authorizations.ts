/**
 * Which member approved which app, and when: what a real service lists as a member's authorized apps. Recorded when a
 * member approves a device code or allows an authorization-code request; kept across restarts with the tokens.
 */
import type { Hono } from 'hono';
import type { Clock } from '../context';

export interface Authorization {
  clientId: string;
  memberId: string;
  /** Sandbox clock, ms since the epoch: the latest approval. */
  approvedAt: number;
}

export class Authorizations {
  private readonly byPair = new Map<string, Authorization>();
  /** Hears each approval (a state file's journal). */
  onRecord: (authorization: Authorization) => void = () => undefined;

  constructor(private readonly clock: Clock) {}

  record(clientId: string, memberId: string): void {
    const key = JSON.stringify([clientId, memberId]);
    // Re-inserted so the list reads in the order of the latest approvals.
    this.byPair.delete(key);
    const authorization = { clientId, memberId, approvedAt: this.clock.now() };
    this.byPair.set(key, authorization);
    this.onRecord({ ...authorization });
  }

  list(): Authorization[] {
    return [...this.byPair.values()].map((a) => ({ ...a }));
  }

  restore(saved: readonly Authorization[]): void {
    this.byPair.clear();
    for (const a of saved) this.byPair.set(JSON.stringify([a.clientId, a.memberId]), { ...a });
  }
}

/** `GET /__sandbox/authorizations`: who approved which app, latest last. */
export function mountAuthorizationList(app: Hono, authorizations: Authorizations): void {
  app.get('/__sandbox/authorizations', (c) =>
    c.json({
      authorizations: authorizations.list().map((a) => ({ client_id: a.clientId, member_id: a.memberId, approved_at: a.approvedAt })),
    }),
  );
}

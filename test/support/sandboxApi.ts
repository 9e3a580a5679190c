/**
 * The sandbox's control API over HTTP (sandbox/control.ts), as a process other than the sandbox's uses it: the
 * end-to-end tests, and the bench driving the kiosk shell's embedded sandbox.
 */
import { z } from 'zod';

const PendingSchema = z.object({ user_codes: z.array(z.string()) });
const RequestsSchema = z.object({
  requests: z.array(z.object({ method: z.string(), path: z.string(), at: z.number(), status: z.number() })),
});
const TokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });

export type LoggedRequest = z.infer<typeof RequestsSchema>['requests'][number];

/** The control API of the sandbox at `origin`. */
export class SandboxApi {
  constructor(readonly origin: string) {}

  private async send(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.origin}/__sandbox/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`sandbox ${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return response.json();
  }

  async pending(): Promise<string[]> {
    return PendingSchema.parse(await this.send('GET', 'pending')).user_codes;
  }
  /** Approves as the demo member, or as the demo member `memberId` (sandbox/README.md lists them). */
  async approve(userCode: string, memberId?: string): Promise<void> {
    await this.send('POST', 'approve', memberId === undefined ? { user_code: userCode } : { user_code: userCode, member_id: memberId });
  }
  async deny(userCode: string): Promise<void> {
    await this.send('POST', 'deny', { user_code: userCode });
  }
  async faults(patch: Record<string, number>): Promise<void> {
    await this.send('POST', 'faults', patch);
  }
  async lifetimes(patch: Record<string, number>): Promise<void> {
    await this.send('POST', 'lifetimes', patch);
  }
  async advanceTime(ms: number): Promise<void> {
    await this.send('POST', 'time/advance', { ms });
  }
  async requests(): Promise<LoggedRequest[]> {
    return RequestsSchema.parse(await this.send('GET', 'requests')).requests;
  }
  /**
   * Waits until no request has reached the sandbox for `quietMs`: what the app does in the background on its own (Home's
   * station art, a row's refresh) has ended, so a fault set next meets only what the test does after it.
   */
  async untilQuiet(quietMs = 1_500, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    // The log keeps the latest requests only: its length and its last entry together tell a new request.
    const seen = async (): Promise<string> => {
      const log = await this.requests();
      const last = log.at(-1);
      return `${log.length} ${last?.at ?? ''} ${last?.path ?? ''}`;
    };
    let before = await seen();
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > deadline) throw new Error(`the sandbox was never quiet for ${quietMs} ms in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await seen();
      if (now !== before) {
        before = now;
        quietSince = Date.now();
      }
    }
  }
  async clearRequests(): Promise<void> {
    await this.send('DELETE', 'requests');
  }
  /** A member token, for the test's own catalog look-ups (never handed to the app). */
  async memberAccessToken(): Promise<string> {
    return TokenPairSchema.parse(await this.send('POST', 'tokens', {})).access_token;
  }
}


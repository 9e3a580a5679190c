/**
 * Steering a running sandbox: in-process (SandboxControl) and over HTTP under /__sandbox, a prefix no real
 * client calls, for the kiosk shell and benchmarks that run the sandbox in another process.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { IssuedTokens } from './auth/tokens';
import type { AuthServices } from './auth/services';
import { advanceProblem, type SandboxClock } from './clock';
import type { MemberDirectory } from './context';
import { incomingOf, routeFamily } from './faults';
import type { FaultOptions, LifetimeOptions, SandboxOptions } from './options';

export interface LoggedRequest {
  method: string;
  path: string;
  /** Sandbox clock time when the request arrived, ms since the epoch. */
  at: number;
  /** 0 when the connection was dropped without an answer. */
  status: number;
  /** Milliseconds from arrival to the answer (latency included), so overlapping requests can be told apart. */
  ms: number;
}

export interface SandboxControl {
  setFaults(p: Partial<FaultOptions>): void;
  setLifetimes(p: Partial<LifetimeOptions>): void;
  /** Approves a pending user code as a member (default: the first demo member); false when no such pending code. */
  approve(userCode: string, memberId?: string): boolean;
  deny(userCode: string): boolean;
  pendingUserCodes(): string[];
  /** Revokes that member's access and refresh tokens; returns how many. */
  revokeMember(memberId: string): number;
  /** A member token pair for the demo client, without a device flow. */
  issueMemberToken(memberId?: string): { access_token: string; refresh_token: string; expires_in: number };
  /** Moves the sandbox clock forward: tokens and codes expire as if that time had passed. */
  advanceTime(ms: number): void;
  requestLog(): ReadonlyArray<LoggedRequest>;
  clearRequestLog(): void;
}

/** Keeps the latest requests only, so a long-running demo does not grow without bound. */
const REQUEST_LOG_CAPACITY = 10_000;

export class RequestLog {
  private entries: LoggedRequest[] = [];

  constructor(private readonly clock: SandboxClock) {}

  /** Logs every client-facing request (the same routes faults apply to). Register it before the fault middleware. */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      if (routeFamily(c.req.path) === undefined) return next();
      const at = this.clock.now();
      await next();
      const dropped = incomingOf(c.env)?.socket.destroyed === true;
      const ms = this.clock.now() - at;
      this.entries.push({ method: c.req.method, path: c.req.path, at, status: dropped ? 0 : c.res.status, ms });
      if (this.entries.length > REQUEST_LOG_CAPACITY) this.entries = this.entries.slice(-REQUEST_LOG_CAPACITY);
    };
  }

  list(): ReadonlyArray<LoggedRequest> {
    return [...this.entries];
  }

  clear(): void {
    this.entries = [];
  }
}

const nonNegative = z.number().finite().nonnegative();
const rate = z.number().min(0).max(1);

export const FaultPatchSchema = z
  .object({
    latencyMs: nonNegative,
    errorRate: rate,
    dropRate: rate,
    malformedRate: rate,
    unavailableRate: rate,
    retryAfterSeconds: nonNegative,
    slowRate: rate,
    slowMs: nonNegative,
    lostAnswerRate: rate,
  })
  .partial()
  .strict();

export const LifetimePatchSchema = z
  .object({
    deviceCodeSeconds: z.number().int().positive(),
    deviceIntervalSeconds: z.number().int().nonnegative(),
    accessTokenSeconds: z.number().int().positive(),
    refreshExtraSeconds: z.number().int().nonnegative(),
    clientTokenSeconds: z.number().int().positive(),
    hugeExpiresIn: z.boolean(),
    refreshGraceSeconds: z.number().finite().nonnegative(),
  })
  .partial()
  .strict();

/** A patch's keys that carry a value: `{ errorRate: undefined }` must not wipe a knob. */
function present<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function createControl(deps: {
  options: SandboxOptions;
  clock: SandboxClock;
  services: AuthServices;
  members: MemberDirectory;
  log: RequestLog;
}): SandboxControl {
  const { options, clock, services, members, log } = deps;
  const defaultMember = (): string => {
    const first = members.list()[0];
    if (!first) throw new Error('The sandbox has no demo member.');
    return first.id;
  };
  return {
    setFaults(p) {
      Object.assign(options.faults, present(FaultPatchSchema.parse(p)));
    },
    setLifetimes(p) {
      Object.assign(options.lifetimes, present(LifetimePatchSchema.parse(p)));
    },
    approve(userCode, memberId) {
      const id = memberId ?? defaultMember();
      if (!members.byId(id)) return false;
      return services.deviceCodes.approve(userCode, id);
    },
    deny: (userCode) => services.deviceCodes.deny(userCode),
    pendingUserCodes: () => services.deviceCodes.pendingUserCodes(),
    revokeMember: (memberId) => services.tokens.revokeMember(memberId),
    issueMemberToken(memberId) {
      const id = memberId ?? defaultMember();
      if (!members.byId(id)) throw new Error(`No demo member ${id}.`);
      const issued: IssuedTokens = services.tokens.issueMember(options.clientId, id);
      if (issued.refresh_token === undefined) throw new Error('A member token always has a refresh token.');
      return { access_token: issued.access_token, refresh_token: issued.refresh_token, expires_in: issued.expires_in };
    },
    advanceTime: (ms) => clock.advance(ms),
    requestLog: () => log.list(),
    clearRequestLog: () => log.clear(),
  };
}

const ApproveSchema = z.object({ user_code: z.string().min(1), member_id: z.string().min(1).optional() });
const DenySchema = z.object({ user_code: z.string().min(1) });
const RevokeSchema = z.object({ member_id: z.string().min(1) });
const TokenSchema = z.object({ member_id: z.string().min(1).optional() });
const AdvanceSchema = z.object({ ms: z.number().int().nonnegative() }).strict();

/** Mounts the control API. Bodies are JSON; a body that does not fit answers 400 `{ "error": "invalid_request", ... }`. */
export function mountControlApi(
  app: Hono,
  deps: { control: SandboxControl; options: SandboxOptions; clock: SandboxClock; members: MemberDirectory; origin: () => string },
): void {
  const { control, options, clock, members } = deps;

  async function body<T>(raw: Request, schema: z.ZodType<T>): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
    let json: unknown;
    try {
      const text = await raw.text();
      json = text.trim() === '' ? {} : JSON.parse(text);
    } catch (err) {
      return { ok: false, message: `The body is not JSON: ${err instanceof Error ? err.message : String(err)}` };
    }
    const parsed = schema.safeParse(json);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: z.prettifyError(parsed.error) };
  }
  const bad = (message: string) => ({ error: 'invalid_request', error_description: message });

  app.get('/__sandbox/state', (c) =>
    c.json({
      origin: deps.origin(),
      client: { id: options.clientId, secret: options.clientSecret, redirect_uri: options.redirectUri },
      faults: options.faults,
      lifetimes: options.lifetimes,
      now: clock.now(),
      clock_offset_ms: clock.offsetMs(),
      pending_user_codes: control.pendingUserCodes(),
      members: members.list().map((m) => ({ id: m.id, name: m.name, username: m.username, password: m.password, territory: m.territory })),
    }),
  );
  app.post('/__sandbox/faults', async (c) => {
    const b = await body(c.req.raw, FaultPatchSchema);
    if (!b.ok) return c.json(bad(b.message), 400);
    control.setFaults(b.value);
    return c.json({ faults: options.faults });
  });
  app.post('/__sandbox/lifetimes', async (c) => {
    const b = await body(c.req.raw, LifetimePatchSchema);
    if (!b.ok) return c.json(bad(b.message), 400);
    control.setLifetimes(b.value);
    return c.json({ lifetimes: options.lifetimes });
  });
  app.get('/__sandbox/pending', (c) => c.json({ user_codes: control.pendingUserCodes() }));
  app.post('/__sandbox/approve', async (c) => {
    const b = await body(c.req.raw, ApproveSchema);
    if (!b.ok) return c.json(bad(b.message), 400);
    return control.approve(b.value.user_code, b.value.member_id)
      ? c.json({ approved: true })
      : c.json({ error: 'not_found', error_description: 'No pending, unexpired code with that user_code (or no such member).' }, 404);
  });
  app.post('/__sandbox/deny', async (c) => {
    const b = await body(c.req.raw, DenySchema);
    if (!b.ok) return c.json(bad(b.message), 400);
    return control.deny(b.value.user_code)
      ? c.json({ denied: true })
      : c.json({ error: 'not_found', error_description: 'No pending, unexpired code with that user_code.' }, 404);
  });
  app.post('/__sandbox/revoke', async (c) => {
    const b = await body(c.req.raw, RevokeSchema);
    if (!b.ok) return c.json(bad(b.message), 400);
    return c.json({ revoked: control.revokeMember(b.value.member_id) });
  });
  app.post('/__sandbox/tokens', async (c) => {
    const b = await body(c.req.raw, TokenSchema);
    if (!b.ok) return c.json(bad(b.message), 400);
    if (b.value.member_id !== undefined && !members.byId(b.value.member_id)) {
      return c.json({ error: 'not_found', error_description: 'No such demo member.' }, 404);
    }
    return c.json({ ...control.issueMemberToken(b.value.member_id), token_type: 'Bearer' });
  });
  app.post('/__sandbox/time/advance', async (c) => {
    const b = await body(c.req.raw, AdvanceSchema);
    if (!b.ok) return c.json(bad(b.message), 400);
    const problem = advanceProblem(b.value.ms, clock.offsetMs());
    if (problem !== undefined) return c.json(bad(problem), 400);
    control.advanceTime(b.value.ms);
    return c.json({ now: clock.now(), clock_offset_ms: clock.offsetMs() });
  });
  app.get('/__sandbox/requests', (c) => c.json({ requests: control.requestLog() }));
  app.delete('/__sandbox/requests', (c) => {
    control.clearRequestLog();
    return c.json({ cleared: true });
  });
}

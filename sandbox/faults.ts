/**
 * Fault injection on the client-facing routes (token service, catalog, QR generator; latency only on artwork).
 * Never on the sign-in pages or /__sandbox. Draws come from a generator seeded with the sandbox seed, so a run
 * repeats; a rate of 0 never fires and a rate of 1 always does. Drop, 503, 500 and malformed answer before the
 * route runs; a lost answer and a slow answer come after it, so what the request asked for has been done.
 */
import { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { FaultOptions } from './options';

export type RouteFamily = 'token' | 'catalog' | 'qr' | 'artwork';

export function routeFamily(path: string): RouteFamily | undefined {
  if (path === '/oauth2/token' || path === '/oauth2/device/code' || path === '/oauth2/device_authorization') return 'token';
  if (path === '/v1.1' || path.startsWith('/v1.1/')) return 'catalog';
  if (path === '/generator') return 'qr';
  if (path === '/artwork' || path.startsWith('/artwork/')) return 'artwork';
  return undefined;
}

type Faulty = Exclude<RouteFamily, 'artwork'>;

/** The documented error body of each family (the QR generator documents none, so it uses its own error shape). */
const ERROR_BODY: Record<Faulty, unknown> = {
  token: { error: 'server_error' },
  catalog: { error: { message: 'Internal Server Error', code: 0 } },
  qr: { status: 'ERROR', error: 'server_error' },
};

const UNAVAILABLE_BODY: Record<Faulty, unknown> = {
  token: { error: 'temporarily_unavailable' },
  catalog: { error: { message: 'Service Unavailable', code: 0 } },
  qr: { status: 'ERROR', error: 'temporarily_unavailable' },
};

/** What a response cut off mid-way looks like: the start of the family's usual JSON, and nothing more. */
const TRUNCATED_BODY: Record<Faulty, string> = {
  token: '{"access_token":"twa_',
  catalog: '{"data":[{"id":"',
  qr: '{"status":"OK","data":"data:image/png;base64,iVBORw0KGgo',
};

/** mulberry32: small, fast and good enough to spread faults; seeded so a run can be repeated. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The Node request behind a Hono context, when the app runs under @hono/node-server. */
export function incomingOf(env: unknown): IncomingMessage | undefined {
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined;
  return env.incoming instanceof IncomingMessage ? env.incoming : undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function faultMiddleware(faults: FaultOptions, random: () => number): MiddlewareHandler {
  // A rate of 0 takes no draw, so turning one fault on does not reshuffle the others.
  const fires = (rate: number) => rate > 0 && random() < rate;
  return async (c, next) => {
    const family = routeFamily(c.req.path);
    if (family === undefined) return next();
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    if (family === 'artwork') return next();
    if (fires(faults.dropRate)) {
      const incoming = incomingOf(c.env);
      if (incoming) {
        incoming.socket.destroy();
        return c.body(null, 500);
      }
    }
    if (fires(faults.unavailableRate)) {
      return c.json(UNAVAILABLE_BODY[family], 503, { 'Retry-After': String(Math.max(0, Math.round(faults.retryAfterSeconds))) });
    }
    if (fires(faults.errorRate)) return c.json(ERROR_BODY[family], 500);
    if (fires(faults.malformedRate)) {
      return c.body(TRUNCATED_BODY[family], 200, { 'Content-Type': 'application/json; charset=UTF-8' });
    }
    await next();
    // From here on the route has run: a refresh token is already rotated, whatever becomes of the answer.
    if (fires(faults.lostAnswerRate)) {
      const incoming = incomingOf(c.env);
      if (incoming) {
        incoming.socket.destroy();
        c.res = new Response(null, { status: 500 });
        return;
      }
    }
    if (fires(faults.slowRate)) await sleep(faults.slowMs);
  };
}

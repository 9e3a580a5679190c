/**
 * The kiosk shell's loopback server: serves the built renderer and the bridge (HTTP calls + server-sent events) on
 * 127.0.0.1 to the one Chromium it launched. The launch URL carries a per-launch key that works once: it is exchanged
 * for a separate random session cookie (HttpOnly, so the page's scripts never see it), and a second use is refused,
 * logged and reported, for the shell to start again with a new key. Requests with a wrong Host, a foreign Origin or
 * no session are refused; every response carries the security headers. Tokens never leave this process: the bridge
 * carries states and view data only.
 */
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { Context, Handler, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { secureHeaders } from 'hono/secure-headers';
import { streamSSE } from 'hono/streaming';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import {
  BOOT_ELEMENT_ID,
  BRIDGE_METHODS,
  type BootView,
  type BridgeEvent,
  type BridgeMethod,
} from '../../shared/bridge';
import type { RenderFirstScreen } from '../../shared/firstPaint';
import type { AppCore } from '../core/appCore';
import { ARTWORK_PREFIX } from '../core/features/artwork/artworkPath';
import type { Logger } from '../core/ports';
import { drawFirstScreen } from './firstPaint';
import { inlineStylesheets, policyWithStyles } from './inlineStyle';
import { createLaunchSessions, type LaunchKeys, type LaunchSessions } from './launchSessions';
import type { HeartbeatReceiver } from './ops/heartbeat';

export type { LaunchKeys } from './launchSessions';

/** What a handler tells the middleware around it: the hashes of the style elements written into the page it served. */
export type KioskEnv = { Variables: { styleHashes: readonly string[] | undefined } };

const COOKIE = 'tunewall_session';
const MAX_BODY_BYTES = 64 * 1024;

export interface KioskServerOptions {
  core: AppCore;
  /** Folder of the built renderer (index.html and assets). */
  rendererDir: string;
  /** Draws the first screen into the page (firstPaint.ts); without it, or while it is loading, the page draws it. */
  firstPaint?: Promise<RenderFirstScreen | undefined>;
  /** The first launch key, at least 32 random bytes in hex or base64url; it works once. */
  secret: string;
  /**
   * A session cookie that outlives a launch (kept in the data folder, so a page still open from the last launch
   * reconnects after the shell restarts): accepted from the start and handed out by the launch. Without it, the
   * launch makes a new one.
   */
  sessionCookie?: string;
  /** Every session was revoked, the lasting one too: the shell keeps this new lasting cookie in its place. */
  onSessionCookie?: (cookie: string) => void;
  /** The launch key was used (a session began): whatever handed it over can be removed. */
  onLaunched?: () => void;
  /**
   * The launch key was presented again after its one use: someone else may hold the session it opened. Every session
   * is already revoked when this is called; the shell starts again with a new key (`newLaunchKey`).
   */
  onLaunchKeyReused?: () => void;
  port?: number;
  /** The page's heartbeat (operations: watchdog, recovery, metrics); without it, /api/heartbeat is not found. */
  heartbeat?: HeartbeatReceiver;
  /** Seconds between SSE keep-alive comments. */
  keepAliveSeconds?: number;
  logger?: Logger;
}

export interface KioskServer {
  origin: string;
  /** The URL that trades the current launch key for a session cookie, then lands on the app. Works once. */
  readonly launchUrl: string;
  /** Revokes every session and replaces the launch key; returns the new launch URL. */
  newLaunchKey(): string;
  close(): Promise<void>;
}

/**
 * Every response's policy: renderer/index.html's own, said again where a <meta> cannot say it (frame-ancestors) and
 * where a header is enforced before any byte of the page is read. Written out whole so a reviewer and the security
 * scan (scripts/electronegativity.mjs) read it where it is applied. Pictures come through this server (/artwork/),
 * never from the service; data: is the QR generator's code.
 */
export const KIOSK_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; media-src 'none'; object-src 'none'; frame-src 'none'; child-src 'none'; worker-src 'none'; manifest-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The other security headers of every response. */
const SECURITY_HEADERS = secureHeaders({
  xFrameOptions: 'DENY',
  xContentTypeOptions: 'nosniff',
  referrerPolicy: 'no-referrer',
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginResourcePolicy: 'same-origin',
  // Plain http on loopback: a Strict-Transport-Security header would mean nothing here.
  strictTransportSecurity: false,
});

/** The page /launch answers: same-origin from here on, so the SameSite=Strict cookie goes with the next request. */
const LANDING_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=/"><title>Tunewall</title></head><body></body></html>';

function isBridgeMethod(name: string): name is BridgeMethod {
  return (BRIDGE_METHODS as readonly string[]).includes(name);
}

/**
 * The boot view as a data block for index.html. A `type="application/json"` script is never run, so the page's CSP
 * (no inline script) stays as it is; every `<` is escaped so no text in the data (a title with `</script>`) can end
 * the block early, and `>` and `&` with it so nothing in it reads as markup at all.
 */
export function bootDataBlock(view: BootView): string {
  const json = JSON.stringify(view).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return `<script type="application/json" id="${BOOT_ELEMENT_ID}">${json}</script>`;
}

/** index.html with the boot view before `</body>` (at the end when there is none). */
export function withBootView(html: string, view: BootView): string {
  const block = bootDataBlock(view);
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html + block : html.slice(0, at) + block + html.slice(at);
}

const refuse = (c: Context, why: string) => c.json({ error: why }, 403);

/**
 * Every response's Content-Security-Policy, set after the handler so no answer goes without it; the page's allows the
 * stylesheet written into it (inlineStyle.ts) by its hash, and no other inline style.
 */
async function contentSecurityPolicy(c: Context<KioskEnv>, next: Next): Promise<void> {
  await next();
  c.header('Content-Security-Policy', policyWithStyles(KIOSK_CONTENT_SECURITY_POLICY, c.get('styleHashes') ?? []));
}

/**
 * DNS rebinding and cross-site requests: only our own origin, on loopback, may talk to us. The launch is the one
 * navigation that arrives from elsewhere (the launch page Chromium opens is a file); its key is its proof.
 */
function sameOriginOnly(origin: () => string): MiddlewareHandler {
  return async (c, next) => {
    const expectedHost = new URL(origin()).host;
    if (c.req.header('host') !== expectedHost) return refuse(c, 'wrong host');
    const requestOrigin = c.req.header('origin');
    if (requestOrigin !== undefined && requestOrigin !== origin()) return refuse(c, 'foreign origin');
    const site = c.req.header('sec-fetch-site');
    const crossSite = site !== undefined && site !== 'same-origin' && site !== 'none';
    if (crossSite && !(c.req.method === 'GET' && c.req.path === '/launch')) return refuse(c, 'cross-site request');
    return next();
  };
}

/** GET /launch: the launch key for a session cookie (HttpOnly), then the landing page; refused without the key. */
function launchHandler(sessions: LaunchSessions, options: KioskServerOptions): Handler {
  return (c) => {
    c.header('Cache-Control', 'no-store');
    const outcome = sessions.launch(c.req.query('key'));
    if (!outcome.ok) return refuse(c, outcome.why);
    setCookie(c, COOKIE, outcome.cookie, { httpOnly: true, sameSite: 'Strict', path: '/' });
    options.logger?.info('kiosk server: launched; the launch key is spent');
    options.onLaunched?.();
    return c.html(LANDING_PAGE);
  };
}

/** Everything after the launch needs a session; what it answers says how long it may be kept. */
function sessionRequired(sessions: LaunchSessions): MiddlewareHandler {
  return async (c, next) => {
    if (!sessions.has(getCookie(c, COOKIE))) return refuse(c, 'no session');
    await next();
    // A picture says how long it keeps (features/artwork/).
    if (c.req.path.startsWith(ARTWORK_PREFIX)) return;
    c.header('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-store');
  };
}

/** A JSON body of at most `maxSize` bytes, counted as they come: a chunked body has no Content-Length to check up front. */
function limitedBody(maxSize: number): MiddlewareHandler {
  return bodyLimit({ maxSize, onError: (c) => c.json({ error: 'request too large' }, 413) });
}

/** The request's JSON body, or undefined when it does not parse. */
async function jsonBody(c: Context): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: await c.req.json() };
  } catch {
    return { ok: false };
  }
}

/** POST /api/call/:method: one bridge call, its arguments a JSON array, its answer `{ value }`. */
function bridgeCall(core: AppCore): Handler {
  return async (c) => {
    const method = c.req.param('method');
    if (method === undefined || !isBridgeMethod(method)) return c.json({ error: 'unknown method' }, 404);
    const body = await jsonBody(c);
    if (!body.ok) return c.json({ error: 'the body is not JSON' }, 400);
    const args = body.value;
    if (!Array.isArray(args) || args.length > 4) return c.json({ error: 'the body must be an array of arguments' }, 400);
    const handler = core.handlers[method] as (...a: unknown[]) => Promise<unknown>;
    const value = await handler(...args);
    return c.json({ value: value ?? null });
  };
}

/** GET /api/events: the state first, then every bridge event, with a keep-alive comment while nothing happens. */
function bridgeEvents(core: AppCore, keepAliveMs: number): Handler {
  return (c) =>
    streamSSE(c, async (stream) => {
      const queue: BridgeEvent[] = [];
      let wake: (() => void) | undefined;
      const unsubscribe = core.subscribe((event) => {
        queue.push(event);
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      queue.unshift({ type: 'state', state: await core.handlers.getState() });
      while (!stream.aborted) {
        const event = queue.shift();
        if (event) {
          await stream.writeSSE({ data: JSON.stringify(event) });
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, keepAliveMs).unref();
        });
        wake = undefined;
        if (queue.length === 0 && !stream.aborted) await stream.write(': keep-alive\n\n');
      }
      unsubscribe();
    });
}

/** POST /api/heartbeat: the page's heartbeat, for operations. */
function heartbeatHandler(heartbeat: HeartbeatReceiver): Handler {
  return async (c) => {
    const body = await jsonBody(c);
    if (!body.ok) return c.json({ error: 'the body is not JSON' }, 400);
    const answer = heartbeat.receive(body.value);
    return answer === undefined ? c.json({ error: 'not a heartbeat' }, 400) : c.json(answer);
  };
}

/**
 * The page itself carries the state and the cached rows, the first screen drawn from them and its stylesheet, so a
 * start paints the pairing code or Home from the HTML, without waiting on a call, a stylesheet or the page's script.
 * Read on every request: it is small, and a rebuilt renderer is picked up without a restart.
 */
function pageHandler(options: KioskServerOptions): Handler<KioskEnv> {
  return async (c) => {
    const styled = await inlineStylesheets(await readFile(join(options.rendererDir, 'index.html'), 'utf8'), options.rendererDir);
    c.set('styleHashes', styled.hashes);
    const html = styled.html;
    const view = options.core.bootView?.();
    if (view === undefined) return c.html(html);
    const drawn = drawFirstScreen(html, view, await options.firstPaint, options.logger);
    return c.html(withBootView(drawn.html, drawn.view));
  };
}

/** The server's routes in the order a request meets them: headers, origin, launch, session, then what it asks for. */
export function createKioskApp(options: KioskServerOptions, origin: () => string): { app: Hono<KioskEnv>; keys: LaunchKeys } {
  const { core, heartbeat } = options;
  const app = new Hono<KioskEnv>();
  const sessions = createLaunchSessions(options);

  app.use('*', SECURITY_HEADERS);
  app.use('*', contentSecurityPolicy);
  // Handlers answer failures as values; a throw is a bug, logged here and told to the page in no detail.
  app.onError((error, c) => {
    options.logger?.error('kiosk server: request failed', { path: c.req.path, error: error.message });
    return c.json({ error: 'internal error' }, 500);
  });
  app.use('*', sameOriginOnly(origin));
  app.get('/launch', launchHandler(sessions, options));
  app.use('*', sessionRequired(sessions));

  // The service's pictures, on this origin: the page loads nothing from anywhere else.
  app.on(['GET', 'HEAD'], `${ARTWORK_PREFIX}*`, (c) => (core.artwork ? core.artwork(c.req.raw) : c.json({ error: 'not found' }, 404)));
  app.post('/api/call/:method', limitedBody(MAX_BODY_BYTES), bridgeCall(core));
  app.get('/api/events', bridgeEvents(core, (options.keepAliveSeconds ?? 15) * 1000));
  if (heartbeat !== undefined) app.post('/api/heartbeat', limitedBody(16 * 1024), heartbeatHandler(heartbeat));
  // Anything else under /api is a mistake of the page, not a route of the app: no index.html for it.
  app.all('/api/*', (c) => c.json({ error: 'not found' }, 404));

  const page = pageHandler(options);
  app.get('/', page);
  app.get('/index.html', page);
  app.use('/*', serveStatic({ root: options.rendererDir }));
  app.get('*', page);
  return { app, keys: sessions.keys };
}

export async function startKioskServer(options: KioskServerOptions): Promise<KioskServer> {
  let origin = '';
  const { app, keys } = createKioskApp(options, () => origin);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port ?? 0 }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const launchUrl = (): string => `${origin}/launch?key=${encodeURIComponent(keys.current())}`;
  return {
    origin,
    get launchUrl() {
      return launchUrl();
    },
    newLaunchKey: () => {
      keys.renew();
      return launchUrl();
    },
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The kiosk shell's loopback server: serves the built renderer and the bridge (HTTP calls + server-sent events) on
 * 127.0.0.1 to the one Chromium it launched. The launch URL carries a per-launch secret, exchanged once for an
 * HttpOnly cookie, so the page's scripts never see it; requests with a wrong Host, a foreign Origin or no secret are
 * refused. Tokens never leave this process: the bridge carries states and view data only.
 */
import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { streamSSE } from 'hono/streaming';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { BOOT_ELEMENT_ID, BRIDGE_METHODS, type BootView, type BridgeEvent, type BridgeMethod } from '../../shared/bridge';
import type { AppCore } from '../core/appCore';
import type { Logger } from '../core/ports';

const COOKIE = 'tunewall_session';
const MAX_BODY_BYTES = 64 * 1024;

export interface KioskServerOptions {
  core: AppCore;
  /** Folder of the built renderer (index.html and assets). */
  rendererDir: string;
  /** Per-launch secret, at least 32 random bytes in hex or base64url. */
  secret: string;
  /**
   * The session cookie the launch URL sets, when it outlives the launch (the data folder's, so a page reconnects after
   * the shell restarts); by default the secret itself.
   */
  sessionCookie?: string;
  port?: number;
  /** Seconds between SSE keep-alive comments. */
  keepAliveSeconds?: number;
  logger?: Logger;
}

export interface KioskServer {
  origin: string;
  /** The URL Chromium opens: trades the secret for the session cookie, then lands on the app. */
  launchUrl: string;
  close(): Promise<void>;
}

function sameSecret(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

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

export function createKioskApp(options: KioskServerOptions, origin: () => string): Hono {
  const { core, secret } = options;
  const session = options.sessionCookie ?? secret;
  const app = new Hono();
  const refuse = (c: Context, why: string) => c.json({ error: why }, 403);
  // Handlers answer failures as values; a throw is a bug, logged here and told to the page in no detail.
  app.onError((error, c) => {
    options.logger?.error('kiosk server: request failed', { path: c.req.path, error: error.message });
    return c.json({ error: 'internal error' }, 500);
  });

  // DNS rebinding and cross-site requests: only our own origin, on loopback, may talk to us.
  app.use('*', async (c, next) => {
    const expectedHost = new URL(origin()).host;
    if (c.req.header('host') !== expectedHost) return refuse(c, 'wrong host');
    const requestOrigin = c.req.header('origin');
    if (requestOrigin !== undefined && requestOrigin !== origin()) return refuse(c, 'foreign origin');
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return refuse(c, 'cross-site request');
    return next();
  });

  app.get('/launch', (c) => {
    if (!sameSecret(c.req.query('key'), secret)) return refuse(c, 'missing or wrong launch key');
    setCookie(c, COOKIE, session, { httpOnly: true, sameSite: 'Strict', path: '/' });
    return c.redirect('/', 303);
  });

  app.use('*', async (c, next) => {
    if (!sameSecret(getCookie(c, COOKIE), session)) return refuse(c, 'no session');
    await next();
    c.header('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
  });

  app.post(
    '/api/call/:method',
    // Counts the bytes as they come: a chunked body has no Content-Length to check up front.
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: 'request too large' }, 413) }),
    async (c) => {
      const method = c.req.param('method');
      if (!isBridgeMethod(method)) return c.json({ error: 'unknown method' }, 404);
      let args: unknown;
      try {
        args = await c.req.json();
      } catch {
        return c.json({ error: 'the body is not JSON' }, 400);
      }
      if (!Array.isArray(args) || args.length > 4) return c.json({ error: 'the body must be an array of arguments' }, 400);
      const handler = core.handlers[method] as (...a: unknown[]) => Promise<unknown>;
      const value = await handler(...args);
      return c.json({ value: value ?? null });
    },
  );

  app.get('/api/events', (c) =>
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
      const keepAliveMs = (options.keepAliveSeconds ?? 15) * 1000;
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
    }),
  );

  // Anything else under /api is a mistake of the page, not a route of the app: no index.html for it.
  app.all('/api/*', (c) => c.json({ error: 'not found' }, 404));

  // The page itself carries the state and the cached rows, so a warm start paints Home without waiting on a call.
  // Read on every request: it is small, and a rebuilt renderer is picked up without a restart.
  const page = async (c: Context) => {
    const html = await readFile(join(options.rendererDir, 'index.html'), 'utf8');
    const view = core.bootView?.();
    return c.html(view === undefined ? html : withBootView(html, view));
  };
  app.get('/', page);
  app.get('/index.html', page);
  app.use('/*', serveStatic({ root: options.rendererDir }));
  app.get('*', page);
  return app;
}

export async function startKioskServer(options: KioskServerOptions): Promise<KioskServer> {
  let origin = '';
  const app = createKioskApp(options, () => origin);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port ?? 0 }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    launchUrl: `${origin}/launch?key=${encodeURIComponent(options.secret)}`,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

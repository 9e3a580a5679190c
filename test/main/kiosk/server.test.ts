/**
 * The kiosk shell's loopback server over real HTTP: who may talk to it (Host, Origin, Sec-Fetch-Site, the launch key
 * and its cookie), the bridge calls, the event stream, the static renderer, and a close that does not wait on open
 * streams.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../../../main/core/appCore';
import { createHeartbeatReceiver } from '../../../main/kiosk/ops/heartbeat';
import type { Heartbeat } from '../../../main/kiosk/ops/status';
import { startKioskServer, withBootView, type KioskServer } from '../../../main/kiosk/server';
import type { AppState, BootView, BridgeEvent, BridgeHandlers } from '../../../shared/bridge';
import { memoryLogger } from '../core/support/fakes';

const SECRET = 'k'.repeat(43);

const STATE: AppState = {
  auth: { status: 'starting' },
  configProblems: [],
  network: { online: true, retryAt: undefined },
  storage: { protection: 'memory', reason: undefined },
  territory: 'TW',
  language: 'auto',
  display: { textSize: 100, highContrast: false },
  systemLocale: 'en-US',
  guestModeAvailable: false,
  sandbox: undefined,
  kiosk: { enabled: true, idleSeconds: 0 },
  household: { members: [], guest: { available: true, child: false }, active: undefined, lastChosen: undefined, skipChooser: false, pinSet: false, explicit: 'show', adding: undefined },
  voiceGuidance: { enabled: false, shellEngine: undefined, shellLanguages: [], shellVoices: [] },
  companion: { available: true, listening: false, pinRequired: false, phones: [] },
  version: '1.0.0',
};

function fakeCore() {
  const listeners = new Set<(event: BridgeEvent) => void>();
  const handlers = {
    getState: vi.fn(async () => STATE),
    startPairing: vi.fn(async () => undefined),
    browseAsGuest: vi.fn(async () => ({ ok: true as const, value: undefined })),
    signOut: vi.fn(async () => ({ ok: true as const, value: undefined })),
    loadRow: vi.fn(async (id: string) => ({ ok: true as const, value: { id, tiles: [], fetchedAt: 1, fromCache: false } })),
    getDetail: vi.fn(async () => ({ ok: false as const, error: { kind: 'not-found' as const, message: 'gone', retryable: false } })),
    getTracks: vi.fn(async (_ref: unknown, offset: number, limit: number) => ({
      ok: true as const,
      value: { offset, total: 0, tracks: [], limit },
    })),
    qrCode: vi.fn(async () => ({ ok: true as const, value: { size: 1, modules: '1' } })),
    setTerritory: vi.fn(async () => ({ ok: true as const, value: undefined })),
    setLanguage: vi.fn(async () => undefined),
    setDisplay: vi.fn(async () => undefined),
    diagnostics: vi.fn(async () => {
      throw new Error('secret internals: token abc');
    }),
  };
  const artwork = vi.fn(async (request: Request) =>
    new URL(request.url).pathname === '/artwork/aHR0cHM6Ly9pbWcuZXhhbXBsZS50ZXN0L2EuanBn'
      ? new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg', 'cache-control': 'private, max-age=604800' } })
      : new Response('no such picture', { status: 404 }),
  );
  const core: AppCore = {
    handlers: handlers as unknown as BridgeHandlers,
    artwork,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    resume: () => undefined,
    online: () => undefined,
    intent: () => undefined,
    dispose: async () => undefined,
  };
  const emit = (event: BridgeEvent) => {
    for (const listener of listeners) listener(event);
  };
  return { core, handlers, emit, listeners, artwork };
}

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: KioskServer;
let host: string;
let port: number;
let dir: string;
let fake: ReturnType<typeof fakeCore>;
/** The session cookie the launch in beforeAll got. */
let session = '';
const logger = memoryLogger();
const beats: Heartbeat[] = [];
const reloads: boolean[] = [];

/** A raw request, so Host, Origin and Cookie are exactly what the test says. */
function send(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string; cookie?: boolean } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { host, ...options.headers };
  if (options.cookie !== false && !('cookie' in headers)) headers.cookie = `tunewall_session=${session}`;
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const call = (method: string, body: string, headers: Record<string, string> = {}) =>
  send('POST', `/api/call/${method}`, { body, headers });

/** Opens the event stream; `next()` resolves with each `data:` payload in order. */
function openEvents(headers: Record<string, string> = {}) {
  const payloads: unknown[] = [];
  const waiting: ((value: unknown) => void)[] = [];
  let buffer = '';
  let response: IncomingMessage | undefined;
  const ready = new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'GET', path: '/api/events', headers: { host, cookie: `tunewall_session=${session}`, ...headers } },
      (res) => {
        response = res;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = frame
              .split('\n')
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).trimStart())
              .join('\n');
            if (data === '') continue;
            const parsed: unknown = JSON.parse(data);
            const waiter = waiting.shift();
            if (waiter) waiter(parsed);
            else payloads.push(parsed);
          }
        });
        resolve(res);
      },
    );
    req.on('error', reject);
    req.end();
  });
  return {
    ready,
    next: () => new Promise<unknown>((resolve) => (payloads.length > 0 ? resolve(payloads.shift()) : waiting.push(resolve))),
    ended: () =>
      new Promise<void>((resolve) => {
        if (response?.complete || response?.destroyed) resolve();
        response?.on('close', () => resolve());
        response?.on('end', () => resolve());
      }),
    destroy: () => response?.destroy(),
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tunewall-kiosk-'));
  mkdirSync(join(dir, 'renderer', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Tunewall</title>');
  writeFileSync(join(dir, 'renderer', 'assets', 'app-1234.js'), 'console.log("tunewall")');
  writeFileSync(join(dir, 'outside.txt'), 'not for the page');
  fake = fakeCore();
  server = await startKioskServer({
    core: fake.core,
    rendererDir: join(dir, 'renderer'),
    secret: SECRET,
    port: 0,
    logger,
    heartbeat: createHeartbeatReceiver({ intervalMs: 5000, note: (beat) => beats.push(beat), takeReload: () => reloads.shift() ?? false }),
  });
  const url = new URL(server.origin);
  host = url.host;
  port = Number(url.port);
  const launch = await send('GET', `/launch?key=${SECRET}`, { cookie: false });
  session = /^tunewall_session=([^;]+)/.exec(launch.headers['set-cookie']?.[0] ?? '')?.[1] ?? '';
  if (session === '') throw new Error('the launch gave no session cookie');
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  vi.clearAllMocks();
});

describe('who may talk to the kiosk server', () => {
  it('listens on loopback only, with a launch URL that carries the key', () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.launchUrl).toBe(`${server.origin}/launch?key=${SECRET}`);
  });

  it('refuses the launch key as a session cookie: the session is a separate random value', async () => {
    expect(session).not.toBe(SECRET);
    expect(session.length).toBeGreaterThanOrEqual(43);
    expect((await send('GET', '/', { headers: { cookie: `tunewall_session=${SECRET}` } })).status).toBe(403);
  });

  it.each(['evil.example:80', `localhost:${'PORT'}`, 'attacker.test'])('refuses Host %s (DNS rebinding)', async (h) => {
    const reply = await send('GET', '/', { headers: { host: h.replace('PORT', String(port)) } });
    expect(reply.status).toBe(403);
    expect(reply.body).not.toContain('Tunewall</title>');
  });

  it('refuses a launch from another Host even with the right key', async () => {
    const reply = await send('GET', `/launch?key=${SECRET}`, { headers: { host: 'evil.example' }, cookie: false });
    expect(reply.status).toBe(403);
    expect(reply.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a foreign Origin', async () => {
    const reply = await call('loadRow', '["charts"]', { origin: 'http://evil.example' });
    expect(reply.status).toBe(403);
    expect(fake.handlers.loadRow).not.toHaveBeenCalled();
  });

  it('refuses a cross-site request', async () => {
    const reply = await call('signOut', '[]', { 'sec-fetch-site': 'cross-site' });
    expect(reply.status).toBe(403);
    expect(fake.handlers.signOut).not.toHaveBeenCalled();
  });

  it('accepts its own Origin and a same-origin fetch', async () => {
    const reply = await call('getState', '[]', { origin: server.origin, 'sec-fetch-site': 'same-origin' });
    expect(reply.status).toBe(200);
  });

  it.each([
    ['GET', '/'],
    ['GET', '/assets/app-1234.js'],
    ['GET', '/api/events'],
    ['POST', '/api/call/getState'],
  ])('refuses %s %s without the session cookie', async (method, path) => {
    const reply = await send(method, path, { cookie: false, ...(method === 'POST' ? { body: '[]' } : {}) });
    expect(reply.status).toBe(403);
    expect(fake.handlers.getState).not.toHaveBeenCalled();
  });

  it('refuses a wrong cookie', async () => {
    const reply = await send('GET', '/', { headers: { cookie: `tunewall_session=${'x'.repeat(43)}` } });
    expect(reply.status).toBe(403);
  });

  it.each([
    ['a wrong key', `/launch?key=${'x'.repeat(43)}`],
    ['a key of another length', '/launch?key=short'],
    ['no key', '/launch'],
  ])('refuses a launch with %s and sets no cookie', async (_, path) => {
    const reply = await send('GET', path, { cookie: false });
    expect(reply.status).toBe(403);
    expect(reply.headers['set-cookie']).toBeUndefined();
  });
});

describe('the launch key', () => {
  /** A server of its own, so each test starts with an unused key. */
  async function fresh(): Promise<{ srv: KioskServer; reused: ReturnType<typeof vi.fn>; launched: ReturnType<typeof vi.fn>; log: ReturnType<typeof memoryLogger> }> {
    const reused = vi.fn();
    const launched = vi.fn();
    const log = memoryLogger();
    const srv = await startKioskServer({
      core: fakeCore().core,
      rendererDir: join(dir, 'renderer'),
      secret: 'L'.repeat(43),
      port: 0,
      logger: log,
      onLaunchKeyReused: reused,
      onLaunched: launched,
    });
    opened.push(srv);
    return { srv, reused, launched, log };
  }
  const opened: KioskServer[] = [];
  afterAll(async () => {
    for (const srv of opened) await srv.close();
  });
  const cookieOf = (response: Response): string => /^tunewall_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const page = (srv: KioskServer, value: string) => fetch(`${srv.origin}/`, { headers: { cookie: `tunewall_session=${value}` } });

  it('works once: a separate random HttpOnly, SameSite=Strict session cookie, and a page that goes on to the app', async () => {
    const { srv, launched } = await fresh();
    const response = await fetch(srv.launchUrl, { redirect: 'manual' });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=Strict/i);
    expect(setCookie).toMatch(/;\s*Path=\//i);
    const value = cookieOf(response);
    expect(value).not.toBe('L'.repeat(43));
    expect(value).toMatch(/^[\w-]{43}$/);
    // The landing page moves on by itself, same-origin, so the Strict cookie goes with the next request.
    expect(await response.text()).toContain('<meta http-equiv="refresh" content="0;url=/">');
    expect(launched).toHaveBeenCalledTimes(1);
    expect((await page(srv, value)).status).toBe(200);
  });

  it('a second use is refused and logged, every session is revoked, and the shell is told', async () => {
    const { srv, reused, log } = await fresh();
    const first = await fetch(srv.launchUrl, { redirect: 'manual' });
    const value = cookieOf(first);
    const second = await fetch(srv.launchUrl, { redirect: 'manual' });
    expect(second.status).toBe(403);
    expect(second.headers.get('set-cookie')).toBeNull();
    expect(reused).toHaveBeenCalledTimes(1);
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 'warn', message: expect.stringContaining('launch key was used a second time') }));
    // Whoever came first may have been someone else: that session is closed too.
    expect((await page(srv, value)).status).toBe(403);
    // The key never appears in a log line.
    expect(JSON.stringify(log.lines)).not.toContain('L'.repeat(43));
  });

  it('a new key works once more; the old one is refused', async () => {
    const { srv } = await fresh();
    await fetch(srv.launchUrl, { redirect: 'manual' });
    const oldUrl = srv.launchUrl;
    const newUrl = srv.newLaunchKey();
    expect(newUrl).not.toBe(oldUrl);
    expect((await fetch(oldUrl, { redirect: 'manual' })).status).toBe(403);
    const next = await fetch(newUrl, { redirect: 'manual' });
    expect(next.status).toBe(200);
    expect((await page(srv, cookieOf(next))).status).toBe(200);
  });

  it('accepts the launch navigation from the launch page (a file, so cross-site) and nothing else cross-site', async () => {
    const { srv } = await fresh();
    const launch = await fetch(srv.launchUrl, { redirect: 'manual', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(launch.status).toBe(200);
    const value = cookieOf(launch);
    const crossSite = await fetch(`${srv.origin}/`, { headers: { cookie: `tunewall_session=${value}`, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
  });
});

describe('pictures on the page origin', () => {
  const PICTURE = '/artwork/aHR0cHM6Ly9pbWcuZXhhbXBsZS50ZXN0L2EuanBn';

  it("are the core's to answer, with the picture's own cache headers and the page's policy", async () => {
    const reply = await send('GET', PICTURE);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('image/jpeg');
    expect(reply.headers['cache-control']).toBe('private, max-age=604800');
    expect(reply.headers['content-security-policy']).toContain("img-src 'self' data:;");
    expect(fake.artwork).toHaveBeenCalledTimes(1);
    expect(new URL(fake.artwork.mock.calls[0]?.[0].url ?? '').pathname).toBe(PICTURE);
    expect((await send('GET', '/artwork/nope')).status).toBe(404);
  });

  it('need the session like everything else', async () => {
    expect((await send('GET', PICTURE, { cookie: false })).status).toBe(403);
    expect((await send('GET', PICTURE, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect(fake.artwork).not.toHaveBeenCalled();
  });
});

describe('security headers on every response', () => {
  const expectSecurityHeaders = (headers: IncomingHttpHeaders, what: string) => {
    const csp = String(headers['content-security-policy'] ?? '');
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toContain("script-src 'self'");
    expect(csp, what).toContain("object-src 'none'");
    expect(headers['x-frame-options'], what).toBe('DENY');
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['referrer-policy'], what).toBe('no-referrer');
    expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  };

  it.each([
    ['the page', 'GET', '/', {}],
    ['an asset', 'GET', '/assets/app-1234.js', {}],
    ['an app route', 'GET', '/detail/chart/x', {}],
    ['a bridge call', 'POST', '/api/call/getState', { body: '[]' }],
    ['a bridge error', 'POST', '/api/call/diagnostics', { body: '[]' }],
    ['an unknown API path', 'GET', '/api/nothing', {}],
    ['a refusal without a session', 'GET', '/', { cookie: false }],
    ['a refusal of a foreign Host', 'GET', '/', { headers: { host: 'evil.example' } }],
    ['a refused launch', 'GET', '/launch?key=nope', { cookie: false }],
  ] as const)('%s', async (what, method, path, options) => {
    const reply = await send(method, path, options);
    expectSecurityHeaders(reply.headers, what);
  });

  it('the event stream', async () => {
    const events = openEvents();
    const response = await events.ready;
    expectSecurityHeaders(response.headers, 'events');
    events.destroy();
  });

  it('the launch itself', async () => {
    const srv = await startKioskServer({ core: fakeCore().core, rendererDir: join(dir, 'renderer'), secret: 'M'.repeat(43), port: 0 });
    try {
      const launch = await fetch(srv.launchUrl, { redirect: 'manual' });
      const headers: IncomingHttpHeaders = Object.fromEntries(launch.headers.entries());
      expectSecurityHeaders(headers, 'launch');
      expect(launch.headers.get('cache-control')).toBe('no-store');
    } finally {
      await srv.close();
    }
  });
});

describe('the page heartbeat', () => {
  it('takes what the page shows and answers the pace and whether to reload', async () => {
    reloads.push(false, true);
    const first = await send('POST', '/api/heartbeat', { body: JSON.stringify({ screen: 'home', problem: 'none', presses: [12, 30] }) });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ intervalMs: 5000, reload: false });
    const second = await send('POST', '/api/heartbeat', { body: JSON.stringify({ screen: 'detail', problem: 'error' }) });
    expect(JSON.parse(second.body)).toEqual({ intervalMs: 5000, reload: true });
    expect(beats.slice(-2)).toEqual([
      { screen: 'home', problem: 'none', presses: [12, 30] },
      { screen: 'detail', problem: 'error' },
    ]);
  });

  it('refuses a beat without the session, and one that is not a heartbeat', async () => {
    const before = beats.length;
    expect((await send('POST', '/api/heartbeat', { body: '{"screen":"home","problem":"none"}', cookie: false })).status).toBe(403);
    expect((await send('POST', '/api/heartbeat', { body: '{"screen":"lobby","problem":"none"}' })).status).toBe(400);
    expect((await send('POST', '/api/heartbeat', { body: 'home' })).status).toBe(400);
    expect(beats.length).toBe(before);
  });
});

describe('bridge calls', () => {
  it('passes the arguments to the handler and answers its value', async () => {
    const reply = await call('getTracks', JSON.stringify([{ kind: 'chart', id: 'c1' }, 500, 100]));
    expect(reply.status).toBe(200);
    expect(fake.handlers.getTracks).toHaveBeenCalledWith({ kind: 'chart', id: 'c1' }, 500, 100);
    expect(JSON.parse(reply.body)).toEqual({ value: { ok: true, value: { offset: 500, total: 0, tracks: [], limit: 100 } } });
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers null for a handler without a value', async () => {
    const reply = await call('setLanguage', '["ja"]');
    expect(reply.status).toBe(200);
    expect(fake.handlers.setLanguage).toHaveBeenCalledWith('ja');
    expect(JSON.parse(reply.body)).toEqual({ value: null });
  });

  it.each(['unknown', 'constructor', 'toString', '__proto__', 'subscribe', 'dispose'])('answers 404 to method %s', async (m) => {
    const reply = await call(m, '[]');
    expect(reply.status).toBe(404);
  });

  it.each([
    ['an object', '{"id":"charts"}'],
    ['a string', '"charts"'],
    ['null', 'null'],
    ['not JSON', 'charts'],
    ['too many arguments', '[1,2,3,4,5]'],
  ])('answers 400 to a body that is %s', async (_, body) => {
    const reply = await call('loadRow', body);
    expect(reply.status).toBe(400);
    expect(fake.handlers.loadRow).not.toHaveBeenCalled();
  });

  it('answers 413 to a large body, with or without a length', async () => {
    const big = JSON.stringify(['x'.repeat(100_000)]);
    expect((await call('qrCode', big, { 'content-length': String(Buffer.byteLength(big)) })).status).toBe(413);
    expect((await call('qrCode', big, { 'transfer-encoding': 'chunked' })).status).toBe(413);
    expect(fake.handlers.qrCode).not.toHaveBeenCalled();
  });

  it('answers a handler that throws with a 500 that tells nothing of the error', async () => {
    const reply = await call('diagnostics', '[]');
    expect(reply.status).toBe(500);
    expect(reply.body).not.toContain('secret internals');
    expect(logger.lines).toContainEqual(expect.objectContaining({ level: 'error', fields: expect.objectContaining({ path: '/api/call/diagnostics' }) }));
  });

  it('does not serve the renderer for unknown API paths', async () => {
    expect((await send('GET', '/api/call/getState')).status).toBe(404);
    expect((await send('GET', '/api/nothing')).status).toBe(404);
  });
});

describe('events', () => {
  it('sends the current state first, then every pushed event, and unsubscribes when the page goes', async () => {
    const stream = openEvents();
    const res = await stream.ready;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(await stream.next()).toEqual({ type: 'state', state: STATE });
    await vi.waitFor(() => expect(fake.listeners.size).toBe(1));
    fake.emit({ type: 'intent', intent: 'back' });
    fake.emit({ type: 'row', row: { id: 'charts', tiles: [], fetchedAt: 2, fromCache: false } });
    expect(await stream.next()).toEqual({ type: 'intent', intent: 'back' });
    expect(await stream.next()).toMatchObject({ type: 'row', row: { id: 'charts' } });
    stream.destroy();
    await vi.waitFor(() => expect(fake.listeners.size).toBe(0));
  });

  it('refuses the stream to a foreign Origin', async () => {
    const reply = await send('GET', '/api/events', { headers: { origin: 'http://evil.example' } });
    expect(reply.status).toBe(403);
  });
});

describe('static renderer', () => {
  it('serves index.html at / without caching', async () => {
    const reply = await send('GET', '/');
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('<title>Tunewall</title>');
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves hashed assets as immutable', async () => {
    const reply = await send('GET', '/assets/app-1234.js');
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('tunewall');
    expect(reply.headers['cache-control']).toContain('immutable');
  });

  it('answers an app route with index.html', async () => {
    const reply = await send('GET', '/settings');
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('<title>Tunewall</title>');
  });

  it.each(['/../outside.txt', '/%2e%2e/outside.txt', '/assets/..%2f..%2foutside.txt'])('never serves a file outside the renderer: %s', async (path) => {
    const reply = await send('GET', path);
    expect(reply.body).not.toContain('not for the page');
  });
});

describe('boot view in the page', () => {
  const title = 'Hits </script><script>alert(1)</script> & <!-- more';
  const view: BootView = {
    state: { ...STATE, auth: { status: 'signed-in', mode: 'member', member: { name: 'Lin', images: [], territory: 'TW' } } },
    rows: [{ id: 'charts', tiles: [{ key: 'c1', title, subtitle: undefined, ref: { kind: 'chart', id: 'c1' }, images: [], group: undefined }], fetchedAt: 5, fromCache: true }],
  };
  const block = (html: string): string | undefined =>
    /<script type="application\/json" id="tunewall-boot">([\s\S]*?)<\/script>/.exec(html)?.[1];

  it('carries the state and the cached rows of the core at / and on app routes, as data no text in it can end', async () => {
    fake.core.bootView = () => view;
    try {
      for (const path of ['/', '/index.html', '/settings']) {
        const reply = await send('GET', path);
        expect(reply.status).toBe(200);
        expect(reply.body).toContain('<title>Tunewall</title>');
        const json = block(reply.body);
        expect(json).toBeDefined();
        // Nothing in the data reads as markup: the only script tag is the data block itself.
        expect(json).not.toMatch(/[<>&]/);
        expect(reply.body.match(/<script/g)).toHaveLength(1);
        expect(JSON.parse(json ?? '')).toEqual(view);
      }
    } finally {
      delete fake.core.bootView;
    }
  });

  it('puts the block inside the body when the page has one', () => {
    const html = withBootView('<html><body><div id="root"></div></body></html>', view);
    expect(html.indexOf('id="tunewall-boot"')).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(html.endsWith('</script></body></html>')).toBe(true);
  });

  it('serves the page as it is when the core has no boot view', async () => {
    const reply = await send('GET', '/');
    expect(reply.body).toBe('<!doctype html><title>Tunewall</title>');
  });
});

/** Runs `run` against a second server (its own core and renderer folder), launched; `send` talks to it meanwhile. */
async function onOtherServer(options: { core: AppCore; rendererDir: string }, run: (other: KioskServer) => Promise<void>): Promise<void> {
  const other = await startKioskServer({ ...options, secret: SECRET, port: 0 });
  const previous = { host, port, session };
  const url = new URL(other.origin);
  host = url.host;
  port = Number(url.port);
  try {
    const launch = await send('GET', `/launch?key=${SECRET}`, { cookie: false });
    session = /^tunewall_session=([^;]+)/.exec(launch.headers['set-cookie']?.[0] ?? '')?.[1] ?? '';
    await run(other);
  } finally {
    ({ host, port, session } = previous);
    await other.close();
  }
}

describe('the stylesheet written into the page', () => {
  const css = 'body{background:#0b0d12}.qr{width:20rem}';
  const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

  it("is in the page at / and on app routes, allowed by the page's policy by its hash; other answers allow no inline style", async () => {
    const styled = join(dir, 'styled');
    mkdirSync(join(styled, 'assets'), { recursive: true });
    writeFileSync(join(styled, 'assets', 'style-Ab12.css'), css);
    writeFileSync(
      join(styled, 'index.html'),
      `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'; style-src 'self'" /><title>Tunewall</title><link rel="stylesheet" crossorigin href="./assets/style-Ab12.css"></head><body><div id="root"></div></body></html>`,
    );
    await onOtherServer({ core: fakeCore().core, rendererDir: styled }, async () => {
      for (const path of ['/', '/settings']) {
        const reply = await send('GET', path);
        expect(reply.body).toContain(`<style>${css}</style>`);
        expect(reply.body).not.toContain('rel="stylesheet"');
        expect(reply.body).toContain(`content="default-src 'self'; style-src 'self' ${hash}"`);
        expect(reply.headers['content-security-policy']).toContain(`; style-src 'self' ${hash}; img-src`);
      }
      // The file itself is still served (a page from an older shell links it), under the policy without hashes.
      const file = await send('GET', '/assets/style-Ab12.css');
      expect(file.body).toBe(css);
      expect(file.headers['content-security-policy']).toContain("; style-src 'self'; img-src");
    });
  });
});

describe('close', () => {
  it('ends open event streams at once instead of waiting for them', async () => {
    const local = fakeCore();
    await onOtherServer({ core: local.core, rendererDir: join(dir, 'renderer') }, async (other) => {
      const stream = openEvents();
      await stream.ready;
      await stream.next();
      const ended = stream.ended();
      await other.close();
      await ended;
      await vi.waitFor(() => expect(local.listeners.size).toBe(0));
    });
  });
});

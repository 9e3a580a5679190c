/**
 * What the sandbox answers when a request is not one it can serve: unknown paths and methods, bodies that are
 * malformed, of the wrong type or too large, and bytes that are not HTTP at all. Each answer is JSON in the error shape
 * of the host the request was meant for ({"error": …} for the token service, {"error": {message, code}} for the
 * catalog), and none is a 500.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TokenErrorSchema } from '../../shared/service/auth';
import { CatalogErrorSchema } from '../../shared/service/catalog';
import { BODY_LIMIT_BYTES } from '../../sandbox/http/guards';
import { catalogFixture } from './catalog-fixture';
import { x } from './contract-paths';

const fx = catalogFixture();

const QrErrorSchema = z.object({ status: z.literal('ERROR'), error: z.string(), error_description: z.string() });

type HostName = 'token' | 'catalog' | 'qr' | 'control';
const SCHEMA: Record<HostName, z.ZodType> = { token: TokenErrorSchema, catalog: CatalogErrorSchema, qr: QrErrorSchema, control: TokenErrorSchema };

async function expectHostError(res: Response, status: number, host: HostName): Promise<unknown> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(text);
  SCHEMA[host].parse(body);
  return body;
}

const send = (path: string, init: RequestInit = {}): Promise<Response> => fetch(`${fx.sb.origin}${path}`, init);
const bearer = (): Record<string, string> => ({ authorization: `Bearer ${fx.member}` });

/** Every POST route a client or a phone's browser sends a body to, with the host whose shape its errors take. */
const POST_ROUTES: { path: string; host: HostName; member?: boolean }[] = [
  { path: '/oauth2/token', host: 'token' },
  { path: '/oauth2/device/code', host: 'token' },
  { path: '/oauth2/device_authorization', host: 'token' },
  { path: '/oauth2/login', host: 'token' },
  { path: '/oauth2/logout', host: 'token' },
  { path: '/oauth2/authorize/decision', host: 'token' },
  { path: '/oauth2/device/decision', host: 'token' },
  { path: '/v1.1/me/favorite', host: 'catalog', member: true },
  { path: '/__sandbox/approve', host: 'control' },
];

const FORM_ROUTES = POST_ROUTES.filter((r) => r.path !== '/__sandbox/approve' && !r.path.startsWith('/oauth2/device_') && r.path !== '/oauth2/token' && r.path !== '/oauth2/device/code');

describe('unknown paths and methods', () => {
  it.each([
    ['/oauth2/nothing-here', 'token'],
    ['/nothing-here', 'token'],
    ['/v1.1/featured-playlists', 'catalog'],
    ['/v1.1', 'catalog'],
    ['/v2/charts', 'token'],
    ['/artwork/album/nope.jpg', 'catalog'],
    ['/__sandbox/nothing-here', 'control'],
  ] as const)('GET %s answers a JSON 404 in the %s shape', async (path, host) => {
    await expectHostError(await send(path), 404, host);
  });

  it('the catalog says "Resource does not exist" for a path it does not list', async () => {
    const body = await expectHostError(await send('/v1.1/featured-playlists?territory=TW', { headers: bearer() }), 404, 'catalog');
    expect(body).toEqual({ error: { message: 'Resource does not exist', code: 0 } });
  });

  it.each([
    ['GET', '/oauth2/token', 'token', 'POST'],
    ['PUT', '/oauth2/token/', 'token', 'POST'],
    ['GET', '/oauth2/device/code', 'token', 'POST'],
    ['DELETE', '/oauth2/authorize', 'token', 'GET, HEAD'],
    ['POST', '/v1.1/charts', 'catalog', 'GET, HEAD'],
    ['DELETE', `/v1.1/tracks/${x.track.id}`, 'catalog', 'GET, HEAD'],
    ['PATCH', '/v1.1/me/favorite', 'catalog', 'GET, HEAD, POST'],
    ['POST', '/generator', 'qr', 'GET, HEAD'],
    ['PUT', '/__sandbox/faults', 'control', 'POST'],
  ] as const)('%s %s answers a JSON 405 in the %s shape with Allow: %s', async (method, path, host, allow) => {
    const res = await send(path, { method, headers: bearer() });
    await expectHostError(res, 405, host);
    expect(res.headers.get('allow')).toBe(allow);
  });
});

describe('bodies that are not what the route reads', () => {
  const brokenMultipart = (): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=----tunewall', ...bearer() },
    body: '------tunewall\r\nContent-Disposition: form-data; name="track_id"\r\n\r\nno closing boundary',
  });

  it.each(FORM_ROUTES)('a malformed multipart body to $path answers 400 in the $host shape', async ({ path, host }) => {
    await expectHostError(await send(path, brokenMultipart()), 400, host);
  });

  it('a multipart body whose boundary the header does not name is refused too', async () => {
    const res = await send('/oauth2/login', { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'username=demo' });
    await expectHostError(res, 400, 'token');
  });

  it.each([
    ['/oauth2/token', 'application/json', '{"grant_type":"client_credentials"}', 'token'],
    ['/oauth2/token', 'text/plain', 'grant_type=client_credentials', 'token'],
    ['/oauth2/login', 'application/json', '{"username":"demo","password":"demo"}', 'token'],
    ['/oauth2/device/decision', 'text/xml', '<decision/>', 'token'],
    ['/v1.1/me/favorite', 'application/xml', '<track_id>x</track_id>', 'catalog'],
    ['/v1.1/me/favorite', 'application/json', '{"track_id":', 'catalog'],
    ['/__sandbox/approve', 'application/json', '{"user_code":', 'control'],
  ] as const)('POST %s with %s %s answers 400 in the %s shape', async (path, type, body, host) => {
    await expectHostError(await send(path, { method: 'POST', headers: { 'content-type': type, ...bearer() }, body }), 400, host);
  });

  it.each(POST_ROUTES)('a 20 MB body to $path answers 413 in the $host shape, and the route never runs', async ({ path, host }) => {
    const before = fx.sb.control.pendingUserCodes().length;
    const body = `client_id=${fx.sb.client.id}&pad=${'x'.repeat(20 * 1024 * 1024)}`;
    const res = await send(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer() }, body });
    await expectHostError(res, 413, host);
    expect(fx.sb.control.pendingUserCodes()).toHaveLength(before);
  });

  it('a body streamed without Content-Length is cut off at the cap too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > BODY_LIMIT_BYTES * 4) controller.close();
        else {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
      },
    });
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: stream,
      duplex: 'half',
    };
    await expectHostError(await send('/oauth2/token', init), 413, 'token');
  });

  it('a body just under the cap is read', async () => {
    const pad = 'x'.repeat(BODY_LIMIT_BYTES - 200);
    const res = await send('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=${fx.sb.client.id}&client_secret=${fx.sb.client.secret}&pad=${pad}`,
    });
    expect(res.status).toBe(200);
  });
});

/** Writes raw bytes to the sandbox and reads what comes back before the socket closes. */
function rawExchange(bytes: string): Promise<string> {
  const { hostname, port } = new URL(fx.sb.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('bytes that are not HTTP', () => {
  it.each([
    ['a request line that is no request line', 'HELLO SANDBOX\r\n\r\n'],
    ['a header without a colon', 'GET /v1.1/charts HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n'],
    ['a Content-Length that is not a number', 'POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Length: lots\r\n\r\n'],
  ])('%s gets a JSON 400, not a bare one', async (_label, bytes) => {
    const answer = await rawExchange(bytes);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    const body: unknown = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(TokenErrorSchema.parse(body).error).toBe('invalid_request');
  });
});

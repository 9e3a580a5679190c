/**
 * The attacks a phone's server on the LAN must refuse, each over real HTTP on 127.0.0.1: a foreign Origin, a rebinding
 * Host, a replayed pairing secret, 1,000 guessed codes, a removed phone's credential, a phone of one member asking for
 * another's favourites, an oversized or malformed body, and a slow-loris connection. Each is refused with its status,
 * logged without a secret, and nothing is asked of the TV or the service on its behalf.
 */
import { connect } from 'node:net';
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS_PER_MINUTE, MAX_WRONG_CODES } from '../../../../../main/core/features/companion/pairing';
import { openEvents, pairPhone, secretOf, send, startCompanion } from './support';

type Started = Awaited<ReturnType<typeof startCompanion>>;
let running: Started | undefined;
const streams: Array<() => void> = [];

async function start(): Promise<Started> {
  running = await startCompanion();
  return running;
}

afterEach(async () => {
  for (const close of streams.splice(0)) close();
  await running?.companion.stop();
  running = undefined;
});

/** The refusals logged, as `error` fields. */
function refusalsLogged(started: Started): unknown[] {
  return started.deps.logger.lines.filter((line) => line.message === 'companion: request refused').map((line) => line.fields?.['error']);
}

describe('refused before any route', () => {
  it('a foreign Origin: 403, logged, and the offer it aimed at still works', async () => {
    const started = await start();
    const { companion, port } = started;
    const offer = companion.pairingOffer();
    if (!offer.ok) throw new Error('no offer');
    const body = JSON.stringify({ secret: secretOf(offer.value.url) });
    const reply = await send(port, 'POST', '/api/pair', { body, headers: { origin: 'http://evil.example' } });
    expect([reply.status, reply.json]).toEqual([403, { error: 'foreign origin' }]);
    const crossSite = await send(port, 'POST', '/api/pair', { body, headers: { 'sec-fetch-site': 'cross-site' } });
    expect([crossSite.status, crossSite.json]).toEqual([403, { error: 'cross-site request' }]);
    expect(refusalsLogged(started)).toEqual(['foreign origin', 'cross-site request']);
    expect(companion.phones()).toEqual([]);
    expect((await send(port, 'POST', '/api/pair', { body })).status).toBe(200);
  });

  it('a rebinding Host (a name that resolved to the TV, another port): 403 for every route, a paired phone’s too', async () => {
    const started = await start();
    const { companion, origin, port } = started;
    const paired = await pairPhone(companion, origin);
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, `localhost:${port}`]) {
      const reply = await send(port, 'GET', '/api/rows/charts', { headers: { host, authorization: `Bearer ${paired.credential}` } });
      expect([reply.status, reply.json], host).toEqual([403, { error: 'wrong host' }]);
      expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    expect((await send(port, 'GET', '/', { headers: { host: 'evil.example' } })).status).toBe(403);
    expect(refusalsLogged(started)).toEqual(Array(5).fill('wrong host'));
    expect(started.deps.logger.lines.find((l) => l.fields?.['error'] === 'wrong host')?.fields).toMatchObject({ host: 'evil.example', path: '/api/rows/charts' });
    expect(started.touched()).toBe(false);
  });
});

describe('pairing attacks', () => {
  it('a replayed pairing secret gets nothing: 410, logged, still one phone', async () => {
    const started = await start();
    const { companion, port } = started;
    const offer = companion.pairingOffer();
    if (!offer.ok) throw new Error('no offer');
    const body = JSON.stringify({ secret: secretOf(offer.value.url) });
    expect((await send(port, 'POST', '/api/pair', { body })).status).toBe(200);
    const replay = await send(port, 'POST', '/api/pair', { body });
    expect([replay.status, replay.json]).toEqual([410, { error: 'pairing refused: used' }]);
    expect(companion.phones()).toHaveLength(1);
    expect(refusalsLogged(started)).toEqual(['pairing refused: used']);
    expect(JSON.stringify(started.deps.logger.lines)).not.toContain(secretOf(offer.value.url));
  });

  // A thousand requests one after another: allowed a minute and a half on a busy machine.
  it('1,000 guessed codes: the code burns after five, the rest are limited, the right code then gets nothing', { timeout: 90_000 }, async () => {
    const started = await start();
    const { companion, port, deps } = started;
    const offer = companion.pairingOffer();
    if (!offer.ok) throw new Error('no offer');
    const real = Number(offer.value.code);
    const guesses = Array.from({ length: 1000 }, (_, i) => String((real + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers: string[] = [];
    for (const code of guesses) {
      const reply = await send(port, 'POST', '/api/pair', { body: JSON.stringify({ code }) });
      answers.push(`${reply.status} ${(reply.json as { error: string }).error}`);
    }
    const count = (answer: string): number => answers.filter((a) => a === answer).length;
    expect(count('401 pairing refused: wrong')).toBe(MAX_WRONG_CODES - 1);
    expect(count('401 pairing refused: burnt')).toBe(1);
    expect(count('410 pairing refused: expired')).toBe(MAX_ATTEMPTS_PER_MINUTE - MAX_WRONG_CODES);
    expect(count('429 too many pairing attempts')).toBe(1000 - MAX_ATTEMPTS_PER_MINUTE);
    const limited = await send(port, 'POST', '/api/pair', { body: JSON.stringify({ code: offer.value.code }) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    deps.clock.advance(61_000);
    const late = await send(port, 'POST', '/api/pair', { body: JSON.stringify({ code: offer.value.code }) });
    expect([late.status, late.json]).toEqual([410, { error: 'pairing refused: expired' }]);
    expect(companion.phones()).toEqual([]);
    expect(refusalsLogged(started)).toHaveLength(1002);
    expect(deps.changed).toHaveBeenCalled();
    expect(JSON.stringify(deps.logger.lines)).not.toContain(`"${offer.value.code}"`);
  });

  it('a removed phone’s credential: 401 at its next request, its open stream ended at once', async () => {
    const started = await start();
    const { companion, origin, port } = started;
    const paired = await pairPhone(companion, origin);
    const events = await openEvents(origin, paired.credential);
    streams.push(events.close);
    expect(companion.removePhone(paired.phone.id)).toBe(true);
    expect(await events.next()).toBeUndefined();
    const reply = await send(port, 'GET', '/api/home', { headers: { authorization: `Bearer ${paired.credential}` } });
    expect([reply.status, reply.json]).toEqual([401, { error: 'unknown credential' }]);
    const again = await send(port, 'GET', '/api/events', { headers: { authorization: `Bearer ${paired.credential}` } });
    expect(again.status).toBe(401);
    expect(refusalsLogged(started)).toEqual(['unknown credential', 'unknown credential']);
    expect(started.touched()).toBe(false);
  });

  it('signing a member out removes their phones only', async () => {
    const started = await start();
    const { companion, origin, port, screen } = started;
    const a = await pairPhone(companion, origin);
    screen.member = 'member-b';
    const b = await pairPhone(companion, origin);
    expect(companion.removePhonesOf('member-a')).toBe(1);
    expect((await send(port, 'GET', '/api/home', { headers: { authorization: `Bearer ${a.credential}` } })).status).toBe(401);
    expect((await send(port, 'GET', '/api/home', { headers: { authorization: `Bearer ${b.credential}` } })).status).toBe(200);
  });
});

describe('a phone of member A', () => {
  it('asking for member B’s favourites while B is on screen: 403, logged, nothing loaded; its Home leaves them out', async () => {
    const started = await start();
    const { companion, origin, port, screen, deps } = started;
    const paired = await pairPhone(companion, origin);
    screen.member = 'member-b';
    const auth = { authorization: `Bearer ${paired.credential}` };
    for (const row of ['favorites', 'collected-playlists', 'album-collection', 'shared-playlists']) {
      const reply = await send(port, 'GET', `/api/rows/${row}`, { headers: auth });
      expect(reply.status, row).toBe(403);
    }
    const home = await send(port, 'GET', '/api/home', { headers: auth });
    expect(home.json).toEqual({ rows: ['charts', 'new-hits', 'mood-stations', 'genre-stations', 'new-releases', 'kids'], memberOnScreen: false });
    // Naming the other member in a body is no way round it: the schema refuses the field.
    const named = await send(port, 'POST', '/api/favorites', { headers: auth, body: JSON.stringify({ trackId: 't1', memberKey: 'member-b' }) });
    expect(named.status).toBe(400);
    expect(refusalsLogged(started)).toHaveLength(5);
    expect(deps.logger.lines.find((l) => l.fields?.['row'] === 'favorites')?.fields).toMatchObject({ phone: paired.phone.id, status: 403 });
    expect(started.touched()).toBe(false);
    // The public catalog is answered whoever is on screen.
    expect((await send(port, 'GET', '/api/rows/charts', { headers: auth })).status).toBe(200);
  });

  it('a member switch while its row loads: the row is not handed over (409)', async () => {
    const started = await start();
    const { companion, origin, port, screen, deps } = started;
    const paired = await pairPhone(companion, origin);
    deps.views.loadRow.mockImplementationOnce(async (id) => {
      screen.member = 'member-b';
      return { ok: true, value: { id, tiles: [], fetchedAt: 1, fromCache: false } };
    });
    const reply = await send(port, 'GET', '/api/rows/favorites', { headers: { authorization: `Bearer ${paired.credential}` } });
    expect([reply.status, reply.json]).toEqual([409, { error: 'the one on screen changed' }]);
  });
});

describe('bodies', () => {
  it('an oversized body is refused at 8 KB, with or without a length; nothing reaches the TV', async () => {
    const started = await start();
    const { companion, origin, port } = started;
    const paired = await pairPhone(companion, origin);
    const huge = JSON.stringify({ kind: 'track', trackId: 'x'.repeat(9000) });
    const reply = await send(port, 'POST', '/api/show', { headers: { authorization: `Bearer ${paired.credential}` }, body: huge });
    expect([reply.status, reply.json]).toEqual([413, { error: 'request too large' }]);
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/pair', headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 10; i += 1) req.write('x'.repeat(1024));
      req.end();
    });
    expect(chunked).toBe(413);
    expect(refusalsLogged(started)).toEqual(['request too large', 'request too large']);
    expect(started.touched()).toBe(false);
  });

  it('a malformed body (not JSON, not JSON typed, not the shape asked for): 400, nothing reaches the TV', async () => {
    const started = await start();
    const { companion, origin, port } = started;
    const paired = await pairPhone(companion, origin);
    const auth = { authorization: `Bearer ${paired.credential}` };
    const bodies: Array<[string, string, Record<string, string>?]> = [
      ['/api/show', '{"kind":"detail",'],
      ['/api/show', JSON.stringify({ kind: 'detail', ref: { kind: 'chart', id: 'c1' } }), { 'content-type': 'text/plain' }],
      ['/api/show', JSON.stringify({ kind: 'detail', ref: { kind: 'nonsense', id: 'c1' } })],
      ['/api/show', JSON.stringify({ kind: 'detail', ref: { kind: 'chart', id: 'c1', extra: 1 } })],
      ['/api/remote', JSON.stringify({ key: 'power' })],
      ['/api/remote', JSON.stringify([{ key: 'up' }])],
      ['/api/favorites', JSON.stringify({ trackId: '' })],
      ['/api/pair', JSON.stringify({ code: '12 345' })],
      ['/api/pair', JSON.stringify({ secret: 'short' })],
    ];
    for (const [path, body, headers] of bodies) {
      const reply = await send(port, 'POST', path, { headers: { ...auth, ...headers }, body });
      expect(reply.status, `${path} ${body}`).toBe(400);
    }
    expect(refusalsLogged(started)).toHaveLength(bodies.length);
    expect(started.touched()).toBe(false);
    const badPage = await send(port, 'GET', '/api/details/album/al-1/tracks?offset=-1&limit=9999', { headers: auth });
    expect(badPage.status).toBe(400);
    expect(started.touched()).toBe(false);
  });
});

describe('a slow-loris connection', () => {
  it('sending its headers a byte at a time is answered 408 and closed, and logged', async () => {
    const started = await start();
    const { port, deps } = started;
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const began = Date.now();
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write('X');
    }, 50);
    const at = await closed;
    clearInterval(drip);
    expect(at - began).toBeLessThan(3000);
    expect(Buffer.concat(received).toString('latin1')).toMatch(/^HTTP\/1\.1 408/);
    expect(deps.logger.lines).toContainEqual(expect.objectContaining({ level: 'warn', message: 'companion: connection refused before any request was read', fields: { reason: 'ERR_HTTP_REQUEST_TIMEOUT' } }));
    expect(started.touched()).toBe(false);
  });
});

/**
 * A view's pictures for a paired phone, over real HTTP on 127.0.0.1: a picture a view handed to a phone is answered
 * with its bytes and type (fetched by the TV's artwork feature, once); any other path is refused before anything is
 * fetched, and so is a request without a credential, with one the TV does not know, or from a phone removed on the TV.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ImageView } from '../../../../../shared/bridge';
import type { RowView } from '../../../../../shared/catalogViews';
import { artworkPath } from '../../../../../main/core/features/artwork/artworkPath';
import { pairPhone, PICTURE_BYTES, send, startCompanion } from './support';

type Started = Awaited<ReturnType<typeof startCompanion>>;
let running: Started | undefined;

afterEach(async () => {
  await running?.companion.stop();
  running = undefined;
});

const SHOWN = 'https://img.example.test/album/a1/500x500.jpg';
const image = (url: string): ImageView => ({ url: artworkPath(url), width: 500, height: 500 });
const apiPath = (url: string): string => `/api${artworkPath(url)}`;

/** A paired phone that was shown Home's charts, whose one tile has the picture SHOWN. */
async function shownCharts() {
  running = await startCompanion();
  const { companion, origin, deps } = running;
  const row: RowView = { id: 'charts', tiles: [{ ref: { kind: 'chart', id: 'c1' }, key: 'c1', title: 'Top', subtitle: undefined, images: [image(SHOWN)], group: undefined }], fetchedAt: 1, fromCache: false };
  deps.views.loadRow.mockResolvedValueOnce({ ok: true, value: row });
  const paired = await pairPhone(companion, origin);
  const bearer = { authorization: `Bearer ${paired.credential}` };
  expect((await send(running.port, 'GET', '/api/rows/charts', { headers: bearer })).status).toBe(200);
  return { ...running, paired, bearer };
}

const refusals = (started: Started) => started.deps.logger.lines.filter((l) => l.message === 'companion: request refused').map((l) => l.fields);

describe('a view’s pictures on the phone', () => {
  it('a picture a row showed the phone: its bytes and type, kept privately by the phone, fetched from the service once', async () => {
    const { port, bearer, net } = await shownCharts();
    const reply = await send(port, 'GET', apiPath(SHOWN), { headers: bearer });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('image/png');
    expect(reply.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(new Uint8Array(reply.bytes)).toEqual(PICTURE_BYTES);
    expect(net.requests.map((r) => r.url)).toEqual([SHOWN]);
    expect(net.requests[0]?.headers.get('authorization')).toBeNull();
    // Asked again: the TV's kept copy, the service not asked twice.
    await expect.poll(async () => (await send(port, 'GET', apiPath(SHOWN), { headers: bearer })).status).toBe(200);
    expect(net.requests).toHaveLength(1);
    // The page may draw what it made of the answer: a blob: URL, and nothing from another origin.
    expect((await send(port, 'GET', '/')).headers['content-security-policy']).toContain("img-src 'self' data: blob:;");
  });

  it('a path no view handed to a phone: refused 404 and logged, nothing fetched, whatever it names', async () => {
    const started = await shownCharts();
    const { port, bearer, net, paired } = started;
    for (const url of ['https://img.example.test/album/a2/500x500.jpg', 'http://192.168.1.1/admin', 'http://127.0.0.1:22/']) {
      const reply = await send(port, 'GET', apiPath(url), { headers: bearer });
      expect(reply.status, url).toBe(404);
      expect(reply.json).toEqual({ error: 'no such picture' });
    }
    // The shown picture's token with something after it, or encoded again, is not the shown path.
    expect((await send(port, 'GET', `${apiPath(SHOWN)}%2F..`, { headers: bearer })).status).toBe(404);
    expect((await send(port, 'GET', `${apiPath(SHOWN)}=`, { headers: bearer })).status).toBe(404);
    expect(net.requests).toEqual([]);
    expect(refusals(started)).toContainEqual(expect.objectContaining({ error: 'no such picture', status: 404, phone: paired.phone.id }));
  });

  it('without a credential, with one the TV does not know, or from a phone removed on the TV: refused 401, nothing fetched', async () => {
    const { port, net, companion, paired, bearer } = await shownCharts();
    expect((await send(port, 'GET', apiPath(SHOWN))).status).toBe(401);
    expect((await send(port, 'GET', apiPath(SHOWN), { headers: { authorization: `Bearer ${'x'.repeat(43)}` } })).status).toBe(401);
    expect(companion.removePhone(paired.phone.id)).toBe(true);
    const removed = await send(port, 'GET', apiPath(SHOWN), { headers: bearer });
    expect(removed.status).toBe(401);
    expect(removed.json).toEqual({ error: 'unknown credential' });
    expect(net.requests).toEqual([]);
  });

  it('a phone of another member, who was not shown it: refused 404 and logged, nothing fetched; once shown it, drawn', async () => {
    const started = await shownCharts();
    const { port, companion, origin, screen, net, deps } = started;
    screen.member = 'member-b';
    const b = await pairPhone(companion, origin);
    const auth = { authorization: `Bearer ${b.credential}` };
    const refused = await send(port, 'GET', apiPath(SHOWN), { headers: auth });
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual({ error: 'no such picture' });
    expect(net.requests).toEqual([]);
    expect(refusals(started)).toContainEqual(expect.objectContaining({ error: 'no such picture', phone: b.phone.id }));
    // The same chart on B's phone: now it is B's to see too.
    deps.views.loadRow.mockResolvedValueOnce({
      ok: true,
      value: { id: 'charts', tiles: [{ ref: { kind: 'chart', id: 'c1' }, key: 'c1', title: 'Top', subtitle: undefined, images: [image(SHOWN)], group: undefined }], fetchedAt: 1, fromCache: false },
    });
    expect((await send(port, 'GET', '/api/rows/charts', { headers: auth })).status).toBe(200);
    expect((await send(port, 'GET', apiPath(SHOWN), { headers: auth })).status).toBe(200);
  });

  it('a picture the TV sent the phone is drawn too', async () => {
    const { port, bearer, companion, net } = await shownCharts();
    const sent = 'https://img.example.test/album/t1/160x160.jpg';
    expect((await send(port, 'GET', apiPath(sent), { headers: bearer })).status).toBe(404);
    companion.sendToPhones('member-a', { kind: 'track', title: '晴天', url: 'https://music.example/track/t1', trackId: 't1', images: [image(sent)] });
    const reply = await send(port, 'GET', apiPath(sent), { headers: bearer });
    expect(reply.status).toBe(200);
    expect(net.requests.map((r) => r.url)).toEqual([sent]);
  });

  it('a picture the service does not give is told as a JSON error, never passed on as a picture', async () => {
    const { port, bearer, pictureHost } = await shownCharts();
    pictureHost.reply = () => new Response('<html>login</html>', { headers: { 'content-type': 'text/html' } });
    const reply = await send(port, 'GET', apiPath(SHOWN), { headers: bearer });
    expect(reply.status).toBe(502);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.json).toEqual({ error: 'the picture could not be fetched' });
    pictureHost.reply = () => new Response('gone', { status: 404 });
    expect((await send(port, 'GET', apiPath(SHOWN), { headers: bearer })).status).toBe(404);
  });
});

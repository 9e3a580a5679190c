/**
 * The companion as a phone uses it, over real HTTP on 127.0.0.1: off until started, paired with Node's own fetch by
 * the QR code's secret or the typed code, then Home, details, Show on TV, the remote pad, a favourite, and the live
 * stream with what it missed after a reconnection.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PairAnswer, SentItem } from '../../../../../shared/companion';
import { createCompanion } from '../../../../../main/core/features/companion/companion';
import { fakeDeps, openEvents, pairPhone, secretOf, send, startCompanion } from './support';

type Started = Awaited<ReturnType<typeof startCompanion>>;
let running: Started | undefined;
const streams: Array<() => void> = [];

async function start(options: { pinRequired?: boolean } = {}): Promise<Started> {
  running = await startCompanion(options);
  return running;
}

afterEach(async () => {
  for (const close of streams.splice(0)) close();
  await running?.companion.stop();
  running = undefined;
});

const ITEM: SentItem = { kind: 'track', title: '晴天', subtitle: '周杰倫', url: 'https://music.example/track/t1', trackId: 't1', images: [] };

function bearer(paired: PairAnswer): Record<string, string> {
  return { authorization: `Bearer ${paired.credential}` };
}

describe('off until asked', () => {
  it('opens no port and makes no offer before start(); stop() closes it again', async () => {
    const { deps } = fakeDeps();
    const companion = createCompanion(deps);
    expect(companion.listening()).toBeUndefined();
    expect(companion.pairingOffer()).toMatchObject({ ok: false, error: { messageKey: 'companion.off' } });
    const { port } = await companion.start({ host: '127.0.0.1', port: 0 });
    expect(companion.listening()).toEqual({ host: '127.0.0.1', port });
    await companion.stop();
    expect(companion.listening()).toBeUndefined();
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});

describe('pairing a phone', () => {
  it('the QR code carries the secret in its fragment, beside a six-digit code; Node’s fetch pairs with the secret', async () => {
    const { companion, origin, deps } = await start();
    const offer = companion.pairingOffer();
    if (!offer.ok) throw new Error('no offer');
    expect(offer.value.url).toMatch(new RegExp(`^${origin}/#s=[A-Za-z0-9_-]{43}$`));
    expect(offer.value).toMatchObject({ address: origin, code: expect.stringMatching(/^[0-9]{6}$/), memberKey: 'member-a' });
    const response = await fetch(`${origin}/api/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Version/17.4 Mobile/15E148 Safari/604.1' },
      body: JSON.stringify({ secret: secretOf(offer.value.url) }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    const paired = (await response.json()) as PairAnswer;
    expect(paired).toMatchObject({ credential: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), phone: { memberKey: 'member-a', name: 'Safari on iPhone' } });
    expect(companion.phones()).toEqual([paired.phone]);
    expect(deps.changed).toHaveBeenCalled();
    expect(JSON.stringify(deps.logger.lines)).not.toContain(secretOf(offer.value.url));
    expect(JSON.stringify(deps.logger.lines)).not.toContain(paired.credential);
    const me = await fetch(`${origin}/api/me`, { headers: bearer(paired) });
    expect(await me.json()).toEqual(paired.phone);
  });

  it('the code typed by hand pairs too', async () => {
    const { companion, origin } = await start();
    const offer = companion.pairingOffer();
    if (!offer.ok) throw new Error('no offer');
    const response = await fetch(`${origin}/api/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: offer.value.code }) });
    expect(response.status).toBe(200);
    expect(companion.phones()).toHaveLength(1);
  });

  it('a child on screen, or a TV that asks for it, pairs only with the household’s PIN', async () => {
    const { companion } = await start({ pinRequired: true });
    expect(companion.pairingOffer()).toMatchObject({ ok: false, error: { kind: 'denied' } });
    expect(companion.pairingOffer('1111')).toMatchObject({ ok: false });
    expect(companion.pairingOffer('2468')).toMatchObject({ ok: true });
    await companion.stop();
    const child = await start();
    child.screen.child = true;
    expect(child.companion.pairingOffer()).toMatchObject({ ok: false });
    expect(child.companion.pairingOffer('2468')).toMatchObject({ ok: true });
    child.screen.child = false;
    child.screen.member = undefined;
    expect(child.companion.pairingOffer()).toMatchObject({ ok: false, error: { messageKey: 'companion.nobodyOnScreen' } });
  });
});

describe('a paired phone', () => {
  it('GET / is the placeholder page, with the strict headers and no cookie', async () => {
    const { port } = await start();
    const page = await send(port, 'GET', '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Tunewall</h1>');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it('reads Home and a detail from the TV’s own views; its member’s rows while they are on screen', async () => {
    const { companion, origin, deps } = await start();
    const paired = await pairPhone(companion, origin);
    const home = await fetch(`${origin}/api/home`, { headers: bearer(paired) });
    expect(home.headers.get('cache-control')).toBe('no-store');
    expect(await home.json()).toEqual({ rows: expect.arrayContaining(['favorites', 'charts', 'album-collection']), memberOnScreen: true });
    const favorites = await fetch(`${origin}/api/rows/favorites`, { headers: bearer(paired) });
    expect(await favorites.json()).toMatchObject({ id: 'favorites' });
    const detail = await fetch(`${origin}/api/details/chart/chart-1`, { headers: bearer(paired) });
    expect(await detail.json()).toMatchObject({ title: '綜合新歌即時榜' });
    expect(deps.views.getDetail).toHaveBeenCalledWith({ kind: 'chart', id: 'chart-1' });
    const tracks = await fetch(`${origin}/api/details/album/al-9/tracks?offset=50&limit=50`, { headers: bearer(paired) });
    expect(tracks.status).toBe(200);
    expect(deps.views.getTracks).toHaveBeenCalledWith({ kind: 'album', id: 'al-9' }, 50, 50);
    const tiles = await fetch(`${origin}/api/details/artist/ar-1/tiles?offset=0&limit=20`, { headers: bearer(paired) });
    expect(tiles.status).toBe(200);
    expect(deps.views.getTiles).toHaveBeenCalledWith({ kind: 'artist', id: 'ar-1' }, 0, 20);
  });

  it('a view’s failure reaches the phone as the TV would show it', async () => {
    const { companion, origin, deps } = await start();
    const paired = await pairPhone(companion, origin);
    deps.views.getDetail.mockResolvedValueOnce({ ok: false, error: { kind: 'not-found', message: 'gone', retryable: false, messageKey: 'notFound' } });
    const detail = await fetch(`${origin}/api/details/album/missing`, { headers: bearer(paired) });
    expect(detail.status).toBe(404);
    expect(await detail.json()).toEqual({ error: 'view failed', ui: { kind: 'not-found', message: 'gone', retryable: false, messageKey: 'notFound' } });
  });

  it('Show on TV, a remote key and a favourite reach the TV with what was asked, for the phone’s member', async () => {
    const { companion, origin, deps, screen } = await start();
    const paired = await pairPhone(companion, origin);
    const post = (path: string, body: unknown) =>
      fetch(`${origin}${path}`, { method: 'POST', headers: { ...bearer(paired), 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/api/show', { kind: 'detail', ref: { kind: 'mood-station', id: 'm1' } })).status).toBe(200);
    expect(deps.showOnTv).toHaveBeenCalledWith({ kind: 'detail', ref: { kind: 'mood-station', id: 'm1' } }, paired.phone);
    expect((await post('/api/show', { kind: 'track', trackId: 't1', in: { kind: 'album', id: 'al-1' } })).status).toBe(200);
    expect(deps.showOnTv).toHaveBeenLastCalledWith({ kind: 'track', trackId: 't1', in: { kind: 'album', id: 'al-1' } }, paired.phone);
    for (const key of ['up', 'ok', 'back', 'where-am-i'] as const) expect((await post('/api/remote', { key })).status).toBe(200);
    expect(deps.remoteKey.mock.calls.map(([key]) => key)).toEqual(['up', 'ok', 'back', 'where-am-i']);
    // Another member on screen: the favourite is still the phone's member's, and public items still show on the TV.
    screen.member = 'member-b';
    const added = await post('/api/favorites', { trackId: 't1' });
    expect(await added.json()).toEqual({ favorite: 'favorite' });
    expect(deps.addFavorite).toHaveBeenCalledWith('member-a', 't1');
    expect((await post('/api/show', { kind: 'detail', ref: { kind: 'chart', id: 'c1' } })).status).toBe(200);
  });
});

describe('the live stream', () => {
  it('tells the phone what the TV shows and what was sent to it; only its member’s phones get what was sent', async () => {
    const { companion, origin, screen } = await start();
    const phoneA = await pairPhone(companion, origin);
    screen.member = 'member-b';
    const phoneB = await pairPhone(companion, origin);
    screen.member = 'member-a';
    const a = await openEvents(origin, phoneA.credential);
    const b = await openEvents(origin, phoneB.credential);
    streams.push(a.close, b.close);
    expect(a.response.headers.get('content-type')).toContain('text/event-stream');
    companion.screenChanged({ kind: 'detail', ref: { kind: 'chart', id: 'c1' }, title: 'Top 100', scope: 'public' });
    expect(companion.sendToPhones('member-a', ITEM)).toBe(1);
    companion.screenChanged({ kind: 'home', scope: 'public' });
    const first = await a.next();
    expect(first).toEqual({ event: 'screen', id: expect.stringMatching(/\.1$/), data: { type: 'screen', screen: { kind: 'detail', ref: { kind: 'chart', id: 'c1' }, title: 'Top 100', scope: 'public' } } });
    expect(await a.next()).toMatchObject({ event: 'sent', data: { type: 'sent', item: ITEM } });
    expect(await a.next()).toMatchObject({ event: 'screen', data: { screen: { kind: 'home' } } });
    expect(await b.next()).toMatchObject({ event: 'screen', data: { screen: { kind: 'detail' } } });
    expect(await b.next()).toMatchObject({ event: 'screen', data: { screen: { kind: 'home' } } });
  });

  it('a phone reconnecting with Last-Event-ID gets what it missed; a new one gets the screen as it is', async () => {
    const { companion, origin } = await start();
    const paired = await pairPhone(companion, origin);
    const first = await openEvents(origin, paired.credential);
    streams.push(first.close);
    companion.screenChanged({ kind: 'home', scope: 'public' });
    const seen = await first.next();
    first.close();
    companion.sendToPhones('member-a', ITEM);
    companion.screenChanged({ kind: 'settings', scope: 'public' });
    const again = await openEvents(origin, paired.credential, seen?.id);
    streams.push(again.close);
    expect(await again.next()).toMatchObject({ event: 'sent', id: expect.stringMatching(/\.2$/) });
    expect(await again.next()).toMatchObject({ event: 'screen', id: expect.stringMatching(/\.3$/), data: { screen: { kind: 'settings' } } });
    const fresh = await openEvents(origin, paired.credential, 'another-run.7');
    streams.push(fresh.close);
    expect(await fresh.next()).toEqual({ event: 'screen', id: undefined, data: { type: 'screen', screen: { kind: 'settings', scope: 'public' } } });
  });

  it('a phone holds three streams at most: a fourth ends the oldest', async () => {
    const { companion, origin } = await start();
    const paired = await pairPhone(companion, origin);
    const opened = [];
    for (let i = 0; i < 4; i += 1) {
      const events = await openEvents(origin, paired.credential);
      streams.push(events.close);
      opened.push(events);
    }
    expect(await opened[0]?.next()).toBeUndefined();
    companion.screenChanged({ kind: 'home', scope: 'public' });
    expect(await opened[3]?.next()).toMatchObject({ event: 'screen' });
  });

  it('outlives the time a request has to arrive: the limit is on the request, not on the answer', async () => {
    const { companion, origin } = await start();
    const paired = await pairPhone(companion, origin);
    const events = await openEvents(origin, paired.credential);
    streams.push(events.close);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    companion.screenChanged({ kind: 'home', scope: 'public' });
    expect(await events.next()).toMatchObject({ event: 'screen' });
  });
});

/** The phone's calls: the bearer header after pairing, a forgotten phone, a view that failed, answers read by shape. */
import { describe, expect, it, vi } from 'vitest';
import { createPhoneApi } from '../../../renderer/phone/src/api/client';
import { CREDENTIAL, fakeTv, json, memoryCredentials } from './support';

describe('the phone’s API client', () => {
  it('sends the credential as a bearer header, and no cookie', async () => {
    const tv = fakeTv({ 'GET /api/home': () => json(200, { rows: ['charts', 'mood-stations'], memberOnScreen: false }) });
    const api = createPhoneApi({ fetch: tv.fetch, credentials: memoryCredentials(CREDENTIAL), unpaired: vi.fn() });
    expect(await api.home()).toEqual({ ok: true, value: { rows: ['charts', 'mood-stations'], memberOnScreen: false } });
    expect(tv.sent[0]?.headers.authorization).toBe(`Bearer ${CREDENTIAL}`);
    expect(tv.fetch).toHaveBeenCalledWith('/api/home', expect.objectContaining({ credentials: 'omit' }));
  });

  it('a 401 to a paired phone: the credential is dropped and the page told, once per call', async () => {
    const tv = fakeTv({ 'GET /api/rows/charts': () => json(401, { error: 'unknown credential' }) });
    const credentials = memoryCredentials(CREDENTIAL);
    const unpaired = vi.fn();
    const api = createPhoneApi({ fetch: tv.fetch, credentials, unpaired });
    expect(await api.row('charts')).toEqual({ ok: false, problem: { kind: 'unpaired' } });
    expect(credentials.value).toBeUndefined();
    expect(unpaired).toHaveBeenCalledTimes(1);
  });

  it('intents go as the TV takes them: Show on TV, a remote key, a favorite', async () => {
    const ok = () => json(200, { ok: true });
    const tv = fakeTv({ 'POST /api/show': ok, 'POST /api/remote': ok, 'POST /api/favorites': ok });
    const api = createPhoneApi({ fetch: tv.fetch, credentials: memoryCredentials(CREDENTIAL), unpaired: vi.fn() });
    await api.show({ kind: 'track', trackId: 't1', in: { kind: 'chart', id: 'c1' } });
    await api.remote('where-am-i');
    await api.favorite('t1');
    expect(tv.sent.map((r) => [r.path, r.body, r.headers['content-type']])).toEqual([
      ['/api/show', { kind: 'track', trackId: 't1', in: { kind: 'chart', id: 'c1' } }, 'application/json'],
      ['/api/remote', { key: 'where-am-i' }, 'application/json'],
      ['/api/favorites', { trackId: 't1' }, 'application/json'],
    ]);
  });

  it('a view that failed on the TV, a refusal and no answer at all are told apart', async () => {
    const tv = fakeTv({
      'GET /api/details/chart/c1': () => json(503, { error: 'view failed', ui: { kind: 'network', message: 'offline', retryable: true } }),
      'GET /api/rows/favorites': () => json(403, { error: 'a member’s own rows are shown only to their phones while they are on screen' }),
    });
    const api = createPhoneApi({ fetch: tv.fetch, credentials: memoryCredentials(CREDENTIAL), unpaired: vi.fn() });
    expect(await api.detail({ kind: 'chart', id: 'c1' })).toEqual({ ok: false, problem: { kind: 'view', retryable: true } });
    expect(await api.row('favorites')).toMatchObject({ ok: false, problem: { kind: 'refused', status: 403 } });
    tv.state.unreachable = true;
    expect(await api.home()).toEqual({ ok: false, problem: { kind: 'unreachable' } });
  });

  it('reads answers by their shape: a detail without a title is no detail; tiles and tracks that are not are left out', async () => {
    const tile = { key: 'k1', title: '晴天', subtitle: undefined, ref: { kind: 'album', id: 'a1' }, images: [], group: undefined };
    const tv = fakeTv({
      'GET /api/details/chart/bad': () => json(200, { layout: 'tracks', ref: { kind: 'chart', id: 'bad' }, images: [] }),
      'GET /api/rows/charts': () => json(200, { id: 'charts', tiles: [tile, { key: 'k2' }, null], fetchedAt: 1, fromCache: false, extra: 'kept' }),
      'GET /api/details/chart/c1/tracks': () => json(200, { offset: 50, total: 60, tracks: [{ id: 't1', name: 'n', artist: 'a', album: 'b', url: 'https://x/t1' }, { id: 7 }] }),
    });
    const api = createPhoneApi({ fetch: tv.fetch, credentials: memoryCredentials(CREDENTIAL), unpaired: vi.fn() });
    expect(await api.detail({ kind: 'chart', id: 'bad' })).toEqual({ ok: false, problem: { kind: 'view', retryable: true } });
    const row = await api.row('charts');
    expect(row.ok && row.value.tiles).toEqual([tile]);
    const page = await api.tracks({ kind: 'chart', id: 'c1' }, 50, 50);
    expect(page.ok && page.value.tracks.map((t) => t.id)).toEqual(['t1']);
    expect(tv.sent.at(-1)?.path).toBe('/api/details/chart/c1/tracks?offset=50&limit=50');
  });

  it('a picture: only a TV path is asked, with the bearer header; what is not a picture is no picture', async () => {
    const tv = fakeTv({
      'GET /api/artwork/cGlj': () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/jpeg' } }),
      'GET /api/artwork/aHRtbA': () => new Response('<html></html>', { headers: { 'content-type': 'text/html' } }),
    });
    const unpaired = vi.fn();
    const api = createPhoneApi({ fetch: tv.fetch, credentials: memoryCredentials(CREDENTIAL), unpaired });
    const blob = await api.picture('/artwork/cGlj');
    expect(blob?.type).toBe('image/jpeg');
    expect(new Uint8Array((await blob?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(new Uint8Array([1, 2, 3]));
    expect(tv.sent[0]?.headers.authorization).toBe(`Bearer ${CREDENTIAL}`);
    expect(await api.picture('/artwork/aHRtbA')).toBeUndefined();
    expect(await api.picture('/artwork/bm9uZQ')).toBeUndefined();
    for (const elsewhere of ['https://img.example/a.jpg', '/artwork/../api/me', '/api/me', 'data:image/png;base64,AA']) {
      expect(await api.picture(elsewhere), elsewhere).toBeUndefined();
    }
    expect(tv.sent.map((r) => r.path)).toEqual(['/api/artwork/cGlj', '/api/artwork/aHRtbA', '/api/artwork/bm9uZQ']);
    // A picture the TV does not give is no reason to unpair: the page's other calls say that.
    expect(unpaired).not.toHaveBeenCalled();
  });
});

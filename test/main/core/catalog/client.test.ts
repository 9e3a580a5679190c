import { describe, expect, it } from 'vitest';
import { createCatalogClient, resolveApiBase } from '../../../../main/core/catalog/client';
import type { CatalogClient } from '../../../../main/core/catalog/client';
import { CatalogError } from '../../../../main/core/catalog/errors';
import { CoreError, toUiError } from '../../../../main/core/errors';
import type { Territory } from '../../../../shared/territory';
import { API, album, paged, playlist, track } from './fixtures';
import { fakeFetch, json } from './fakeFetch';
import type { Handler } from './fakeFetch';
import { failure } from './failure';

function setup(handler: Handler, territory: Territory = 'HK', timeoutMs?: number) {
  const fake = fakeFetch(handler);
  const client = createCatalogClient({ fetch: fake.fetch, apiBase: API, territory: () => territory, timeoutMs });
  return { client, requests: fake.requests };
}

const user = { id: 'u1', url: 'https://www.example.test/u1', name: 'Mei', description: '', images: [] };
const station = { id: 's1', name: 'Calm', images: [] };

/** A body that fits every endpoint's schema well enough for the request-shape tests. */
function anyBody(path: string): unknown {
  if (path.endsWith('/recommended-tracks')) {
    const { album: _album, ...seed } = track('seed');
    return { seed_track: seed, tracks: paged([track('t1')]) };
  }
  if (/\/(tracks|top-tracks|favorite)$/.test(path)) return paged([track('t1')]);
  if (/\/(albums|album-collection)$/.test(path)) return paged([album()]);
  if (/\/(playlists|playlist-collection|shared-playlists|charts|new-hits-playlists)$/.test(path)) return paged([playlist('p1')]);
  if (/\/(charts|new-hits-playlists|shared-playlists)\/[^/]+$/.test(path)) return { ...playlist('p1'), tracks: paged([track('t1')]) };
  if (path.endsWith('/new-release-categories')) return paged([{ id: 'c1', title: 'Pop' }]);
  if (/\/new-release-categories\/[^/]+$/.test(path)) return { id: 'c1', title: 'Pop', albums: paged([album()]) };
  if (path.endsWith('/children-categories')) return paged([{ id: 'k1', title: 'Kids', images: [] }]);
  if (/\/children-categories\/[^/]+$/.test(path)) {
    return { id: 'k1', title: 'Kids', images: [], subcategories: [], paging: paged([]).paging, summary: {} };
  }
  if (path.endsWith('/genre-stations')) return paged([{ id: 'g1', category: 'Jazz', name: 'Smooth' }]);
  if (/\/genre-stations\/[^/]+$/.test(path)) return { id: 'g1', category: 'Jazz', name: 'Smooth', tracks: paged([track('t1')]) };
  if (path.endsWith('/mood-stations')) return paged([station]);
  if (/\/mood-stations\/[^/]+$/.test(path)) return { ...station, tracks: paged([track('t1')]) };
  if (/\/artists\/[^/]+$/.test(path)) return album().artist;
  if (/\/albums\/[^/]+$/.test(path)) return album();
  if (/\/tracks\/[^/]+$/.test(path)) return track('t1');
  if (path.endsWith('/me')) return { ...user, territory: 'HK' };
  if (/\/users\/[^/]+$/.test(path)) return user;
  throw new Error(`no body for ${path}`);
}

type Call = [name: string, call: (c: CatalogClient) => Promise<unknown>, path: string, territory: boolean];
const CALLS: Call[] = [
  ['charts', (c) => c.charts(), '/v1.1/charts', true],
  ['chart', (c) => c.chart('c 1'), '/v1.1/charts/c%201', true],
  ['chartTracks', (c) => c.chartTracks('c1'), '/v1.1/charts/c1/tracks', true],
  ['newHitsPlaylists', (c) => c.newHitsPlaylists(), '/v1.1/new-hits-playlists', true],
  ['newHitsPlaylist', (c) => c.newHitsPlaylist('p1'), '/v1.1/new-hits-playlists/p1', true],
  ['newHitsPlaylistTracks', (c) => c.newHitsPlaylistTracks('p1'), '/v1.1/new-hits-playlists/p1/tracks', true],
  ['newReleaseCategories', (c) => c.newReleaseCategories(), '/v1.1/new-release-categories', true],
  ['newReleaseCategory', (c) => c.newReleaseCategory('c1'), '/v1.1/new-release-categories/c1', true],
  ['newReleaseCategoryAlbums', (c) => c.newReleaseCategoryAlbums('c1'), '/v1.1/new-release-categories/c1/albums', true],
  ['sharedPlaylist', (c) => c.sharedPlaylist('p1'), '/v1.1/shared-playlists/p1', true],
  ['sharedPlaylistTracks', (c) => c.sharedPlaylistTracks('p1'), '/v1.1/shared-playlists/p1/tracks', true],
  ['childrenCategories', (c) => c.childrenCategories(), '/v1.1/children-categories', true],
  ['childrenCategory', (c) => c.childrenCategory('k1'), '/v1.1/children-categories/k1', true],
  ['childrenCategoryPlaylists', (c) => c.childrenCategoryPlaylists('k1'), '/v1.1/children-categories/k1/playlists', true],
  ['genreStations', (c) => c.genreStations(), '/v1.1/genre-stations', true],
  ['genreStation', (c) => c.genreStation('g1'), '/v1.1/genre-stations/g1', true],
  ['moodStations', (c) => c.moodStations(), '/v1.1/mood-stations', true],
  ['moodStation', (c) => c.moodStation('s1'), '/v1.1/mood-stations/s1', true],
  ['artist', (c) => c.artist('ar1'), '/v1.1/artists/ar1', true],
  ['artistAlbums', (c) => c.artistAlbums('ar1'), '/v1.1/artists/ar1/albums', true],
  ['artistTopTracks', (c) => c.artistTopTracks('ar1'), '/v1.1/artists/ar1/top-tracks', true],
  ['album', (c) => c.album('al1'), '/v1.1/albums/al1', true],
  ['albumTracks', (c) => c.albumTracks('al1'), '/v1.1/albums/al1/tracks', true],
  ['track', (c) => c.track('t1'), '/v1.1/tracks/t1', true],
  ['recommendedTracks', (c) => c.recommendedTracks('t1'), '/v1.1/tracks/t1/recommended-tracks', true],
  ['user', (c) => c.user('u1'), '/v1.1/users/u1', false],
  ['albumCollection', (c) => c.albumCollection('u1'), '/v1.1/users/u1/album-collection', false],
  ['playlistCollection', (c) => c.playlistCollection('u1'), '/v1.1/users/u1/playlist-collection', false],
  ['userSharedPlaylists', (c) => c.userSharedPlaylists('u1'), '/v1.1/users/u1/shared-playlists', false],
  ['me', (c) => c.me(), '/v1.1/me', false],
  ['favorites', (c) => c.favorites(), '/v1.1/me/favorite', false],
];

describe('catalog client requests', () => {
  it.each(CALLS)('%s asks for its path, with the territory only where the contract wants it', async (_name, call, path, territory) => {
    const { client, requests } = setup((r) => json(anyBody(r.url.pathname)));
    await call(client);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url.origin).toBe(API);
    expect(requests[0]?.url.pathname).toBe(path);
    expect(requests[0]?.url.searchParams.get('territory')).toBe(territory ? 'HK' : null);
  });

  it('reads the territory at each call, so a change applies to the next request', async () => {
    let territory: Territory = 'TW';
    const fake = fakeFetch((r) => json(anyBody(r.url.pathname)));
    const client = createCatalogClient({ fetch: fake.fetch, apiBase: API, territory: () => territory });
    await client.charts();
    territory = 'JP';
    await client.charts();
    expect(fake.requests.map((r) => r.url.searchParams.get('territory'))).toEqual(['TW', 'JP']);
  });

  it('sends limit and offset, clamped to each endpoint’s maximum', async () => {
    const { client, requests } = setup((r) => json(anyBody(r.url.pathname)));
    await client.chartTracks('c1', { limit: 9999, offset: 40 });
    await client.childrenCategoryPlaylists('k1', { limit: 9999 });
    await client.playlistCollection('u1', { limit: 101 });
    await client.recommendedTracks('t1', { limit: 51 });
    await client.favorites({ limit: 20, offset: 0 });
    const params = requests.map((r) => [r.url.searchParams.get('limit'), r.url.searchParams.get('offset')]);
    expect(params).toEqual([
      ['500', '40'],
      ['100', null],
      ['100', null],
      ['50', null],
      ['20', '0'],
    ]);
  });

  it('passes the territory to member collections only when asked', async () => {
    const { client, requests } = setup((r) => json(anyBody(r.url.pathname)));
    await client.albumCollection('u1', { territory: 'SG' });
    await client.playlistCollection('u1', { territory: 'MY' });
    await client.albumCollection('u1');
    expect(requests.map((r) => r.url.searchParams.get('territory'))).toEqual(['SG', 'MY', null]);
  });

  it('adds a favorite with a JSON body naming the track', async () => {
    const { client, requests } = setup(() => new Response(null, { status: 204 }));
    await client.addFavorite('t42');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url.pathname).toBe('/v1.1/me/favorite');
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ track_id: 't42' });
  });

  it('returns /me with the member territory', async () => {
    const { client } = setup(() => json({ ...user, territory: 'JP', extra: 'ignored' }));
    await expect(client.me()).resolves.toMatchObject({ id: 'u1', territory: 'JP' });
  });

  it('accepts an API base that already names the version', () => {
    expect(resolveApiBase('https://api.example.test/v1.1/')).toEqual({ origin: API, basePath: '/v1.1' });
    expect(resolveApiBase('http://127.0.0.1:5000/api')).toEqual({ origin: 'http://127.0.0.1:5000', basePath: '/api/v1.1' });
  });
});

const errorBody = (message: string) => ({ error: { message, code: 0 } });

describe('catalog client errors', () => {
  it.each([
    ['Invalid Territory', 400, 'territory', false],
    ['Resource does not exist', 404, 'not-found', false],
    ['Internal Server Error', 500, 'server', true],
    ['Invalid Authentication', 401, 'auth', false],
    ['No available seed id', 400, 'not-found', false],
    ['The access token is incorrect or expired', 401, 'auth', false],
    ['Authentication failed', 401, 'auth', false],
    ['Member authorization required', 403, 'auth', false],
    ['Forbidden', 403, 'auth', false],
    ['Something new', 418, 'unknown', false],
  ] as const)('"%s" (status %i) is a %s error', async (message, status, kind, retryable) => {
    const { client } = setup(() => json(errorBody(message), status));
    const error = await failure(client.track('t1'));
    expect(error.kind).toBe(kind);
    expect(error.retryable).toBe(retryable);
    expect(error.serviceMessage).toBe(message);
    expect(error.message).not.toBe(message);
  });

  it('reads the error from the body even when the status says success', async () => {
    const { client } = setup(() => json(errorBody('Invalid Territory'), 200));
    expect((await failure(client.newReleaseCategories())).kind).toBe('territory');
  });

  it('trusts the body over the status: a 500 that says the resource does not exist is not-found', async () => {
    const { client } = setup(() => json(errorBody('Resource does not exist'), 500));
    const error = await failure(client.newReleaseCategory('nope'));
    expect(error.kind).toBe('not-found');
    expect(error.retryable).toBe(false);
  });

  it('treats an unknown message on a 5xx as a retryable server error and keeps Retry-After', async () => {
    const { client } = setup(() => json(errorBody('Service Unavailable'), 503, { 'retry-after': '7' }));
    const error = await failure(client.charts());
    expect(error).toMatchObject({ kind: 'server', retryable: true, retryAfterMs: 7000 });
  });

  it('treats a non-JSON 502 page as a server error', async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect((await failure(client.charts())).kind).toBe('server');
  });

  it('treats a 200 that is not JSON as an invalid response', async () => {
    const { client } = setup(() => new Response('{"data": [', { status: 200 }));
    expect((await failure(client.charts())).kind).toBe('invalid-response');
  });

  it('treats a body that fails the schema as an invalid response', async () => {
    const { client } = setup(() => json({ data: [{ id: 'p1' }], paging: {}, summary: {} }));
    const error = await failure(client.charts());
    expect(error.kind).toBe('invalid-response');
    expect(error.retryable).toBe(false);
  });

  it('rejects a /me without a territory', async () => {
    const { client } = setup(() => json(user));
    expect((await failure(client.me())).kind).toBe('invalid-response');
  });

  it('turns a failed connection into a retryable network error', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('fetch failed')));
    expect(await failure(client.charts())).toMatchObject({ kind: 'network', retryable: true });
  });

  it('turns a request that outlives the timeout into a retryable network error', async () => {
    const hang: Handler = (_r, signal) =>
      new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error)));
    const { client } = setup(hang, 'HK', 10);
    expect(await failure(client.charts())).toMatchObject({ kind: 'network', retryable: true });
  });

  it('passes the caller’s abort through as an abort, not as a catalog error', async () => {
    const controller = new AbortController();
    const hang: Handler = (_r, signal) =>
      new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error)));
    const { client, requests } = setup(hang);
    const pending = client.charts({ signal: controller.signal });
    controller.abort();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(CatalogError);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(requests).toHaveLength(1);
  });

  it('makes no request when the signal is already aborted', async () => {
    const { client, requests } = setup((r) => json(anyBody(r.url.pathname)));
    await expect(client.charts({ signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests).toHaveLength(0);
  });
});

describe('catalog client with the session', () => {
  it('keeps the session’s own error when authorizedFetch fails (not signed in stays auth, not network)', async () => {
    const notSignedIn = new CoreError({ kind: 'auth', message: 'Tunewall is not signed in. Scan the code to sign in.' });
    const { client } = setup(() => Promise.reject(notSignedIn));
    const error: unknown = await client.charts().catch((e: unknown) => e);
    expect(error).toBe(notSignedIn);
    expect(toUiError(error)).toMatchObject({ kind: 'auth', retryable: false });
  });
});

describe('catalog errors as the UI shows them', () => {
  it('become UiErrors through the core’s toUiError with the person-readable words', async () => {
    const { client } = setup(() => json(errorBody('Invalid Territory'), 400));
    const ui = toUiError(await client.charts().catch((e: unknown) => e));
    expect(ui.kind).toBe('territory');
    expect(ui.retryable).toBe(false);
    expect(ui.message).toMatch(/region/);
  });
});

describe('catalog client page options', () => {
  it('leaves out a limit or offset that is not a finite number', async () => {
    const { client, requests } = setup((r) => json(anyBody(r.url.pathname)));
    await client.chartTracks('c1', { limit: Number.NaN, offset: Number.POSITIVE_INFINITY });
    await client.chartTracks('c1', { limit: 0, offset: -3 });
    expect(requests.map((r) => [r.url.searchParams.get('limit'), r.url.searchParams.get('offset')])).toEqual([
      [null, null],
      ['1', '0'],
    ]);
  });
});

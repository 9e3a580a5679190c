/** Authentication, territory, unknown ids, paging values and per-endpoint limit caps of the catalog endpoints. */
import { describe, expect, it } from 'vitest';
import {
  CATALOG_ERROR_MESSAGES,
  CatalogErrorSchema,
  PlaylistPageSchema,
  RecommendedTracksSchema,
  TrackPageSchema,
} from '../../shared/service/catalog';
import { catalogError, catalogFixture } from './catalog-fixture';
import { CATALOG_PATHS, x } from './contract-paths';
import { withSandbox } from './helpers';

const fx = catalogFixture();
/** Every catalog path that names a resource, with an id nobody issued. */
const UNKNOWN_ID_PATHS = CATALOG_PATHS.filter((p) => p.split('/').length > 2).map((p) => p.replace(/\/[A-Za-z0-9_-]{18}(?=\/|$)/, '/Tnope0000000000000'));

describe('authentication', () => {
  it.each(CATALOG_PATHS)('%s answers 401 Invalid Authentication without a token', async (path) => {
    const res = await fx.get(`${path}?territory=TW`, null);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(catalogError(CATALOG_ERROR_MESSAGES.invalidAuthentication));
  });

  it('an unknown bearer token and a Basic header are refused the same way', async () => {
    const unknown = await fx.get('/charts?territory=TW', 'not-a-token');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(catalogError('Invalid Authentication'));
    const basic = await fetch(`${fx.sb.urls.api}/charts?territory=TW`, { headers: { authorization: `Basic ${fx.member}` } });
    expect(basic.status).toBe(401);
  });

  it('a client-credentials token reaches the catalog', async () => {
    expect(PlaylistPageSchema.parse((await fx.get('/charts?territory=TW', fx.client)).body).data.length).toBeGreaterThan(0);
  });
});

describe('an expired token', () => {
  const own = withSandbox({ lifetimes: { accessTokenSeconds: 60 } });

  it('works until it expires, then answers 401', async () => {
    const token = own.sb.control.issueMemberToken().access_token;
    const url = `${own.sb.urls.api}/charts?territory=TW`;
    expect((await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    own.sb.control.advanceTime(61_000);
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    expect(CatalogErrorSchema.parse(await res.json()).error.message).toBe('Invalid Authentication');
  });
});

describe('territory', () => {
  it.each(CATALOG_PATHS)('%s answers 400 Invalid Territory when territory is missing', async (path) => {
    const res = await fx.get(path);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(catalogError(CATALOG_ERROR_MESSAGES.invalidTerritory));
  });

  it.each(['US', 'tw', 'TWN', ''])('territory=%s is not accepted', async (t) => {
    const res = await fx.get(`/charts?territory=${t}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(catalogError('Invalid Territory'));
  });
});

describe('unknown ids', () => {
  it.each(UNKNOWN_ID_PATHS)('%s answers 404 Resource does not exist', async (path) => {
    expect(path).toContain('Tnope');
    const res = await fx.get(`${path}?territory=TW`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(catalogError(CATALOG_ERROR_MESSAGES.notFound));
  });

  it('an id of another shape, and a path the service does not have, are not found either', async () => {
    expect((await fx.get('/tracks/12345?territory=TW')).status).toBe(404);
    const res = await fx.get('/featured-playlists?territory=TW');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(catalogError('Resource does not exist'));
  });

  it('a track that cannot seed recommendations answers No available seed id', async () => {
    const res = await fx.get(`/tracks/${x.unseedable.id}/recommended-tracks?territory=TW`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(catalogError(CATALOG_ERROR_MESSAGES.noSeed));
    expect((await fx.get(`/tracks/${x.unseedable.id}?territory=TW`)).status).toBe(200);
  });
});

describe('paging values', () => {
  it.each(['limit=abc', 'limit=-1', 'offset=-5', 'limit=0', 'limit=1.5', 'offset=x', 'limit=2147483648'])(
    '%s answers 400 Invalid Request Body',
    async (query) => {
      const res = await fx.get(`/charts/${x.chart.id}/tracks?territory=TW&${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(catalogError('Invalid Request Body'));
    },
  );

  it('a missing limit means the endpoint maximum', async () => {
    const page = TrackPageSchema.parse((await fx.get(`/charts/${x.longChart.id}/tracks?territory=TW`)).body);
    expect(page.paging).toMatchObject({ offset: 0, limit: 500 });
    expect(page.data).toHaveLength(500);
  });
});

describe('limit caps', () => {
  it('catalog track lists: at most 500', async () => {
    const page = TrackPageSchema.parse((await fx.get(`/charts/${x.longChart.id}/tracks?territory=TW&limit=1000`)).body);
    expect(page.paging.limit).toBe(500);
    expect(page.data).toHaveLength(500);
  });

  it('children-category playlists: at most 100', async () => {
    expect(x.children.playlists.length).toBeGreaterThan(100);
    const page = PlaylistPageSchema.parse((await fx.get(`/children-categories/${x.children.id}/playlists?territory=TW&limit=500`)).body);
    expect(page.paging.limit).toBe(100);
    expect(page.data).toHaveLength(100);
    expect(page.summary.total).toBe(x.children.playlists.length);
  });

  it('recommended tracks: at most 50', async () => {
    const rec = RecommendedTracksSchema.parse((await fx.get(`/tracks/${x.track.id}/recommended-tracks?territory=TW&limit=80`)).body);
    expect(rec.tracks.paging.limit).toBe(50);
    expect(rec.tracks.data).toHaveLength(50);
  });

  it('a limit under the cap is applied as asked', async () => {
    const page = TrackPageSchema.parse((await fx.get(`/charts/${x.chart.id}/tracks?territory=TW&limit=7`)).body);
    expect(page.paging.limit).toBe(7);
    expect(page.data).toHaveLength(7);
  });
});

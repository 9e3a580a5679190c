/**
 * Real clients add a trailing slash (the official JavaScript SDK posts to `/oauth2/token/`): every token-service and
 * catalog path answers with one exactly as without, and the links it hands out carry none.
 */
import { describe, expect, it } from 'vitest';
import { DEVICE_GRANT_DOCUMENTED, DeviceCodeDocumentedSchema, DeviceCodeRfc8628Schema } from '../../shared/service/auth';
import { FavoriteResultSchema, TrackPageSchema } from '../../shared/service/catalog';
import { catalogFixture } from './catalog-fixture';
import { CATALOG_PATHS, MEMBER_PATHS, SHUFFLED_PATHS, x } from './contract-paths';
import { basicAuth, postForm, TestBrowser, tokenOk } from './helpers';

const fx = catalogFixture({ lifetimes: { deviceIntervalSeconds: 0 } });

const clientFields = (): Record<string, string> => ({ client_id: fx.sb.client.id, client_secret: fx.sb.client.secret });

describe('token service with a trailing slash', () => {
  it('POST /oauth2/token/ issues a client-credentials token that the catalog accepts', async () => {
    const token = await tokenOk(await postForm(`${fx.sb.urls.auth}/oauth2/token/`, { grant_type: 'client_credentials', ...clientFields() }));
    const charts = await fx.get('/charts?territory=TW', token.access_token);
    expect(charts.status).toBe(200);
  });

  it('POST /oauth2/device/code/ and the poll on /oauth2/token/ complete the documented device flow', async () => {
    const res = await postForm(`${fx.sb.urls.auth}/oauth2/device/code/`, { client_id: fx.sb.client.id }, { authorization: basicAuth(fx.sb.client.id, fx.sb.client.secret) });
    expect(res.status).toBe(200);
    const code = DeviceCodeDocumentedSchema.parse(await res.json());
    expect(fx.sb.control.approve(code.user_code)).toBe(true);
    const tokens = await tokenOk(await postForm(`${fx.sb.urls.auth}/oauth2/token/`, { grant_type: DEVICE_GRANT_DOCUMENTED, code: code.device_code, ...clientFields() }));
    expect(tokens.refresh_token).toBeDefined();
    const refreshed = await tokenOk(
      await postForm(`${fx.sb.urls.auth}/oauth2/token/`, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '', ...clientFields() }),
    );
    expect((await fx.get('/me', refreshed.access_token)).status).toBe(200);
  });

  it('POST /oauth2/device_authorization/ answers the RFC 8628 names', async () => {
    const res = await postForm(`${fx.sb.urls.auth}/oauth2/device_authorization/`, { client_id: fx.sb.client.id });
    expect(res.status).toBe(200);
    expect(DeviceCodeRfc8628Schema.parse(await res.json()).verification_uri).toBe(`${fx.sb.origin}/oauth2/device`);
  });

  it('GET /oauth2/authorize/ serves the device verification page, and a phone can approve through it', async () => {
    const res = await postForm(`${fx.sb.urls.auth}/oauth2/device/code`, { client_id: fx.sb.client.id });
    const code = DeviceCodeDocumentedSchema.parse(await res.json());
    const phone = new TestBrowser(fx.sb.origin);
    const page = await phone.signInAndOpen(`/oauth2/authorize/?response_type=device&user_code=${code.user_code}`, 'demo', 'demo');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(code.user_code);
    const done = await phone.submit(html, 'Approve');
    expect(done.status).toBe(200);
    expect(fx.sb.control.pendingUserCodes()).not.toContain(code.user_code);
  });

  it.each(['/oauth2/device/', '/d/', '/oauth2/login/'])('GET %s serves the same page as without the slash', async (path) => {
    const res = await fetch(`${fx.sb.origin}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('catalog with a trailing slash', () => {
  it.each(CATALOG_PATHS)('%s with a trailing slash answers as without', async (path) => {
    const plain = await fx.get(`${path}?territory=TW`);
    const slashed = await fx.get(`${path}/?territory=TW`);
    expect(plain.status).toBe(200);
    expect(slashed.status).toBe(200);
    if (!SHUFFLED_PATHS.has(path)) expect(slashed.body).toEqual(plain.body);
  });

  it.each(MEMBER_PATHS)('%s with a trailing slash answers as without', async (path) => {
    const plain = await fx.get(path);
    const slashed = await fx.get(`${path}/`);
    expect(plain.status).toBe(200);
    expect(slashed.body).toEqual(plain.body);
  });

  it('paging links from a slashed path carry no slash', async () => {
    const page = TrackPageSchema.parse((await fx.get(`/charts/${x.longChart.id}/tracks/?territory=TW&limit=5&offset=5`)).body);
    expect(page.paging.next).toBe(`${fx.sb.urls.api}/charts/${x.longChart.id}/tracks?territory=TW&offset=10&limit=5`);
    expect(page.paging.previous).toBe(`${fx.sb.urls.api}/charts/${x.longChart.id}/tracks?territory=TW&offset=0&limit=5`);
    const detail = await fx.get(`/charts/${x.chart.id}/?territory=TW&limit=1`);
    expect(JSON.stringify(detail.body)).not.toContain('//tracks');
  });

  it('POST /me/favorite/ adds a favorite', async () => {
    const track = x.longChart.tracks[3];
    if (!track) throw new Error('The long chart has no fourth track.');
    const res = await fx.post('/me/favorite/', JSON.stringify({ track_id: track.id }), 'application/json');
    expect(res.status).toBe(201);
    expect(FavoriteResultSchema.parse(res.body)).toEqual({ track_id: track.id, favorite: true, created: true });
  });

  it('the QR generator and the artwork answer with a trailing slash too', async () => {
    const qr = await fetch(`${fx.sb.origin}/generator/?content=hello&image_size=100&logo_size=0&response_type=image`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toBe('image/png');
    const art = await fetch(`${fx.sb.origin}/artwork/album/${x.album.id}/160x160.jpg/`);
    expect(art.status).toBe(200);
    expect(art.headers.get('content-type')).toBe('image/jpeg');
  });

  it('the request log and the faults see the path without its slash', async () => {
    fx.sb.control.clearRequestLog();
    await fx.get('/charts/?territory=TW');
    expect(fx.sb.control.requestLog().map((r) => r.path)).toEqual(['/v1.1/charts']);
    fx.sb.control.setFaults({ unavailableRate: 1 });
    try {
      const res = await fx.get('/charts/?territory=TW');
      expect(res.status).toBe(503);
    } finally {
      fx.sb.control.setFaults({ unavailableRate: 0 });
    }
  });
});

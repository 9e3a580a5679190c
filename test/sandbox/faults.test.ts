import { afterEach, describe, expect, it, vi } from 'vitest';
import { CatalogErrorSchema } from '../../shared/service/catalog';
import { TokenErrorSchema } from '../../shared/service/auth';
import { seededRandom } from '../../sandbox/faults';
import { DEFAULT_OPTIONS } from '../../sandbox/options';
import { startSandbox } from '../../sandbox/index';
import { memberToken, requestDeviceCode, tokenError, tokenRequest, withSandbox } from './helpers';

const fx = withSandbox();

const NO_FAULTS = { ...DEFAULT_OPTIONS.faults };
afterEach(() => fx.sb.control.setFaults(NO_FAULTS));

const clientCredentials = () => tokenRequest(fx.sb, { grant_type: 'client_credentials' });
const catalog = () => fetch(`${fx.sb.urls.api}/charts?territory=TW`);
const qr = () => fetch(`${fx.sb.urls.qr}/generator?content=x&image_size=100&logo_size=0&response_type=json`);

describe('faults', () => {
  it('errorRate 1 answers 500 with each route family’s error body', async () => {
    fx.sb.control.setFaults({ errorRate: 1 });
    const token = await clientCredentials();
    expect(token.status).toBe(500);
    expect(TokenErrorSchema.parse(await token.json()).error).toBe('server_error');
    const api = await catalog();
    expect(api.status).toBe(500);
    expect(CatalogErrorSchema.parse(await api.json()).error).toEqual({ message: 'Internal Server Error', code: 0 });
    const gen = await qr();
    expect(gen.status).toBe(500);
    expect(await gen.json()).toEqual({ status: 'ERROR', error: 'server_error' });
  });

  it('unavailableRate 1 answers 503 with Retry-After', async () => {
    fx.sb.control.setFaults({ unavailableRate: 1, retryAfterSeconds: 7 });
    const token = await clientCredentials();
    expect(token.status).toBe(503);
    expect(token.headers.get('retry-after')).toBe('7');
    expect(TokenErrorSchema.parse(await token.json()).error).toBe('temporarily_unavailable');
    const api = await catalog();
    expect(api.status).toBe(503);
    expect(CatalogErrorSchema.safeParse(await api.json()).success).toBe(true);
  });

  it('malformedRate 1 answers 200 with a body that is not JSON', async () => {
    fx.sb.control.setFaults({ malformedRate: 1 });
    for (const res of [await clientCredentials(), await catalog(), await qr()]) {
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(() => JSON.parse(text) as unknown).toThrow();
    }
  });

  it('dropRate 1 closes the connection without an answer and logs status 0', async () => {
    fx.sb.control.setFaults({ dropRate: 1 });
    fx.sb.control.clearRequestLog();
    await expect(clientCredentials()).rejects.toThrow();
    await expect(catalog()).rejects.toThrow();
    expect(fx.sb.control.requestLog().map((r) => [r.path, r.status])).toEqual([
      ['/oauth2/token', 0],
      ['/v1.1/charts', 0],
    ]);
  });

  it('lostAnswerRate 1 rotates the refresh token, then drops the connection: the answer is lost, the old token spent', async () => {
    const pair = await memberToken(fx.sb);
    fx.sb.control.setFaults({ lostAnswerRate: 1 });
    fx.sb.control.clearRequestLog();
    const refresh = () => tokenRequest(fx.sb, { grant_type: 'refresh_token', refresh_token: pair.refresh_token ?? '' });
    await expect(refresh()).rejects.toThrow();
    expect(fx.sb.control.requestLog().map((r) => [r.path, r.status])).toEqual([['/oauth2/token', 0]]);
    fx.sb.control.setFaults({ lostAnswerRate: 0 });
    expect(await tokenError(await refresh())).toBe('invalid_grant');
  });

  it('slowRate 1 does the work at once and holds the answer for slowMs', async () => {
    const sb = await startSandbox({ faults: { slowRate: 1, slowMs: 60_000 } });
    let answered = false;
    const held = requestDeviceCode(sb).finally(() => (answered = true));
    // The code exists (the route ran) while its answer is still held back.
    await vi.waitFor(() => expect(sb.control.pendingUserCodes()).toHaveLength(1), { timeout: 10_000 });
    expect(answered).toBe(false);
    await sb.close();
    await expect(held).rejects.toThrow();
  });

  it('rate 0 never fires: every request is answered normally', async () => {
    fx.sb.control.setFaults(NO_FAULTS);
    for (let i = 0; i < 20; i += 1) expect((await clientCredentials()).status).toBe(200);
  });

  it('latency delays the answer by at least latencyMs', async () => {
    fx.sb.control.setFaults({ latencyMs: 300 });
    const started = performance.now();
    expect((await clientCredentials()).status).toBe(200);
    // Timers may fire a millisecond early against performance.now(); only a lower bound is asserted.
    expect(performance.now() - started).toBeGreaterThanOrEqual(295);
  });

  it('spares the sign-in pages, the control API and artwork from errors', async () => {
    fx.sb.control.setFaults({ errorRate: 1, dropRate: 1, unavailableRate: 1, malformedRate: 1 });
    expect((await fetch(`${fx.sb.origin}/oauth2/device`)).status).toBe(200);
    expect((await fetch(`${fx.sb.origin}/__sandbox/pending`)).status).toBe(200);
    const artwork = await fetch(`${fx.sb.origin}/artwork/none.jpg`);
    expect([500, 503]).not.toContain(artwork.status);
  });

  it('a rate between 0 and 1 fires for about that share, repeatably per seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const draws = Array.from({ length: 2000 }, () => a());
    expect(draws).toEqual(Array.from({ length: 2000 }, () => b()));
    const share = draws.filter((d) => d < 0.25).length / draws.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.3);
    expect(draws.every((d) => d >= 0 && d < 1)).toBe(true);
  });
});

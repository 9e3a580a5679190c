import { describe, expect, it } from 'vitest';
import { TokenResponseSchema } from '../../shared/service/auth';
import { clientToken, pollDevice, requestDeviceCode, tokenError, tokenOk, tokenRequest, withSandbox } from './helpers';

const fx = withSandbox();

function control(path: string, body?: unknown, method = 'POST'): Promise<Response> {
  return fetch(`${fx.sb.origin}/__sandbox${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('control API over HTTP', () => {
  it('lists pending codes and approves one for a member', async () => {
    const code = await requestDeviceCode(fx.sb);
    const pending = (await (await fetch(`${fx.sb.origin}/__sandbox/pending`)).json()) as { user_codes: string[] };
    expect(pending.user_codes).toContain(code.user_code);
    const res = await control('/approve', { user_code: code.user_code, member_id: 'member-demo' });
    expect(res.status).toBe(200);
    expect((await pollDevice(fx.sb, code.device_code)).status).toBe(200);
    expect((await control('/approve', { user_code: code.user_code })).status).toBe(404);
  });

  it('denies a code', async () => {
    const code = await requestDeviceCode(fx.sb);
    expect((await control('/deny', { user_code: code.user_code })).status).toBe(200);
    expect(await tokenError(await pollDevice(fx.sb, code.device_code))).toBe('access_denied');
  });

  it('sets faults and lifetimes, and the live options reflect them', async () => {
    const faults = await control('/faults', { errorRate: 1 });
    expect(faults.status).toBe(200);
    expect(fx.sb.options.faults.errorRate).toBe(1);
    expect((await tokenRequest(fx.sb, { grant_type: 'client_credentials' })).status).toBe(500);
    await control('/faults', { errorRate: 0 });

    expect((await control('/lifetimes', { clientTokenSeconds: 42 })).status).toBe(200);
    expect(fx.sb.options.lifetimes.clientTokenSeconds).toBe(42);
    const token = await tokenOk(await tokenRequest(fx.sb, { grant_type: 'client_credentials' }));
    expect(token.expires_in).toBe(42);
  });

  it('refuses bodies that do not fit with 400', async () => {
    expect((await control('/faults', { errorRate: 2 })).status).toBe(400);
    expect((await control('/faults', { unknownKnob: 1 })).status).toBe(400);
    expect((await control('/approve', {})).status).toBe(400);
    const notJson = await fetch(`${fx.sb.origin}/__sandbox/time/advance`, { method: 'POST', body: '{oops' });
    expect(notJson.status).toBe(400);
    expect(fx.sb.options.faults.errorRate).toBe(0);
  });

  it('issues member tokens and revokes them', async () => {
    const res = await control('/tokens', {});
    const pair = TokenResponseSchema.parse(await res.json());
    expect(pair.refresh_token).toBeDefined();
    const revoked = (await (await control('/revoke', { member_id: 'member-demo' })).json()) as { revoked: number };
    expect(revoked.revoked).toBeGreaterThanOrEqual(2);
    const refresh = await tokenRequest(fx.sb, { grant_type: 'refresh_token', refresh_token: pair.refresh_token ?? '' });
    expect(await tokenError(refresh)).toBe('invalid_grant');
    expect((await control('/tokens', { member_id: 'nobody' })).status).toBe(404);
  });

  it('advances the sandbox clock so codes expire', async () => {
    const code = await requestDeviceCode(fx.sb);
    const res = await control('/time/advance', { ms: 601_000 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { clock_offset_ms: number }).clock_offset_ms).toBeGreaterThanOrEqual(601_000);
    expect(await tokenError(await pollDevice(fx.sb, code.device_code))).toBe('expired_token');
  });

  it('refuses a clock step that is nonsense or too far with a JSON 400, and new tokens still live', async () => {
    for (const ms of [1e308, -1, 1.5, '60000', null, 11 * 365.25 * 86_400_000]) {
      const res = await control('/time/advance', { ms });
      expect(res.status, `ms: ${String(ms)}`).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
    }
    expect(() => fx.sb.control.advanceTime(Number.MAX_VALUE)).toThrow(RangeError);
    const token = await tokenOk(await tokenRequest(fx.sb, { grant_type: 'client_credentials' }));
    const me = await fetch(`${fx.sb.urls.api}/charts?territory=TW`, { headers: { authorization: `Bearer ${token.access_token}` } });
    expect(me.status).toBe(200);
  });

  it('logs client-facing requests only, and clears the log', async () => {
    expect((await control('/requests', undefined, 'DELETE')).status).toBe(200);
    await clientToken(fx.sb);
    await fetch(`${fx.sb.origin}/oauth2/device`);
    await fetch(`${fx.sb.urls.api}/me`);
    const log = (await (await fetch(`${fx.sb.origin}/__sandbox/requests`)).json()) as {
      requests: { method: string; path: string; status: number; at: number }[];
    };
    expect(log.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /oauth2/token 200',
      expect.stringMatching(/^GET \/v1\.1\/me \d{3}$/),
    ]);
    expect(fx.sb.control.requestLog()).toHaveLength(2);
  });

  it('tells its state: origin, client, faults, pending codes and members', async () => {
    const state = (await (await fetch(`${fx.sb.origin}/__sandbox/state`)).json()) as {
      origin: string;
      client: { id: string };
      members: { id: string; username: string }[];
    };
    expect(state.origin).toBe(fx.sb.origin);
    expect(state.client.id).toBe(fx.sb.client.id);
    expect(state.members[0]?.id).toBe('member-demo');
  });
});

describe('control in process', () => {
  it('leaves a knob alone when a patch names it as undefined, and refuses out-of-range values', () => {
    fx.sb.control.setFaults({ latencyMs: 5 });
    fx.sb.control.setFaults({ latencyMs: undefined, errorRate: 0 });
    expect(fx.sb.options.faults.latencyMs).toBe(5);
    expect(() => fx.sb.control.setFaults({ dropRate: -1 })).toThrow();
    expect(() => fx.sb.control.setLifetimes({ accessTokenSeconds: 0 })).toThrow();
    fx.sb.control.setFaults({ latencyMs: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import {
  DEVICE_GRANT_RFC8628,
  DeviceCodeRfc8628Schema,
  DeviceCodeSchema,
  TokenResponseSchema,
} from '../../shared/service/auth';
import { basicAuth, pollDevice, postForm, requestDeviceCode, tokenError, tokenOk, tokenRequest, withSandbox } from './helpers';

const fx = withSandbox({ lifetimes: { deviceCodeSeconds: 120, deviceIntervalSeconds: 5 } });

describe('device code endpoint', () => {
  it('answers the documented fields, with the QR URL on the authorize page', async () => {
    const res = await postForm(
      `${fx.sb.urls.auth}/oauth2/device/code`,
      { client_id: fx.sb.client.id },
      { authorization: basicAuth(fx.sb.client.id, fx.sb.client.secret) },
    );
    expect(res.status).toBe(200);
    const body: unknown = await res.json();
    const code = DeviceCodeSchema.parse(body);
    expect(code.userCode).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(code.expiresInSeconds).toBe(120);
    expect(code.intervalSeconds).toBe(5);
    expect(code.verificationUrl).toBe(`${fx.sb.origin}/oauth2/device`);
    expect(code.shortVerificationUrl).toBe(`${fx.sb.origin}/d`);
    expect(code.qrContent).toBe(`${fx.sb.origin}/oauth2/authorize?response_type=device&user_code=${code.userCode}`);
  });

  it('accepts a form client_id without Basic', async () => {
    const res = await postForm(`${fx.sb.urls.auth}/oauth2/device/code`, { client_id: fx.sb.client.id });
    expect(res.status).toBe(200);
  });

  it('refuses an unknown client, a wrong secret, and a request without client_id', async () => {
    const unknown = await postForm(`${fx.sb.urls.auth}/oauth2/device/code`, { client_id: 'nobody' });
    expect(unknown.status).toBe(401);
    expect(await tokenError(unknown)).toBe('invalid_client');
    const wrong = await postForm(
      `${fx.sb.urls.auth}/oauth2/device/code`,
      { client_id: fx.sb.client.id },
      { authorization: basicAuth(fx.sb.client.id, 'wrong') },
    );
    expect(await tokenError(wrong)).toBe('invalid_client');
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic /);
    const missing = await postForm(`${fx.sb.urls.auth}/oauth2/device/code`, {});
    expect(missing.status).toBe(400);
    expect(await tokenError(missing)).toBe('invalid_request');
  });

  it('answers RFC 8628 names on /oauth2/device_authorization', async () => {
    const res = await postForm(`${fx.sb.urls.auth}/oauth2/device_authorization`, { client_id: fx.sb.client.id });
    const code = DeviceCodeRfc8628Schema.parse(await res.json());
    expect(code.verification_uri).toBe(`${fx.sb.origin}/oauth2/device`);
    expect(code.verification_uri_complete).toContain(`user_code=${code.user_code}`);
  });
});

describe('device grant polling', () => {
  it('is pending, then issues tokens once approved, then refuses the reused code', async () => {
    const code = await requestDeviceCode(fx.sb);
    const pending = await pollDevice(fx.sb, code.device_code);
    expect(pending.status).toBe(400);
    expect(await tokenError(pending)).toBe('authorization_pending');
    expect(fx.sb.control.pendingUserCodes()).toContain(code.user_code);

    expect(fx.sb.control.approve(code.user_code)).toBe(true);
    expect(fx.sb.control.pendingUserCodes()).not.toContain(code.user_code);
    const token = await tokenOk(await pollDevice(fx.sb, code.device_code));
    expect(token.token_type).toBe('Bearer');
    expect(token.refresh_token).toBeDefined();

    expect(await tokenError(await pollDevice(fx.sb, code.device_code))).toBe('invalid_grant');
  });

  it('answers slow_down to a poll inside the interval, and the interval grows by 5 s', async () => {
    const code = await requestDeviceCode(fx.sb);
    expect(await tokenError(await pollDevice(fx.sb, code.device_code))).toBe('authorization_pending');
    expect(await tokenError(await pollDevice(fx.sb, code.device_code))).toBe('slow_down');
    // 6 s would have been on time before; the interval is 10 s now, and another slow_down makes it 15 s.
    fx.sb.control.advanceTime(6_000);
    expect(await tokenError(await pollDevice(fx.sb, code.device_code))).toBe('slow_down');
    fx.sb.control.advanceTime(15_000);
    expect(await tokenError(await pollDevice(fx.sb, code.device_code))).toBe('authorization_pending');
  });

  it('answers access_denied after the member denies', async () => {
    const code = await requestDeviceCode(fx.sb);
    expect(fx.sb.control.deny(code.user_code)).toBe(true);
    expect(fx.sb.control.approve(code.user_code)).toBe(false);
    expect(await tokenError(await pollDevice(fx.sb, code.device_code))).toBe('access_denied');
  });

  it('answers expired_token once the code outlives expires_in, approved or not', async () => {
    const code = await requestDeviceCode(fx.sb);
    fx.sb.control.advanceTime(121_000);
    expect(fx.sb.control.approve(code.user_code)).toBe(false);
    const res = await pollDevice(fx.sb, code.device_code);
    expect(res.status).toBe(400);
    expect(await tokenError(res)).toBe('expired_token');
  });

  it('refuses an unknown device code', async () => {
    expect(await tokenError(await pollDevice(fx.sb, 'twd_unknown'))).toBe('invalid_grant');
  });

  it('accepts the RFC 8628 grant with the device_code field', async () => {
    const code = await requestDeviceCode(fx.sb);
    const pending = await tokenRequest(fx.sb, { grant_type: DEVICE_GRANT_RFC8628, device_code: code.device_code });
    expect(await tokenError(pending)).toBe('authorization_pending');
    fx.sb.control.approve(code.user_code);
    const wrongField = await tokenRequest(fx.sb, { grant_type: DEVICE_GRANT_RFC8628, code: code.device_code });
    expect(await tokenError(wrongField)).toBe('invalid_request');
    const res = await tokenRequest(fx.sb, { grant_type: DEVICE_GRANT_RFC8628, device_code: code.device_code });
    expect(TokenResponseSchema.parse(await res.json()).refresh_token).toBeDefined();
  });

  it('approves a code typed in lower case without the hyphen, for the member asked for', async () => {
    const code = await requestDeviceCode(fx.sb);
    expect(fx.sb.control.approve(code.user_code.replace('-', '').toLowerCase(), 'member-demo')).toBe(true);
    expect((await pollDevice(fx.sb, code.device_code)).status).toBe(200);
    const other = await requestDeviceCode(fx.sb);
    expect(fx.sb.control.approve(other.user_code, 'no-such-member')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../../sandbox/app';
import { resolveOptions } from '../../sandbox/options';
import { DEVICE_GRANT_DOCUMENTED, TokenResponseSchema } from '../../shared/service/auth';
import {
  basicAuth,
  memberToken,
  postForm,
  requestDeviceCode,
  tokenError,
  tokenOk,
  tokenRequest,
  withSandbox,
} from './helpers';

const fx = withSandbox({ lifetimes: { accessTokenSeconds: 600, refreshExtraSeconds: 300 } });

describe('token endpoint: client authentication', () => {
  it('issues a client-credentials token with form credentials, without a refresh token', async () => {
    const res = await tokenRequest(fx.sb, { grant_type: 'client_credentials' });
    const token = await tokenOk(res);
    expect(token.token_type).toBe('Bearer');
    expect(token.expires_in).toBe(2_592_000);
    expect(token.refresh_token).toBeUndefined();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts HTTP Basic instead of form fields', async () => {
    const res = await postForm(
      `${fx.sb.urls.auth}/oauth2/token`,
      { grant_type: 'client_credentials' },
      { authorization: basicAuth(fx.sb.client.id, fx.sb.client.secret) },
    );
    expect((await tokenOk(res)).access_token).toMatch(/\S/);
  });

  it('refuses a wrong secret in the form with 401 invalid_client and no Basic challenge', async () => {
    const res = await postForm(`${fx.sb.urls.auth}/oauth2/token`, {
      grant_type: 'client_credentials',
      client_id: fx.sb.client.id,
      client_secret: 'wrong',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBeNull();
    expect(await tokenError(res)).toBe('invalid_client');
  });

  it('refuses wrong Basic credentials with 401 invalid_client and a WWW-Authenticate challenge', async () => {
    const res = await postForm(
      `${fx.sb.urls.auth}/oauth2/token`,
      { grant_type: 'client_credentials' },
      { authorization: basicAuth(fx.sb.client.id, 'wrong') },
    );
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect(await tokenError(res)).toBe('invalid_client');
  });

  it('refuses Basic and form credentials that disagree', async () => {
    const res = await postForm(
      `${fx.sb.urls.auth}/oauth2/token`,
      { grant_type: 'client_credentials', client_id: 'someone-else' },
      { authorization: basicAuth(fx.sb.client.id, fx.sb.client.secret) },
    );
    expect(res.status).toBe(401);
    expect(await tokenError(res)).toBe('invalid_client');
  });

  it('refuses an unknown client and a request without any client authentication', async () => {
    const unknown = await postForm(`${fx.sb.urls.auth}/oauth2/token`, {
      grant_type: 'client_credentials',
      client_id: 'nobody',
      client_secret: 'x',
    });
    expect(await tokenError(unknown)).toBe('invalid_client');
    const none = await postForm(`${fx.sb.urls.auth}/oauth2/token`, { grant_type: 'client_credentials' });
    expect(none.status).toBe(401);
    expect(await tokenError(none)).toBe('invalid_client');
  });
});

describe('token endpoint: malformed requests', () => {
  it('answers invalid_request without grant_type', async () => {
    const res = await tokenRequest(fx.sb, {});
    expect(res.status).toBe(400);
    expect(await tokenError(res)).toBe('invalid_request');
  });

  it('answers unsupported_grant_type for an unknown grant', async () => {
    const res = await tokenRequest(fx.sb, { grant_type: 'password' });
    expect(res.status).toBe(400);
    expect(await tokenError(res)).toBe('unsupported_grant_type');
  });

  it('answers invalid_request for a JSON body and for a repeated parameter', async () => {
    const json = await fetch(`${fx.sb.urls.auth}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: fx.sb.client.id, client_secret: fx.sb.client.secret }),
    });
    expect(await tokenError(json)).toBe('invalid_request');
    const repeated = await fetch(`${fx.sb.urls.auth}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&grant_type=refresh_token&client_id=${fx.sb.client.id}&client_secret=${fx.sb.client.secret}`,
    });
    expect(repeated.status).toBe(400);
    expect(await tokenError(repeated)).toBe('invalid_request');
  });

  it('answers invalid_request when a grant misses its own field', async () => {
    for (const grant_type of ['authorization_code', 'refresh_token', 'http://oauth.net/grant_type/device/1.0']) {
      const res = await tokenRequest(fx.sb, { grant_type });
      expect(await tokenError(res), grant_type).toBe('invalid_request');
    }
  });

  it('answers invalid_grant for an unknown authorization code', async () => {
    const res = await tokenRequest(fx.sb, { grant_type: 'authorization_code', code: 'never-issued' });
    expect(res.status).toBe(400);
    expect(await tokenError(res)).toBe('invalid_grant');
  });
});

describe('token endpoint: refresh', () => {
  it('rotates: the new pair works and the old refresh token is rejected at once', async () => {
    const first = await memberToken(fx.sb);
    expect(first.refresh_token).toBeDefined();
    const second = await tokenOk(await tokenRequest(fx.sb, { grant_type: 'refresh_token', refresh_token: first.refresh_token ?? '' }));
    expect(second.refresh_token).toBeDefined();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    const replay = await tokenRequest(fx.sb, { grant_type: 'refresh_token', refresh_token: first.refresh_token ?? '' });
    expect(await tokenError(replay)).toBe('invalid_grant');
    const next = await tokenRequest(fx.sb, { grant_type: 'refresh_token', refresh_token: second.refresh_token ?? '' });
    expect(next.status).toBe(200);
  });

  it('with a reuse grace, a spent refresh token presented again within it gets the same new pair; after it, invalid_grant', async () => {
    fx.sb.control.setLifetimes({ refreshGraceSeconds: 30 });
    try {
      const first = await memberToken(fx.sb);
      const refresh = () => tokenRequest(fx.sb, { grant_type: 'refresh_token', refresh_token: first.refresh_token ?? '' });
      const answer = await tokenOk(await refresh());
      // The answer was lost: the client tries again with the token it still holds.
      expect(await tokenOk(await refresh())).toEqual(answer);
      expect((await fetch(`${fx.sb.urls.api}/me`, { headers: { authorization: `Bearer ${answer.access_token}` } })).status).toBe(200);
      fx.sb.control.advanceTime(31_000);
      expect(await tokenError(await refresh())).toBe('invalid_grant');
      // The pair the rotation issued goes on rotating as usual.
      expect((await tokenRequest(fx.sb, { grant_type: 'refresh_token', refresh_token: answer.refresh_token ?? '' })).status).toBe(200);
    } finally {
      fx.sb.control.setLifetimes({ refreshGraceSeconds: 0 });
    }
  });

  it('a reuse grace ends when the member is revoked', async () => {
    fx.sb.control.setLifetimes({ refreshGraceSeconds: 30 });
    try {
      const first = await memberToken(fx.sb, 'member-hanako');
      const refresh = () => tokenRequest(fx.sb, { grant_type: 'refresh_token', refresh_token: first.refresh_token ?? '' });
      expect((await refresh()).status).toBe(200);
      fx.sb.control.revokeMember('member-hanako');
      expect(await tokenError(await refresh())).toBe('invalid_grant');
    } finally {
      fx.sb.control.setLifetimes({ refreshGraceSeconds: 0 });
    }
  });

  it('refuses a refresh token presented by another client', async () => {
    const pair = await memberToken(fx.sb);
    const res = await postForm(`${fx.sb.urls.auth}/oauth2/token`, {
      grant_type: 'refresh_token',
      refresh_token: pair.refresh_token ?? '',
      client_id: 'nobody',
      client_secret: 'x',
    });
    expect(await tokenError(res)).toBe('invalid_client');
  });
});

describe('token lifetimes on the sandbox clock', () => {
  it('lets the refresh token outlive the access token, and both expire for real', async () => {
    const app = createSandboxApp(resolveOptions({ lifetimes: { accessTokenSeconds: 600, refreshExtraSeconds: 300 } }), () => 'http://sandbox.test');
    const pair = app.control.issueMemberToken();
    expect(pair.expires_in).toBe(600);
    const bearer = `Bearer ${pair.access_token}`;
    expect(app.ctx.tokens.verifyBearer(bearer)).toEqual({ kind: 'member', clientId: 'tunewall-sandbox', memberId: 'member-demo' });

    app.control.advanceTime(601_000);
    expect(app.ctx.tokens.verifyBearer(bearer)).toBeUndefined();

    const refresh = (token: string) =>
      app.app.request('/oauth2/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: 'tunewall-sandbox', client_secret: 'sandbox-secret-change-me' }).toString(),
      });
    const renewed = await tokenOk(await refresh(pair.refresh_token));
    expect(app.ctx.tokens.verifyBearer(`Bearer ${renewed.access_token}`)?.kind).toBe('member');

    // The renewed refresh token lives 600 + 300 s; past that it is refused.
    app.control.advanceTime(901_000);
    expect(await tokenError(await refresh(renewed.refresh_token ?? ''))).toBe('invalid_grant');
  });

  it('expires over HTTP too: a member token pair is refused after advanceTime', async () => {
    const pair = await memberToken(fx.sb);
    fx.sb.control.advanceTime((600 + 300 + 1) * 1000);
    const res = await tokenRequest(fx.sb, { grant_type: 'refresh_token', refresh_token: pair.refresh_token ?? '' });
    expect(await tokenError(res)).toBe('invalid_grant');
  });

  it('says which grant a bearer token speaks for: client tokens are client-only', async () => {
    const app = createSandboxApp(resolveOptions(), () => 'http://sandbox.test');
    const res = await app.app.request('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth('tunewall-sandbox', 'sandbox-secret-change-me') },
      body: 'grant_type=client_credentials',
    });
    const token = await tokenOk(res);
    expect(app.ctx.tokens.verifyBearer(`Bearer ${token.access_token}`)).toEqual({ kind: 'client', clientId: 'tunewall-sandbox' });
    expect(app.ctx.tokens.verifyBearer(`Bearer not-a-token`)).toBeUndefined();
    expect(app.ctx.tokens.verifyBearer(undefined)).toBeUndefined();
    expect(app.ctx.tokens.verifyBearer(token.access_token)).toBeUndefined();
  });

  it('revoking a member kills its access and refresh tokens, not client tokens', async () => {
    const app = createSandboxApp(resolveOptions(), () => 'http://sandbox.test');
    const member = app.control.issueMemberToken();
    const other = app.control.issueMemberToken();
    const client = await tokenOk(
      await app.app.request('/oauth2/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&client_id=tunewall-sandbox&client_secret=sandbox-secret-change-me',
      }),
    );
    expect(app.control.revokeMember('member-demo')).toBe(4);
    expect(app.ctx.tokens.verifyBearer(`Bearer ${member.access_token}`)).toBeUndefined();
    expect(app.ctx.tokens.verifyBearer(`Bearer ${other.access_token}`)).toBeUndefined();
    expect(app.ctx.tokens.verifyBearer(`Bearer ${client.access_token}`)?.kind).toBe('client');
    expect(app.control.revokeMember('member-demo')).toBe(0);
  });
});

describe('huge expires_in', () => {
  const huge = withSandbox({ lifetimes: { hugeExpiresIn: true, accessTokenSeconds: 60 } });

  it('sends the 64-bit integer literally in the JSON text of member and client tokens', async () => {
    const { user_code, device_code } = await requestDeviceCode(huge.sb);
    expect(huge.sb.control.approve(user_code)).toBe(true);
    const member = await (await tokenRequest(huge.sb, { grant_type: DEVICE_GRANT_DOCUMENTED, code: device_code })).text();
    expect(member).toContain('"expires_in":9223372036854775807');
    expect(TokenResponseSchema.parse(JSON.parse(member)).refresh_token).toBeDefined();
    const client = await (await tokenRequest(huge.sb, { grant_type: 'client_credentials' })).text();
    expect(client).toContain('"expires_in":9223372036854775807');
  });

  it('still expires the access token after accessTokenSeconds', async () => {
    const app = createSandboxApp(resolveOptions({ lifetimes: { hugeExpiresIn: true, accessTokenSeconds: 60 } }), () => 'http://sandbox.test');
    const code = app.control.issueMemberToken();
    expect(app.ctx.tokens.verifyBearer(`Bearer ${code.access_token}`)?.kind).toBe('member');
    app.control.advanceTime(61_000);
    expect(app.ctx.tokens.verifyBearer(`Bearer ${code.access_token}`)).toBeUndefined();
  });
});

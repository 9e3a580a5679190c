/** POST /oauth2/token (every grant) and the device code endpoints of the token service. */
import type { Context, Hono } from 'hono';
import { DEVICE_GRANT_DOCUMENTED, DEVICE_GRANT_RFC8628 } from '../../shared/service/auth';
import type { SandboxContext } from '../context';
import type { RegisteredClient } from './clients';
import { presentedCredentials } from './clients';
import { NO_STORE, oauthError, readForm } from './oauth-errors';
import type { AuthServices } from './services';
import { HUGE_EXPIRES_IN, type IssuedTokens } from './tokens';

type ClientCheck = { ok: true; client: RegisteredClient } | { ok: false; response: Response };

/** Token endpoint client authentication: a registered id and its secret, by form fields or Basic. */
function authenticateClient(c: Context, services: AuthServices, form: URLSearchParams, requireSecret: boolean): ClientCheck {
  const creds = presentedCredentials(c.req.header('authorization'), form);
  const fail = (description: string): ClientCheck => ({
    ok: false,
    response: oauthError(c, 'invalid_client', description, creds.usedBasic),
  });
  if (creds.problem !== undefined) return fail(creds.problem);
  if (creds.clientId === undefined || creds.clientId === '') return fail('No client authentication was included.');
  const client = services.clients.byId(creds.clientId);
  if (!client) return fail('Unknown client.');
  if (creds.clientSecret === undefined) {
    if (requireSecret) return fail('client_secret is required.');
  } else if (creds.clientSecret !== client.secret) {
    return fail('Wrong client secret.');
  }
  return { ok: true, client };
}

/** The token JSON; with hugeExpiresIn the 64-bit literal is written into the text, as no JS number can hold it. */
function tokenResponse(c: Context, ctx: SandboxContext, tokens: IssuedTokens): Response {
  let text = JSON.stringify(tokens);
  if (ctx.options.lifetimes.hugeExpiresIn) {
    text = text.replace(`"expires_in":${tokens.expires_in}`, `"expires_in":${HUGE_EXPIRES_IN}`);
  }
  return c.body(text, 200, { ...NO_STORE, 'Content-Type': 'application/json; charset=UTF-8' });
}

function required(form: URLSearchParams, name: string): string | undefined {
  const value = form.get(name);
  return value === null || value === '' ? undefined : value;
}

function deviceAnswer(c: Context, ctx: SandboxContext, services: AuthServices, clientId: string, deviceCode: string): Response {
  const result = services.deviceCodes.poll(clientId, deviceCode);
  switch (result.kind) {
    case 'approved':
      return tokenResponse(c, ctx, services.tokens.issueMember(clientId, result.memberId));
    case 'authorization_pending':
      return oauthError(c, 'authorization_pending', 'The member has not approved yet.');
    case 'slow_down':
      return oauthError(c, 'slow_down', 'Polled faster than the interval; the interval grew by 5 seconds.');
    case 'access_denied':
      return oauthError(c, 'access_denied', 'The member denied the request.');
    case 'expired_token':
      return oauthError(c, 'expired_token', 'The device code has expired; request a new one.');
    case 'invalid_grant':
      return oauthError(c, 'invalid_grant', 'The device code is unknown or was already exchanged.');
  }
}

export function mountTokenEndpoints(app: Hono, ctx: SandboxContext, services: AuthServices): void {
  app.post('/oauth2/token', async (c) => {
    const read = await readForm(c);
    if (!read.ok) return oauthError(c, 'invalid_request', read.description);
    const { form } = read;
    const auth = authenticateClient(c, services, form, true);
    if (!auth.ok) return auth.response;
    const clientId = auth.client.id;
    const grantType = required(form, 'grant_type');
    switch (grantType) {
      case undefined:
        return oauthError(c, 'invalid_request', 'grant_type is required.');
      case 'client_credentials':
        return tokenResponse(c, ctx, services.tokens.issueClient(clientId));
      case 'authorization_code': {
        const code = required(form, 'code');
        if (code === undefined) return oauthError(c, 'invalid_request', 'code is required.');
        const memberId = services.authCodes.redeem(clientId, code, form.get('redirect_uri') ?? undefined);
        if (memberId === undefined) return oauthError(c, 'invalid_grant', 'The code is unknown, expired or already used.');
        return tokenResponse(c, ctx, services.tokens.issueMember(clientId, memberId));
      }
      case DEVICE_GRANT_DOCUMENTED:
      case DEVICE_GRANT_RFC8628: {
        // The documented grant names the device code `code`; RFC 8628 names it `device_code`.
        const field = grantType === DEVICE_GRANT_DOCUMENTED ? 'code' : 'device_code';
        const deviceCode = required(form, field);
        if (deviceCode === undefined) return oauthError(c, 'invalid_request', `${field} is required.`);
        return deviceAnswer(c, ctx, services, clientId, deviceCode);
      }
      case 'refresh_token': {
        const refreshToken = required(form, 'refresh_token');
        if (refreshToken === undefined) return oauthError(c, 'invalid_request', 'refresh_token is required.');
        const result = services.tokens.rotate(clientId, refreshToken);
        if (!result.ok) return oauthError(c, 'invalid_grant', 'The refresh token is unknown, rotated, revoked or expired.');
        return tokenResponse(c, ctx, result.tokens);
      }
      default:
        return oauthError(c, 'unsupported_grant_type', `The grant type ${grantType} is not supported.`);
    }
  });

  const deviceCodeHandler = (dialect: 'documented' | 'rfc8628') => async (c: Context) => {
    const read = await readForm(c);
    if (!read.ok) return oauthError(c, 'invalid_request', read.description);
    const creds = presentedCredentials(c.req.header('authorization'), read.form);
    if (creds.problem !== undefined) return oauthError(c, 'invalid_client', creds.problem, creds.usedBasic);
    if (creds.clientId === undefined || creds.clientId === '') return oauthError(c, 'invalid_request', 'client_id is required.');
    // Documented as Basic; a form client_id alone is also accepted, and a secret, when sent, must be right.
    const auth = authenticateClient(c, services, read.form, false);
    if (!auth.ok) return auth.response;
    const issued = services.deviceCodes.issue(auth.client.id);
    const origin = ctx.origin();
    const complete = `${origin}/oauth2/authorize?response_type=device&user_code=${encodeURIComponent(issued.userCode)}`;
    const common = {
      device_code: issued.deviceCode,
      user_code: issued.userCode,
      expires_in: issued.expiresInSeconds,
      interval: issued.intervalSeconds,
    };
    const body =
      dialect === 'documented'
        ? {
            ...common,
            verification_url: `${origin}/oauth2/device`,
            short_verification_url: `${origin}/d`,
            verification_qrcode: complete,
          }
        : { ...common, verification_uri: `${origin}/oauth2/device`, verification_uri_complete: complete };
    return c.json(body, 200, { ...NO_STORE });
  };
  app.post('/oauth2/device/code', deviceCodeHandler('documented'));
  // RFC 8628's conventional path and field names, for a client set to the RFC dialect.
  app.post('/oauth2/device_authorization', deviceCodeHandler('rfc8628'));
}

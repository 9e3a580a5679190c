/**
 * The browser side of the token service: GET /oauth2/authorize (authorization-code consent and, with
 * response_type=device, the device verification page), sign-in, and the code entry pages behind
 * verification_url (/oauth2/device) and short_verification_url (/d).
 */
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { DemoMember, SandboxContext } from '../context';
import { readFormBody } from '../http/forms';
import { hostError } from '../http/hosts';
import type { AuthServices } from './services';
import { SESSION_COOKIE } from './sessions';
import {
  codeEntryPage,
  consentPage,
  deviceApprovalPage,
  donePage,
  indexPage,
  loginPage,
  messagePage,
} from './pages';

const HTML_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
} as const;

function htmlResponse(c: Context, body: string, status: 200 | 400 | 401 | 403 | 404 | 409 | 410 = 200): Response {
  return c.html(body, status, { ...HTML_HEADERS });
}

/** Sign-in only ever sends the browser back to the authorize page, never elsewhere. */
function safeReturnTo(value: string | undefined): string {
  return value !== undefined && /^\/oauth2\/authorize\/?\?/.test(value) ? value : '/oauth2/device';
}

function currentMember(c: Context, ctx: SandboxContext, services: AuthServices): DemoMember | undefined {
  const memberId = services.sessions.memberOf(getCookie(c, SESSION_COOKIE));
  return memberId === undefined ? undefined : ctx.members.byId(memberId);
}

function returnToOf(c: Context): string {
  const url = new URL(c.req.url);
  return `${url.pathname}${url.search}`;
}

function redirectToLogin(c: Context): Response {
  return c.redirect(`/oauth2/login?return_to=${encodeURIComponent(returnToOf(c))}`, 302);
}

function formString(form: Record<string, string>, name: string): string | undefined {
  return form[name];
}

/** The posted form, or the 400 a body that is no form earns (JSON in the token service's shape: no person sends it). */
async function postedForm(c: Context): Promise<{ ok: true; form: Record<string, string> } | { ok: false; response: Response }> {
  const read = await readFormBody(c);
  if (!read.ok) return { ok: false, response: hostError(c, { status: 400, description: read.description }) };
  return { ok: true, form: read.fields };
}

function withParams(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

type CodeFlowCheck =
  | { ok: true; clientName: string; clientId: string; redirectUri: string; state: string }
  | { ok: false; response: Response };

/**
 * Validates an authorization-code request. Until client and redirect URI are trusted, errors are shown as a page
 * (RFC 6749 §4.1.2.1 forbids redirecting to an unverified URI); after that they go back to redirect_uri.
 */
function checkCodeFlow(c: Context, services: AuthServices, q: Record<string, string | undefined>): CodeFlowCheck {
  const refuse = (code: string, message: string, status: 400 | 403 = 400): CodeFlowCheck => ({
    ok: false,
    response: htmlResponse(c, messagePage('Authorization refused', message, code), status),
  });
  const clientId = q.client_id;
  if (clientId === undefined || clientId === '') return refuse('invalid_request', 'The request names no client_id.');
  const client = services.clients.byId(clientId);
  if (!client) return refuse('unauthorized_client', 'This app is not registered with the service.', 403);
  const redirectUri = q.redirect_uri;
  if (redirectUri === undefined || redirectUri === '') return refuse('invalid_request', 'The request names no redirect_uri.');
  if (redirectUri !== client.redirectUri) {
    return refuse('invalid_request', 'The redirect_uri does not equal the one registered for this app.');
  }
  const back = (error: string, description: string): CodeFlowCheck => ({
    ok: false,
    response: c.redirect(withParams(redirectUri, { error, error_description: description, state: q.state }), 302),
  });
  if (q.response_type === undefined || q.response_type === '') return back('invalid_request', 'response_type is required.');
  if (q.response_type !== 'code') return back('unsupported_response_type', `response_type ${q.response_type} is not supported.`);
  if (q.state === undefined || q.state === '') return back('invalid_request', 'state is required.');
  return { ok: true, clientName: client.name, clientId, redirectUri, state: q.state };
}

function devicePage(c: Context, ctx: SandboxContext, services: AuthServices, userCode: string | undefined): Response {
  if (userCode === undefined || userCode.trim() === '') return htmlResponse(c, codeEntryPage());
  const state = services.deviceCodes.state(userCode);
  switch (state.kind) {
    case 'unknown':
      return htmlResponse(c, codeEntryPage('That code is unknown. Check the code on your TV and type it again.', userCode), 404);
    case 'expired':
      return htmlResponse(c, codeEntryPage('That code has expired. Your TV will show a new one; type that instead.', userCode), 410);
    case 'approved':
    case 'exchanged':
      return htmlResponse(c, messagePage('Code already used', 'That code was already approved. Look at your TV.', 'already_used'), 409);
    case 'denied':
      return htmlResponse(c, messagePage('Code already used', 'That code was denied. Your TV needs a new code.', 'already_used'), 409);
    case 'pending':
      break;
  }
  const member = currentMember(c, ctx, services);
  if (!member) return redirectToLogin(c);
  const clientName = services.clients.byId(state.clientId)?.name ?? state.clientId;
  const formToken = () => services.sessions.formToken();
  return htmlResponse(c, deviceApprovalPage({ member, clientName, userCode: state.userCode, returnTo: returnToOf(c), formToken }));
}

export function mountAuthorizePages(app: Hono, ctx: SandboxContext, services: AuthServices): void {
  const formToken = () => services.sessions.formToken();

  app.get('/', (c) => htmlResponse(c, indexPage(ctx.origin())));
  app.get('/oauth2/device', (c) => htmlResponse(c, codeEntryPage()));
  app.get('/d', (c) => htmlResponse(c, codeEntryPage()));

  app.get('/oauth2/authorize', (c) => {
    const q = c.req.query();
    if (q.response_type === 'device') return devicePage(c, ctx, services, q.user_code);
    const check = checkCodeFlow(c, services, q);
    if (!check.ok) return check.response;
    const member = currentMember(c, ctx, services);
    if (!member) return redirectToLogin(c);
    const params = { client_id: check.clientId, redirect_uri: check.redirectUri, state: check.state };
    return htmlResponse(c, consentPage({ member, clientName: check.clientName, params, returnTo: returnToOf(c), formToken }));
  });

  app.post('/oauth2/authorize/decision', async (c) => {
    const posted = await postedForm(c);
    if (!posted.ok) return posted.response;
    const { form } = posted;
    if (!services.sessions.consumeFormToken(formString(form, 'form_token'))) {
      return htmlResponse(c, messagePage('Page expired', 'This page is stale. Start again from the app.', 'invalid_request'), 403);
    }
    const check = checkCodeFlow(c, services, {
      client_id: formString(form, 'client_id'),
      redirect_uri: formString(form, 'redirect_uri'),
      state: formString(form, 'state'),
      response_type: 'code',
    });
    if (!check.ok) return check.response;
    const member = currentMember(c, ctx, services);
    if (!member) return htmlResponse(c, messagePage('Signed out', 'Sign in again and retry from the app.', 'access_denied'), 401);
    if (formString(form, 'decision') !== 'approve') {
      return c.redirect(withParams(check.redirectUri, { error: 'access_denied', state: check.state }), 302);
    }
    const code = services.authCodes.issue(check.clientId, member.id, check.redirectUri);
    return c.redirect(withParams(check.redirectUri, { code, state: check.state }), 302);
  });

  app.post('/oauth2/device/decision', async (c) => {
    const posted = await postedForm(c);
    if (!posted.ok) return posted.response;
    const { form } = posted;
    if (!services.sessions.consumeFormToken(formString(form, 'form_token'))) {
      return htmlResponse(c, messagePage('Page expired', 'This page is stale. Open the link from your TV again.', 'invalid_request'), 403);
    }
    const member = currentMember(c, ctx, services);
    if (!member) return htmlResponse(c, messagePage('Signed out', 'Sign in again, then approve.', 'access_denied'), 401);
    const userCode = formString(form, 'user_code') ?? '';
    const approve = formString(form, 'decision') === 'approve';
    const done = approve ? services.deviceCodes.approve(userCode, member.id) : services.deviceCodes.deny(userCode);
    if (!done) return devicePage(c, ctx, services, userCode);
    return approve
      ? htmlResponse(c, donePage('Approved', 'Your TV will sign in within a few seconds. You can close this page.', true))
      : htmlResponse(c, donePage('Denied', 'The TV was not signed in. You can close this page.', false));
  });

  app.get('/oauth2/login', (c) => {
    const returnTo = safeReturnTo(c.req.query('return_to'));
    return htmlResponse(c, loginPage({ members: ctx.members.list(), returnTo, formToken }));
  });

  app.post('/oauth2/login', async (c) => {
    const posted = await postedForm(c);
    if (!posted.ok) return posted.response;
    const { form } = posted;
    const returnTo = safeReturnTo(formString(form, 'return_to'));
    const username = formString(form, 'username') ?? '';
    if (!services.sessions.consumeFormToken(formString(form, 'form_token'))) {
      const problem = 'This page had expired. Please sign in again.';
      return htmlResponse(c, loginPage({ members: ctx.members.list(), returnTo, formToken, problem, username }), 403);
    }
    const member = ctx.members.byUsername(username);
    if (!member || member.password !== formString(form, 'password')) {
      const problem = 'Wrong username or password. The demo accounts are listed below.';
      return htmlResponse(c, loginPage({ members: ctx.members.list(), returnTo, formToken, problem, username }), 401);
    }
    setCookie(c, SESSION_COOKIE, services.sessions.signIn(member.id), { path: '/', httpOnly: true, sameSite: 'Lax' });
    return c.redirect(returnTo, 303);
  });

  app.post('/oauth2/logout', async (c) => {
    const posted = await postedForm(c);
    if (!posted.ok) return posted.response;
    const { form } = posted;
    const returnTo = safeReturnTo(formString(form, 'return_to'));
    if (services.sessions.consumeFormToken(formString(form, 'form_token'))) {
      services.sessions.signOut(getCookie(c, SESSION_COOKIE));
      deleteCookie(c, SESSION_COOKIE, { path: '/' });
    }
    return c.redirect(`/oauth2/login?return_to=${encodeURIComponent(returnTo)}`, 303);
  });
}

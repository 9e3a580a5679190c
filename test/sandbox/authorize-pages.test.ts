import { describe, expect, it } from 'vitest';
import { TestBrowser, parseForms, pollDevice, requestDeviceCode, tokenError, tokenOk, tokenRequest, withSandbox } from './helpers';

const fx = withSandbox();
const REDIRECT = 'http://127.0.0.1/callback';

function authorizeUrl(params: Record<string, string>): string {
  return `/oauth2/authorize?${new URLSearchParams(params).toString()}`;
}

const codeFlow = (state: string, extra: Record<string, string> = {}) =>
  authorizeUrl({ response_type: 'code', client_id: fx.sb.client.id, redirect_uri: REDIRECT, state, ...extra });

describe('authorization-code flow', () => {
  it('sends an unauthenticated browser to sign in, then to consent, then back with code and state', async () => {
    const browser = new TestBrowser(fx.sb.origin);
    const first = await browser.get(codeFlow('xyz-123'));
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toMatch(/^\/oauth2\/login\?return_to=/);

    const consent = await browser.signInAndOpen(codeFlow('xyz-123'), 'demo', 'demo');
    expect(consent.status).toBe(200);
    const page = await consent.text();
    expect(page).toContain('Allow Tunewall?');

    const back = await browser.submit(page, 'Allow');
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('xyz-123');
    const code = location.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const token = await tokenOk(await tokenRequest(fx.sb, { grant_type: 'authorization_code', code }));
    expect(token.refresh_token).toBeDefined();
    const reuse = await tokenRequest(fx.sb, { grant_type: 'authorization_code', code });
    expect(await tokenError(reuse)).toBe('invalid_grant');
  });

  it('redirects with error=access_denied and the state when the member denies', async () => {
    const browser = new TestBrowser(fx.sb.origin);
    const page = await (await browser.signInAndOpen(codeFlow('s-deny'), 'demo', 'demo')).text();
    const back = await browser.submit(page, 'Deny');
    const location = new URL(back.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('s-deny');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('refuses a redirect_uri that differs from the registered one, without redirecting', async () => {
    const res = await new TestBrowser(fx.sb.origin).get(codeFlow('s', { redirect_uri: 'http://evil.example/cb' }));
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('invalid_request');
  });

  it('refuses an unknown client with unauthorized_client', async () => {
    const res = await new TestBrowser(fx.sb.origin).get(codeFlow('s', { client_id: 'nobody' }));
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('unauthorized_client');
  });

  it('sends unsupported_response_type and a missing state back to the redirect URI', async () => {
    const browser = new TestBrowser(fx.sb.origin);
    const token = await browser.get(codeFlow('s-rt', { response_type: 'token' }));
    const tokenLocation = new URL(token.headers.get('location') ?? '');
    expect(tokenLocation.searchParams.get('error')).toBe('unsupported_response_type');
    expect(tokenLocation.searchParams.get('state')).toBe('s-rt');
    const noState = await browser.get(authorizeUrl({ response_type: 'code', client_id: fx.sb.client.id, redirect_uri: REDIRECT }));
    expect(new URL(noState.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
  });

  it('rejects a wrong password and a form posted without its form token', async () => {
    const browser = new TestBrowser(fx.sb.origin);
    const login = await (await browser.open(codeFlow('s'))).text();
    const wrong = await browser.submit(login, 'Sign in', { username: 'demo', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Wrong username or password');

    const consent = await (await browser.signInAndOpen(codeFlow('s'), 'demo', 'demo')).text();
    const forged = await browser.submit(consent, 'Allow', { form_token: 'forged' });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('location')).toBeNull();
  });
});

describe('device verification pages', () => {
  it('approves a TV code through the QR link: sign in, Approve, and the TV gets tokens', async () => {
    const code = await requestDeviceCode(fx.sb);
    const qrPath = (code.verification_qrcode ?? '').slice(fx.sb.origin.length);
    const browser = new TestBrowser(fx.sb.origin);
    const page = await (await browser.signInAndOpen(qrPath, 'demo', 'demo')).text();
    expect(page).toContain(code.user_code);
    expect(page).toContain('Tunewall wants to sign in');

    const done = await browser.submit(page, 'Approve');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Approved');
    expect((await tokenOk(await pollDevice(fx.sb, code.device_code))).refresh_token).toBeDefined();

    const again = await browser.get(qrPath);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('already approved');
  });

  it('denies through the page, and the TV hears access_denied', async () => {
    const code = await requestDeviceCode(fx.sb);
    const browser = new TestBrowser(fx.sb.origin);
    const page = await (await browser.signInAndOpen(code.verification_qrcode ?? '', 'demo', 'demo')).text();
    expect(await (await browser.submit(page, 'Deny')).text()).toContain('Denied');
    expect(await tokenError(await pollDevice(fx.sb, code.device_code))).toBe('access_denied');
  });

  it('takes a typed code on the short verification URL, in any case and without the hyphen', async () => {
    const code = await requestDeviceCode(fx.sb);
    const browser = new TestBrowser(fx.sb.origin);
    const entry = await (await browser.get(code.short_verification_url ?? '')).text();
    const typed = code.user_code.replace('-', '').toLowerCase();
    const afterEntry = await browser.submit(entry, 'Continue', { user_code: typed });
    expect(afterEntry.status).toBe(302);
    const approval = await (await browser.signInAndOpen(afterEntry.headers.get('location') ?? '', 'demo', 'demo')).text();
    expect(approval).toContain(code.user_code);
    await browser.submit(approval, 'Approve');
    expect((await pollDevice(fx.sb, code.device_code)).status).toBe(200);
  });

  it('says clearly when a code is unknown or expired', async () => {
    const browser = new TestBrowser(fx.sb.origin);
    const unknown = await browser.get(authorizeUrl({ response_type: 'device', user_code: 'ZZZZ-ZZZZ' }));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('That code is unknown');

    const code = await requestDeviceCode(fx.sb);
    fx.sb.control.advanceTime(601_000);
    const expired = await browser.get(code.verification_qrcode ?? '');
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('That code has expired');
  });

  it('serves phone-friendly pages with no external assets and no script', async () => {
    const browser = new TestBrowser(fx.sb.origin);
    for (const path of ['/oauth2/device', '/d', '/oauth2/login', '/']) {
      const res = await browser.get(path);
      const html = await res.text();
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(html, path).toContain('name="viewport"');
      expect(html, path).not.toMatch(/<script|<link\b|src="http|href="http/);
    }
    // One tap per demo member signs in, no typing on a phone.
    const login = await (await browser.get('/oauth2/login')).text();
    const quick = parseForms(login).filter((f) => f.button.startsWith('Sign in as '));
    expect(quick.length).toBeGreaterThan(0);
    const first = quick[0];
    if (!first) throw new Error('no quick sign-in form');
    const signedIn = await browser.post(first.action, first.fields);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.getSetCookie().join()).toContain('tw_sandbox_session=');
  });
});

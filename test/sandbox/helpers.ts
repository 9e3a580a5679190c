/**
 * Shared helpers for tests that run against a real sandbox over HTTP (127.0.0.1, port 0).
 * Usable by every sandbox test: withSandbox() for the lifecycle, token helpers, and a tiny cookie-keeping browser
 * for the HTML sign-in pages.
 */
import { afterAll, beforeAll } from 'vitest';
import {
  DEVICE_GRANT_DOCUMENTED,
  DeviceCodeDocumentedSchema,
  TokenErrorSchema,
  TokenResponseSchema,
  type TokenResponse,
} from '../../shared/service/auth';
import { startSandbox, type RunningSandbox, type SandboxOptionsInput } from '../../sandbox/index';

/**
 * How many times the event loop turned while `work` ran (one setImmediate after another). Work done on the loop
 * leaves it a handful of turns (the requests' own I/O); work done off the loop leaves it hundreds.
 */
export async function loopTurnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const spin = (): void => {
    turns += 1;
    if (running) setImmediate(spin);
  };
  setImmediate(spin);
  try {
    return { result: await work(), turns };
  } finally {
    running = false;
  }
}

/** Starts a sandbox before the file's tests and closes it after; read `.sb` inside tests. */
export function withSandbox(input: SandboxOptionsInput = {}): { readonly sb: RunningSandbox } {
  let running: RunningSandbox | undefined;
  beforeAll(async () => {
    running = await startSandbox({ host: '127.0.0.1', port: 0, ...input });
  });
  afterAll(async () => {
    await running?.close();
  });
  return {
    get sb(): RunningSandbox {
      if (!running) throw new Error('The sandbox is not running (use .sb inside a test or hook).');
      return running;
    },
  };
}

export function basicAuth(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

/** POSTs an application/x-www-form-urlencoded body. */
export function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** POSTs to the token endpoint with the demo client's credentials as form fields. */
export function tokenRequest(sb: RunningSandbox, fields: Record<string, string>): Promise<Response> {
  return postForm(`${sb.urls.auth}/oauth2/token`, { client_id: sb.client.id, client_secret: sb.client.secret, ...fields });
}

export async function tokenError(res: Response): Promise<string> {
  return TokenErrorSchema.parse(await res.json()).error;
}

export async function tokenOk(res: Response): Promise<TokenResponse> {
  if (res.status !== 200) throw new Error(`Expected a token, got ${res.status}: ${await res.text()}`);
  return TokenResponseSchema.parse(await res.json());
}

/** A client-credentials access token. */
export async function clientToken(sb: RunningSandbox): Promise<string> {
  return (await tokenOk(await tokenRequest(sb, { grant_type: 'client_credentials' }))).access_token;
}

/** Requests a device code for the demo client (Basic auth, as documented). */
export async function requestDeviceCode(sb: RunningSandbox) {
  const res = await postForm(
    `${sb.urls.auth}/oauth2/device/code`,
    { client_id: sb.client.id },
    { authorization: basicAuth(sb.client.id, sb.client.secret) },
  );
  if (res.status !== 200) throw new Error(`Device code request failed: ${res.status} ${await res.text()}`);
  return DeviceCodeDocumentedSchema.parse(await res.json());
}

export function pollDevice(sb: RunningSandbox, deviceCode: string): Promise<Response> {
  return tokenRequest(sb, { grant_type: DEVICE_GRANT_DOCUMENTED, code: deviceCode });
}

/** A member token pair through the real device flow: request a code, approve it via control, poll. */
export async function memberToken(sb: RunningSandbox, memberId?: string): Promise<TokenResponse> {
  const code = await requestDeviceCode(sb);
  if (!sb.control.approve(code.user_code, memberId)) throw new Error(`Could not approve ${code.user_code}.`);
  return tokenOk(await pollDevice(sb, code.device_code));
}

export interface HtmlForm {
  action: string;
  method: string;
  fields: Record<string, string>;
  /** The submit button's text, to pick a form by what the person would tap. */
  button: string;
}

function unescapeHtml(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The forms of a page, with their hidden and prefilled fields. */
export function parseForms(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const attrs = m[1] ?? '';
    const inner = m[2] ?? '';
    const fields: Record<string, string> = {};
    for (const input of inner.matchAll(/<input\b([^>]*)>/g)) {
      const a = input[1] ?? '';
      const name = /\bname="([^"]*)"/.exec(a)?.[1];
      if (name !== undefined) fields[unescapeHtml(name)] = unescapeHtml(/\bvalue="([^"]*)"/.exec(a)?.[1] ?? '');
    }
    forms.push({
      action: unescapeHtml(/\baction="([^"]*)"/.exec(attrs)?.[1] ?? ''),
      method: (/\bmethod="([^"]*)"/.exec(attrs)?.[1] ?? 'get').toLowerCase(),
      fields,
      button: unescapeHtml(/<button\b[^>]*>([\s\S]*?)<\/button>/.exec(inner)?.[1] ?? '').trim(),
    });
  }
  return forms;
}

/** A browser that keeps cookies and does not follow redirects, so tests see each hop. */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly origin: string) {}

  private absolute(url: string): string {
    return new URL(url, this.origin).toString();
  }

  private remember(res: Response): void {
    for (const header of res.headers.getSetCookie()) {
      const pair = header.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  async get(url: string): Promise<Response> {
    const res = await fetch(this.absolute(url), { redirect: 'manual', headers: this.cookieHeader() });
    this.remember(res);
    return res;
  }

  async post(url: string, fields: Record<string, string>): Promise<Response> {
    const res = await fetch(this.absolute(url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...this.cookieHeader() },
      body: new URLSearchParams(fields).toString(),
    });
    this.remember(res);
    return res;
  }

  /** Submits the form whose button reads `button`, with extra or changed fields. */
  async submit(html: string, button: string, change: Record<string, string> = {}): Promise<Response> {
    const form = parseForms(html).find((f) => f.button === button);
    if (!form) throw new Error(`No form with a button "${button}" on the page.`);
    const fields = { ...form.fields, ...change };
    if (form.method === 'get') return this.get(`${form.action}?${new URLSearchParams(fields).toString()}`);
    return this.post(form.action, fields);
  }

  /** GETs a page, following redirects within the sandbox, and returns the final response. */
  async open(url: string): Promise<Response> {
    let res = await this.get(url);
    for (let hops = 0; hops < 5 && res.status >= 300 && res.status < 400; hops += 1) {
      const location = res.headers.get('location');
      if (location === null || !this.absolute(location).startsWith(this.origin)) return res;
      res = await this.get(location);
    }
    return res;
  }

  /** Signs in as a demo member from whatever sign-in page `url` leads to; returns the page after sign-in. */
  async signInAndOpen(url: string, username: string, password: string): Promise<Response> {
    const login = await this.open(url);
    const page = await login.text();
    const after = await this.submit(page, 'Sign in', { username, password });
    if (after.status !== 303) throw new Error(`Sign-in failed: ${after.status}`);
    return this.open(after.headers.get('location') ?? '/');
  }
}

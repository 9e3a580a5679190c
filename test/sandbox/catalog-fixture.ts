/**
 * Fixture of the catalog and member contract tests: a real sandbox over HTTP, a member and a client token, and a
 * GET/POST helper that returns status and parsed JSON.
 */
import { beforeAll } from 'vitest';
import type { RunningSandbox, SandboxOptionsInput } from '../../sandbox/index';
import { clientToken, withSandbox } from './helpers';

export interface ApiAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface CatalogFixture {
  readonly sb: RunningSandbox;
  /** Access token of the first demo member (TW). */
  readonly member: string;
  /** Client-credentials access token. */
  readonly client: string;
  /** GET `${api}${path}` with the given bearer token (the member's by default; null for none). */
  get(path: string, token?: string | null): Promise<ApiAnswer>;
  /** GET an absolute URL (e.g. paging.next) with the member token. */
  getUrl(url: string, token?: string | null): Promise<ApiAnswer>;
  post(path: string, body: string, contentType: string, token?: string | null): Promise<ApiAnswer>;
}

async function answer(res: Response): Promise<ApiAnswer> {
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
  return { status: res.status, body, headers: res.headers };
}

export function catalogFixture(input: SandboxOptionsInput = {}): CatalogFixture {
  const fx = withSandbox(input);
  let member: string | undefined;
  let client: string | undefined;
  beforeAll(async () => {
    member = fx.sb.control.issueMemberToken().access_token;
    client = await clientToken(fx.sb);
  });
  const auth = (token: string | null | undefined): Record<string, string> => {
    const t = token === undefined ? member : token;
    return t === null || t === undefined ? {} : { authorization: `Bearer ${t}` };
  };
  const self: CatalogFixture = {
    get sb() {
      return fx.sb;
    },
    get member() {
      if (!member) throw new Error('No member token yet.');
      return member;
    },
    get client() {
      if (!client) throw new Error('No client token yet.');
      return client;
    },
    getUrl: async (url, token) => answer(await fetch(url, { headers: auth(token) })),
    get: (path, token) => self.getUrl(`${fx.sb.urls.api}${path}`, token),
    post: async (path, body, contentType, token) =>
      answer(await fetch(`${fx.sb.urls.api}${path}`, { method: 'POST', headers: { ...auth(token), 'content-type': contentType }, body })),
  };
  return self;
}

/** The `{ error: { message, code } }` body the catalog answers with. */
export function catalogError(message: string): { error: { message: string; code: number } } {
  return { error: { message, code: 0 } };
}

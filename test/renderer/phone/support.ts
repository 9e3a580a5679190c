/** A TV's companion API as the phone page's tests need it: answers by method and path, and every request recorded. */
import { vi } from 'vitest';
import type { Credentials } from '../../../renderer/phone/src/api/credentials';

export interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Route = (request: Sent) => Response | Promise<Response>;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export const CREDENTIAL = 'c'.repeat(43);
export const SECRET = 's'.repeat(43);

/** fetch over `routes` ("GET /api/home"); an unknown route answers 404. `unreachable` makes every call fail as offline. */
export function fakeTv(routes: Record<string, Route>) {
  const sent: Sent[] = [];
  const state = { unreachable: false };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const path = String(input);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method: init?.method ?? 'GET', path, headers, body };
    sent.push(request);
    if (state.unreachable) throw new TypeError('Failed to fetch');
    const route = routes[`${request.method} ${path.split('?')[0]}`];
    return route === undefined ? json(404, { error: 'not found' }) : route(request);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent, state };
}

export function memoryCredentials(initial?: string): Credentials & { value: string | undefined; wasDropped: boolean } {
  const store = {
    value: initial,
    wasDropped: false,
    get: () => store.value,
    set: (c: string) => {
      store.value = c;
      store.wasDropped = false;
    },
    clear: () => {
      store.value = undefined;
      store.wasDropped = true;
    },
    dropped: () => store.wasDropped,
  };
  return store;
}

/** A fetch double that answers from a handler and records every request, so tests assert what was sent. */
export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: string | undefined;
}

export type Handler = (request: RecordedRequest, signal: AbortSignal | undefined) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function fakeFetch(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const request: RecordedRequest = {
      url: new URL(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    requests.push(request);
    return handler(request, init.signal ?? undefined);
  };
  return { fetch, requests };
}

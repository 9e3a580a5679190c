import { CoreError } from '../errors';
import { CatalogError, catalogErrorFrom, invalidResponseError, networkError, retryAfterMs, timeoutError } from './errors';

export type HttpFetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * One request whose answer should be JSON: the error body mapped to a CatalogError, a timeout covering the body too,
 * and the caller's abort passed through as the abort it is (not as a network failure).
 * An empty body comes back as undefined.
 */
export async function requestJson(
  fetch: HttpFetch,
  url: string,
  init: RequestInit,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<unknown> {
  if (signal?.aborted) throw signal.reason;
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, headers: { Accept: 'application/json', ...init.headers }, signal: combined });
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (timeout.aborted) throw timeoutError(error);
    // The session's authorizedFetch already says what went wrong (not signed in, refresh failed): keep its words.
    if (error instanceof CoreError || error instanceof CatalogError) throw error;
    throw networkError(error);
  }
  let json: unknown;
  let isJson = true;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: decided below from the status (a gateway's 502 page is a server error, a 200 is a bad answer).
      isJson = false;
    }
  }
  const error = catalogErrorFrom(response.status, json, retryAfterMs(response.headers.get('retry-after')));
  if (error) throw error;
  if (!isJson) throw invalidResponseError(`${new URL(url).pathname}: the body is not JSON`);
  return json;
}

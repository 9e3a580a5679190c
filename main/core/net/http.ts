/**
 * Requests over the FetchLike port: every request has a time limit and can be cancelled, and every failure becomes a
 * CoreError of a known kind.
 */
import type { z } from 'zod';
import { TOKEN_ERROR_CODES, TokenErrorSchema } from '../../../shared/service/auth';
import { CoreError, oauthMessage } from '../errors';
import type { FetchLike } from '../ports';
import { setSafeTimeout } from '../timers';
import { parseRetryAfter } from './retryAfter';

export const DEFAULT_TIMEOUT_MS = 15_000;

export interface RequestOptions {
  /** Time limit for the whole exchange, body included. */
  timeoutMs?: number;
  /** Cancels the request (sign-out, shutdown). */
  signal?: AbortSignal | undefined;
}

/** A finished exchange: the body has been read within the time limit. */
export interface TextResponse {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * Runs `exchange` with a signal that aborts on the time limit or on any caller signal, and maps what it throws:
 * timeout → 'timeout', caller's abort → 'cancelled', anything else → 'network'.
 */
export async function withTimeout<T>(
  options: RequestOptions & { extraSignal?: AbortSignal | null | undefined },
  exchange: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const timeout = new AbortController();
  const callerSignals = [options.signal, options.extraSignal].filter((s): s is AbortSignal => s instanceof AbortSignal);
  if (callerSignals.some((s) => s.aborted)) {
    throw new CoreError({ kind: 'cancelled', messageKey: 'cancelled' });
  }
  const timer = setSafeTimeout(() => timeout.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    return await exchange(AbortSignal.any([timeout.signal, ...callerSignals]));
  } catch (error) {
    if (error instanceof CoreError) throw error;
    if (callerSignals.some((s) => s.aborted)) {
      throw new CoreError({ kind: 'cancelled', messageKey: 'cancelled', cause: error });
    }
    if (timeout.signal.aborted) throw new CoreError({ kind: 'timeout', messageKey: 'timeout', cause: error });
    throw new CoreError({ kind: 'network', messageKey: 'network', cause: error });
  } finally {
    timer.cancel();
  }
}

/** One request whose body is read before the time limit runs out. */
export function fetchText(fetch: FetchLike, url: string, init: RequestInit, options: RequestOptions = {}): Promise<TextResponse> {
  return withTimeout({ ...options, extraSignal: init.signal }, async (signal) => {
    const response = await fetch(url, { ...init, signal });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  });
}

/** HTTP Basic client authentication (id and secret as registered; the service's ids and secrets are URL-safe). */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64')}`;
}

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** An `application/x-www-form-urlencoded` POST, authenticated with HTTP Basic when a client is given. */
export function postForm(
  fetch: FetchLike,
  url: string,
  fields: Record<string, string>,
  options: RequestOptions & { client?: ClientCredentials } = {},
): Promise<TextResponse> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
  };
  if (options.client) headers.Authorization = basicAuthorization(options.client.clientId, options.client.clientSecret);
  return fetchText(fetch, url, { method: 'POST', headers, body: new URLSearchParams(fields).toString() }, options);
}

/** The body as JSON, or undefined when it is not JSON. */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // Not JSON is an answer in itself (a proxy page, a truncated body); callers classify it.
    void error;
    return undefined;
  }
}

/** Codes the token service uses for its own trouble: worth retrying, unlike a refusal. */
const TRANSIENT_OAUTH = { server_error: 'server', temporarily_unavailable: 'unavailable' } as const;
const KNOWN_OAUTH: ReadonlySet<string> = new Set(TOKEN_ERROR_CODES);

/**
 * A token-service answer: the value parsed by `schema`, or a CoreError. The JSON `error` field decides first, whatever
 * the status; the status only speaks when the body says nothing (503/429 → 'unavailable', 5xx → 'server').
 */
export function parseTokenServiceResponse<S extends z.ZodType>(
  response: TextResponse,
  schema: S,
  nowMs: number,
): z.output<S> {
  const { status } = response;
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), nowMs);
  const json = tryParseJson(response.text);
  const oauth = TokenErrorSchema.safeParse(json);
  if (oauth.success) {
    const code = oauth.data.error;
    if (code === 'server_error' || code === 'temporarily_unavailable') {
      const kind = TRANSIENT_OAUTH[code];
      return fail({ kind, messageKey: kind, status, retryAfterMs, oauthError: code });
    }
    if (status >= 500 && !KNOWN_OAUTH.has(code)) {
      return fail({ kind: 'server', messageKey: 'server', status, retryAfterMs, oauthError: code });
    }
    return fail({ kind: 'oauth', ...oauthMessage(code), status, retryAfterMs, oauthError: code, retryable: false });
  }
  if (status === 503 || status === 429) return fail({ kind: 'unavailable', messageKey: 'unavailable', status, retryAfterMs });
  if (status >= 500) return fail({ kind: 'server', messageKey: 'server', status, retryAfterMs });
  if (status >= 200 && status < 300) {
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    // A 2xx that is not the documented shape is most likely a proxy or a truncated answer: worth another try.
    return fail({ kind: 'invalid-response', messageKey: 'invalidResponse', status, retryable: true, cause: parsed.error });
  }
  return fail({ kind: 'invalid-response', messageKey: 'invalidResponse', status, retryable: false });
}

function fail(init: ConstructorParameters<typeof CoreError>[0]): never {
  throw new CoreError(init);
}

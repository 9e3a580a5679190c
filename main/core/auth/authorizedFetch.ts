/**
 * The one way the catalog reaches the service with the sign-in: the bearer token on every request, and one renewal and
 * replay when the service refuses it. Who is signed in (and so which token) is the session's business.
 */
import { CoreError } from '../errors';
import { withTimeout } from '../net/http';
import type { FetchLike, Logger } from '../ports';
import { discardBody, isAuthRejection } from './answers';

export interface AuthorizedFetchDeps {
  fetch: FetchLike;
  logger: Logger;
  requestTimeoutMs: number | undefined;
  /** Aborted when the one on screen changes: a request made for one must not land for another. */
  signal: () => AbortSignal;
  accessToken: () => Promise<string>;
  /** A token to replay with after `used` was refused (the newer one if another caller already renewed it). */
  renewAfterRejection: (used: string) => Promise<string>;
}

export function createAuthorizedFetch(deps: AuthorizedFetchDeps): (url: string, init?: RequestInit) => Promise<Response> {
  const send = (url: string, init: RequestInit, token: string): Promise<Response> => {
    const headers = new Headers(init.headers);
    // The contract asks for Bearer on every catalog request, whatever token_type said.
    headers.set('Authorization', `Bearer ${token}`);
    return withTimeout(
      {
        signal: deps.signal(),
        extraSignal: init.signal,
        ...(deps.requestTimeoutMs === undefined ? {} : { timeoutMs: deps.requestTimeoutMs }),
      },
      (signal) => deps.fetch(url, { ...init, headers, signal }),
    );
  };
  return async (url, init = {}) => {
    const token = await deps.accessToken();
    const first = await send(url, init, token);
    if (!(await isAuthRejection(first))) return first;
    await discardBody(first);
    deps.logger.warn('session: the service refused the access token; renewing it once', { status: first.status });
    const renewed = await deps.renewAfterRejection(token);
    const second = await send(url, init, renewed);
    if (!(await isAuthRejection(second))) return second;
    await discardBody(second);
    throw new CoreError({ kind: 'auth', messageKey: 'rejected', status: second.status, retryable: true });
  };
}

/** Calls every listener; one that throws is logged and the others still hear it. */
export function notifyAll<A extends unknown[]>(listeners: Iterable<(...args: A) => void>, args: A, logger: Logger, what: string): void {
  for (const listener of listeners) {
    try {
      listener(...args);
    } catch (error) {
      logger.error(`session: a ${what} listener threw`, { error: error instanceof Error ? error.message : String(error) });
    }
  }
}

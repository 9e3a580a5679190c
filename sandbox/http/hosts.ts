/**
 * The sandbox serves the contract's hosts on one origin: the token service ({auth_url}), the catalog ({base_url},
 * with its artwork CDN), the QR generator ({qrcode_url}), plus the phone pages of the service's website and the
 * control API. A request the routes cannot answer (unknown path or method, unreadable or oversized body) is answered
 * in the error shape of the host it was meant for, so a client parsing that host's JSON errors can read it.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { messagePage } from '../auth/pages';
import { NO_STORE } from '../auth/oauth-errors';

export type Host = 'token' | 'catalog' | 'qr' | 'web' | 'control';

export function hostOf(path: string): Host {
  if (path === '/v1.1' || path.startsWith('/v1.1/') || path.startsWith('/artwork/') || path === '/artwork') return 'catalog';
  if (path === '/generator') return 'qr';
  if (path === '/web' || path.startsWith('/web/')) return 'web';
  if (path === '/__sandbox' || path.startsWith('/__sandbox/')) return 'control';
  // The token service owns the origin's root: /oauth2/*, the short verification URL /d, the index page.
  return 'token';
}

/** What went wrong, in words for the error body; the status says which kind of failure it is. */
export interface HostFailure {
  status: 400 | 404 | 405 | 413 | 500;
  description: string;
  /** Extra headers, e.g. `Allow` on a 405. */
  headers?: Record<string, string>;
}

/** The catalog's messages for failures outside its documented ones (it documents only `message` and `code: 0`). */
const CATALOG_MESSAGE: Record<HostFailure['status'], string> = {
  400: 'Invalid Request Body',
  404: 'Resource does not exist',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  500: 'Internal Server Error',
};

const WEB_TITLE: Record<HostFailure['status'], string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Not allowed',
  413: 'Too large',
  500: 'Something went wrong',
};

/** The failure as the host of `c.req.path` words its errors. */
export function hostError(c: Context, failure: HostFailure): Response {
  const status: ContentfulStatusCode = failure.status;
  const headers = failure.headers ?? {};
  switch (hostOf(c.req.path)) {
    case 'catalog':
      return c.json({ error: { message: CATALOG_MESSAGE[failure.status], code: 0 } }, status, headers);
    case 'qr':
      return c.json({ status: 'ERROR', error: errorCode(failure), error_description: failure.description }, status, headers);
    case 'web':
      return c.html(messagePage(WEB_TITLE[failure.status], failure.description), status, { ...NO_STORE, ...headers });
    case 'control':
    case 'token':
      return c.json({ error: errorCode(failure), error_description: failure.description }, status, { ...NO_STORE, ...headers });
  }
}

/** RFC 6749's words: a request the service cannot act on is `invalid_request`, whatever the reason; a fault is `server_error`. */
function errorCode(failure: HostFailure): 'invalid_request' | 'server_error' {
  return failure.status === 500 ? 'server_error' : 'invalid_request';
}

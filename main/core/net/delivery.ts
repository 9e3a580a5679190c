/**
 * Whether a request that failed without an answer can have reached the server. Only failures that happen before a
 * connection carries the request (no route, refused, name unknown) are certain; a connection that was reset or
 * closed after the request went out may have been carried out, its answer lost on the way back.
 */

/** Node (undici) and libuv codes of failures before the request is written. */
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Chromium's net errors (Electron's net.fetch) of the same kind. */
const NOT_SENT_CHROMIUM =
  /net::ERR_(CONNECTION_REFUSED|NAME_NOT_RESOLVED|NAME_RESOLUTION_FAILED|INTERNET_DISCONNECTED|ADDRESS_UNREACHABLE|CONNECTION_TIMED_OUT|PROXY_CONNECTION_FAILED)\b/;

function codeOf(error: object): string | undefined {
  return 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** True only when `error` (or what it wraps) says the request never left this machine. */
export function certainlyNotSent(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 8) return false;
  const code = codeOf(error);
  if (code !== undefined && NOT_SENT_CODES.has(code)) return true;
  if (error instanceof Error && NOT_SENT_CHROMIUM.test(error.message)) return true;
  // A name with several addresses fails with one error per address: all of them must be certain.
  if (error instanceof AggregateError && error.errors.length > 0) {
    return error.errors.every((inner) => certainlyNotSent(inner, depth + 1));
  }
  return 'cause' in error && certainlyNotSent(error.cause, depth + 1);
}

/**
 * What stands between the network and the routes: a cap on body size, JSON 404 and 405 answers for paths and methods
 * the contract does not list, and a last-resort handler so that even a bug answers in the host's shape, not with a
 * stack trace. Each answer is worded by the host the request was meant for (./hosts.ts).
 */
import type { ErrorHandler, Hono, MiddlewareHandler, NotFoundHandler } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { incomingOf } from '../faults';
import { hostError } from './hosts';

export { BODY_LIMIT_BYTES, bodyCap } from './bodyCap';

/** 405 with `Allow` when the path exists for other methods; register before the routes it guards. */
export function methodGuard(app: Hono): MiddlewareHandler {
  return methodNotAllowed({
    app,
    onMethodNotAllowed: (c, methods) =>
      hostError(c, {
        status: 405,
        description: `${c.req.method} is not allowed on ${c.req.path}; use ${methods.join(' or ')}.`,
        headers: { Allow: methods.join(', ') },
      }),
  });
}

/**
 * RFC 9112 §3.2: an HTTP/1.1 request without Host is a 400. Node would send it bare; this sends it in the host's shape.
 * HTTP/1.0 has no Host to require.
 */
export const hostRequired: MiddlewareHandler = async (c, next) => {
  const incoming = incomingOf(c.env);
  if (incoming?.httpVersion === '1.1' && incoming.headers.host === undefined) {
    return hostError(c, { status: 400, description: 'An HTTP/1.1 request must carry a Host header.' });
  }
  return next();
};

export const notFound: NotFoundHandler = (c) =>
  hostError(c, { status: 404, description: `Nothing is served at ${c.req.method} ${c.req.path}.` });

/** Where the sandbox says what broke; the default writes one line to stderr. */
export type SandboxLog = (message: string, fields?: Record<string, unknown>) => void;

export const stderrLog: SandboxLog = (message, fields) => {
  process.stderr.write(`tunewall sandbox: ${message}${fields === undefined ? '' : ` ${JSON.stringify(fields)}`}\n`);
};

/** Never reached by any request the fuzz test can think of; if it is, the client still gets its host's JSON. */
export function lastResort(log: SandboxLog): ErrorHandler {
  return (error, c) => {
    log('a request failed inside the sandbox', { method: c.req.method, path: c.req.path, error: error instanceof Error ? error.message : String(error) });
    return hostError(c, { status: 500, description: 'The sandbox failed on this request; its log says why.' });
  };
}

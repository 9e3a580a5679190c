/**
 * The sandbox's HTTP server: Node's, with Hono's app behind it. What Node would answer by itself (bytes that are not
 * HTTP, a request target that is no path, a missing Host, CONNECT) is answered here in the token service's JSON shape
 * instead, as every other refusal of the sandbox is.
 */
import { Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { getRequestListener, RequestError } from '@hono/node-server';
import type { Hono } from 'hono';
import type { SandboxLog } from './guards';

/** The methods the sandbox serves somewhere, named in the `Allow` of a CONNECT's 405. */
const SERVED_METHODS = 'GET, HEAD, POST, DELETE';

/** A whole answer written straight to the socket (no request object exists), closing the connection after it. */
function rawAnswer(socket: Duplex, status: number, description: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ error: 'invalid_request', error_description: description });
  const lines = Object.entries({
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    ...headers,
    Connection: 'close',
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('')}\r\n${body}`);
}

function jsonAnswer(status: 400 | 500, description: string): Response {
  return new Response(JSON.stringify({ error: status === 400 ? 'invalid_request' : 'server_error', error_description: description }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store' },
  });
}

/** Node answers what it cannot parse as HTTP (a broken request line, a bad header) before any route runs. */
function answerUnreadableRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    if (error.code === 'HPE_HEADER_OVERFLOW') rawAnswer(socket, 431, 'The request headers are too large.');
    else rawAnswer(socket, 400, 'The request is not valid HTTP.');
  });
}

/** Node hands CONNECT to its own event and, without a listener, drops the connection unanswered. */
function refuseConnect(server: Server): void {
  server.on('connect', (_request, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    rawAnswer(socket, 405, 'CONNECT is not served: the sandbox is no proxy.', { Allow: SERVED_METHODS });
  });
}

/**
 * A server for the app on Node's HTTP. Host is checked by the app (guards.ts) rather than by Node, so that a missing
 * one is refused in the shape of the host the path belongs to; a target that is no URL (`*`) is refused here.
 */
export function createSandboxServer(app: Hono, hostname: string, log: SandboxLog): Server {
  const listener = getRequestListener(app.fetch, {
    hostname,
    errorHandler: (error) => {
      if (error instanceof RequestError) return jsonAnswer(400, `The request target cannot be served (${error.message}); ask for a path such as /oauth2/token.`);
      log('a request failed inside the sandbox', { error: error instanceof Error ? error.message : String(error) });
      return jsonAnswer(500, 'The sandbox failed on this request; its log says why.');
    },
  });
  const server = new Server({ requireHostHeader: false }, (incoming, outgoing) => void listener(incoming, outgoing));
  answerUnreadableRequests(server);
  refuseConnect(server);
  return server;
}

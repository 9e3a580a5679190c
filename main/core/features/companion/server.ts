/**
 * The companion's listening socket: Node's HTTP server under hono, with short limits on how long a request may take
 * to arrive (a connection that sends its headers a byte at a time is closed, not kept), how big its headers may be,
 * and how many connections are open at once.
 */
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { CompanionEnv } from './app';

export interface ServerLimits {
  /** Milliseconds for a request's headers to arrive. */
  headersTimeoutMs: number;
  /** Milliseconds for a whole request to arrive (not its answer: a stream stays open). */
  requestTimeoutMs: number;
  /** How often Node checks those two. */
  checkEveryMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
}

export const DEFAULT_LIMITS: ServerLimits = { headersTimeoutMs: 5_000, requestTimeoutMs: 10_000, checkEveryMs: 1_000, keepAliveTimeoutMs: 5_000 };

/** Connections open at once: a household's phones with a stream and a request or two each. */
const MAX_CONNECTIONS = 64;
const MAX_HEADER_BYTES = 8 * 1024;

export interface Listening {
  host: string;
  port: number;
  close(): Promise<void>;
}

/** What Node says of a connection it gave up on, as an HTTP answer: too slow, headers too big, not HTTP. */
function answerOf(code: string | undefined): string {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return '408 Request Timeout';
  if (code === 'HPE_HEADER_OVERFLOW') return '431 Request Header Fields Too Large';
  return '400 Bad Request';
}

/**
 * A connection Node refused before any route saw it (a slow-loris's headers timing out, headers too big, bytes that
 * are not HTTP): answered and closed, and said to `refused` (a reset by the phone itself is no refusal).
 */
function closeRefused(server: Server, refused: (reason: string) => void): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code !== 'ECONNRESET') {
      refused(error.code ?? 'unknown');
      // Only before any answer began: a byte in the middle of one would corrupt it.
      if (socket.writable && socket.bytesWritten === 0) socket.write(`HTTP/1.1 ${answerOf(error.code)}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    }
    socket.destroy();
  });
}

export async function listen(
  app: Hono<CompanionEnv>,
  where: { host: string; port: number },
  limits: ServerLimits,
  refused: (reason: string) => void,
): Promise<Listening> {
  const { host, port } = where;
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({
      fetch: app.fetch,
      hostname: host,
      port,
      serverOptions: {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        connectionsCheckingInterval: limits.checkEveryMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        maxHeaderSize: MAX_HEADER_BYTES,
      },
    }) as Server;
    s.once('listening', () => resolve(s));
    s.once('error', reject);
  });
  server.maxConnections = MAX_CONNECTIONS;
  closeRefused(server, refused);
  const address = server.address() as AddressInfo;
  return {
    host,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

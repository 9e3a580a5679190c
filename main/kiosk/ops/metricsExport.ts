/**
 * Where the metrics go: `/metrics` over HTTP (off unless TUNEWALL_METRICS_LISTEN is set; loopback needs nothing more,
 * any other address needs a bearer token read from a credential file, or the endpoint stays closed), and the
 * node_exporter textfile collector's directory (a `.prom` file replaced atomically: written beside, then renamed,
 * so node_exporter never reads half a file; no port opened at all).
 */
import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpsLogger } from './log';

const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** `host:port` (an IPv6 host in brackets) → its parts, or undefined. */
export function parseListen(text: string): { host: string; port: number } | undefined {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(text.trim());
  const host = match?.[1] ?? match?.[2];
  const port = Number(match?.[3]);
  if (host === undefined || !Number.isInteger(port) || port < 0 || port > 65535) return undefined;
  return { host, port };
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export interface MetricsEndpoint {
  /** http://host:port */
  origin: string;
  close(): Promise<void>;
}

/** Starts `/metrics`, or says in the log why it stays closed (and returns undefined). */
export async function startMetricsEndpoint(options: {
  listen: string;
  tokenFile: string | undefined;
  render: () => Promise<string>;
  logger: OpsLogger;
  readFile?: (path: string) => string;
}): Promise<MetricsEndpoint | undefined> {
  const { logger } = options;
  const address = parseListen(options.listen);
  if (address === undefined) {
    logger.error('metrics: TUNEWALL_METRICS_LISTEN must be host:port (e.g. 127.0.0.1:9465); /metrics stays closed', { listen: options.listen.slice(0, 100) });
    return undefined;
  }
  // A token file that can be read is always required; beyond loopback there must be one.
  let token: Buffer | undefined;
  const read = options.readFile ?? ((p: string) => readFileSync(p, 'utf8'));
  let reason = 'no token file';
  if (options.tokenFile !== undefined) {
    try {
      const text = read(options.tokenFile).trim();
      if (text.length >= 16) token = Buffer.from(text);
      else reason = 'the token is shorter than 16 characters';
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
  }
  if (token === undefined && !isLoopback(address.host)) {
    logger.error(
      'metrics: listening beyond loopback needs a bearer token (the credential tunewall-metrics-token, or TUNEWALL_METRICS_TOKEN_FILE); /metrics stays closed',
      { host: address.host, reason },
    );
    return undefined;
  }
  const authorized = (header: string | undefined): boolean => {
    if (token === undefined) return true;
    const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
    return given.length === token.length && timingSafeEqual(given, token);
  };
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (!authorized(request.headers.authorization)) {
      response.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('unauthorized\n');
      return;
    }
    options.render().then(
      (text) => response.writeHead(200, { 'content-type': CONTENT_TYPE, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        logger.error('metrics: could not render', { error: error instanceof Error ? error.message : String(error) });
        response.writeHead(500, { 'content-type': 'text/plain' }).end('error\n');
      },
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(address.port, address.host, () => resolve());
    });
  } catch (error) {
    logger.error('metrics: cannot listen; /metrics stays closed', { listen: options.listen, error: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
  const bound = server.address() as AddressInfo;
  const host = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  logger.info('metrics: /metrics listening', { origin: `http://${host}:${bound.port}`, bearer: token !== undefined });
  return {
    origin: `http://${host}:${bound.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface TextfileWriter {
  /** Writes now; resolves once the file is in place. */
  write(): Promise<void>;
  /** Stops writing and removes the file (a stopped display is not a display that is up). */
  stop(): Promise<void>;
}

export function startTextfileWriter(options: { path: string; everyMs: number; render: () => Promise<string>; logger: OpsLogger }): TextfileWriter | undefined {
  const { path, logger } = options;
  if (!path.endsWith('.prom')) {
    logger.error('metrics: the textfile collector reads only files ending in .prom; none written', { path });
    return undefined;
  }
  let failing = false;
  let chain: Promise<void> = Promise.resolve();
  const write = (): Promise<void> => {
    chain = chain.then(async () => {
      const temporary = `${path}.${process.pid}.tmp`;
      try {
        await writeFile(temporary, await options.render(), { mode: 0o644 });
        await rename(temporary, path);
        if (failing) logger.info('metrics: the textfile is written again', { path });
        failing = false;
      } catch (error) {
        if (!failing) logger.warn('metrics: cannot write the textfile', { path, error: error instanceof Error ? error.message : String(error) });
        failing = true;
        await rm(temporary, { force: true });
      }
    });
    return chain;
  };
  const timer = setInterval(() => void write(), options.everyMs);
  timer.unref();
  void write();
  return {
    write,
    async stop() {
      clearInterval(timer);
      await chain;
      await rm(path, { force: true });
    },
  };
}

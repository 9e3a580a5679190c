/**
 * A pass-through HTTP proxy in front of the sandbox that notes every credential crossing it: tokens and device codes
 * in answers, bearer tokens in requests. The shell talks to the service only through it, so the list is exactly what
 * the shell holds, without the sandbox having to disclose its token store.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const SECRET_FIELDS = ['access_token', 'refresh_token', 'device_code'];
/** Hop-by-hop headers, and the ones fetch() has already acted on (it decodes bodies and sets lengths). */
const DROPPED_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

export interface TokenTap {
  /** The proxy's origin, to hand out as the service's public origin. */
  origin: string;
  /** Where requests go; set once the sandbox behind is listening. */
  setTarget(origin: string): void;
  /** Every distinct credential seen so far. */
  secrets(): string[];
  close(): Promise<void>;
}

function collectSecrets(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectSecrets(item, into);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    if (SECRET_FIELDS.includes(key) && typeof inner === 'string' && inner.length >= 8) into.add(inner);
    else collectSecrets(inner, into);
  }
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startTokenTap(): Promise<TokenTap> {
  let target: string | undefined;
  const seen = new Set<string>();

  const forward = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (target === undefined) throw new Error('The token tap has no target yet.');
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (DROPPED_HEADERS.has(name) || value === undefined) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const bearer = /^Bearer (.+)$/.exec(headers.get('authorization') ?? '')?.[1];
    if (bearer !== undefined) seen.add(bearer);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await readBody(request);
    const answer = await fetch(`${target}${request.url ?? '/'}`, { method: request.method, headers, body, redirect: 'manual' });
    const bytes = Buffer.from(await answer.arrayBuffer());
    if ((answer.headers.get('content-type') ?? '').includes('json')) {
      try {
        collectSecrets(JSON.parse(bytes.toString('utf8')), seen);
      } catch {
        // A deliberately malformed answer (a sandbox fault) carries nothing to note; it is passed on as it is.
      }
    }
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!DROPPED_HEADERS.has(name)) out[name] = value;
    });
    response.writeHead(answer.status, out);
    response.end(bytes);
  };

  const server = createServer((request, response) => {
    forward(request, response).catch((error: unknown) => {
      // The sandbox dropped the connection (a fault): the shell must see a dropped connection too.
      if (!response.headersSent) response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    setTarget: (origin) => (target = origin),
    secrets: () => [...seen],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

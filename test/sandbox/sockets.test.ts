/**
 * What a client sees at the socket: a body that is too large, a client that hangs up mid-body, request targets and
 * methods no route can serve. Each gets an answer in JSON (or, when the client is gone, nothing logged as a failure),
 * and the connection is closed only after the answer.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenErrorSchema } from '../../shared/service/auth';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';

let sb: RunningSandbox;
const logged: string[] = [];

beforeAll(async () => {
  sb = await startSandbox({ host: '127.0.0.1', port: 0 }, { log: (message) => logged.push(message) });
});
afterAll(async () => {
  await sb.close();
});

function open(): Promise<Socket> {
  const { hostname, port } = new URL(sb.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves once the request log holds `count` requests to `path` (the log is written after the route and onError ran). */
async function loggedRequests(path: string, count: number): Promise<void> {
  while (sb.control.requestLog().filter((r) => r.path === path).length < count) await new Promise((r) => setImmediate(r));
}

describe('a client that hangs up mid-body', () => {
  it.each(['/oauth2/token', '/oauth2/device/code', '/oauth2/device_authorization'])(
    'on %s is no failure of the sandbox',
    async (path) => {
      const before = sb.control.requestLog().filter((r) => r.path === path).length;
      logged.length = 0;
      const socket = await open();
      // Node answers `100 Continue` as it hands the request to the app: from then on the route is reading the body.
      const handed = new Promise((resolve) => socket.once('data', resolve));
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          `Expect: 100-continue\r\nContent-Length: 4000\r\n\r\n`,
      );
      await handed;
      socket.write('grant_type=client_cre');
      socket.destroy();
      await loggedRequests(path, before + 1);
      expect(logged).toEqual([]);
    },
  );
});

/** Sends `head` then `body` in full before reading anything; resolves with every byte the sandbox sent before it closed. */
async function writeAllThenRead(head: string, body: Buffer | string): Promise<{ answer: string; error: Error | undefined }> {
  const socket = await open();
  let answer = '';
  let error: Error | undefined;
  socket.pause();
  socket.setEncoding('latin1');
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', (e) => (error = e));
  socket.write(head);
  await new Promise<void>((resolve) => socket.write(body, () => resolve()));
  socket.on('data', (chunk: string) => (answer += chunk));
  socket.resume();
  await closed;
  return { answer, error };
}

function bodyOf(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

describe('a body over the cap', () => {
  const big = Buffer.alloc(4 * 1024 * 1024, 'a');

  it('with Content-Length: a client that writes 4 MB before reading gets the 413, then a clean close', async () => {
    const { answer, error } = await writeAllThenRead(
      `POST /oauth2/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Content-Length: ${big.length}\r\n\r\n`,
      big,
    );
    expect(error).toBeUndefined();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).not.toMatch(/keep-alive/i);
    expect(TokenErrorSchema.parse(bodyOf(answer)).error).toBe('invalid_request');
  });

  it('chunked, without a length: the same', async () => {
    const chunk = big.subarray(0, 256 * 1024);
    const chunks: Buffer[] = [];
    for (let i = 0; i < 16; i += 1) chunks.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n'));
    chunks.push(Buffer.from('0\r\n\r\n'));
    const { answer, error } = await writeAllThenRead(
      `POST /v1.1/me/favorite HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      Buffer.concat(chunks),
    );
    expect(error).toBeUndefined();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(bodyOf(answer)).toEqual({ error: { message: 'Payload Too Large', code: 0 } });
  });
});

/** Writes `bytes` and half-closes; resolves with every byte the sandbox sent before it closed. */
async function exchange(bytes: string): Promise<string> {
  const socket = await open();
  let answer = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (answer += chunk));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.end(bytes);
  await closed;
  return answer;
}

describe('requests no route can serve', () => {
  it.each([
    ['the request target *', 'OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
    ['the request target * with GET', 'GET * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
    ['a token request without Host', 'POST /oauth2/token HTTP/1.1\r\nContent-Length: 0\r\n\r\n'],
  ])('%s: a JSON 400 of the token service', async (_label, bytes) => {
    const answer = await exchange(bytes);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\ncontent-type: application\/json/i);
    expect(TokenErrorSchema.parse(bodyOf(answer)).error).toBe('invalid_request');
  });

  it('a /v1.1 request without Host: a JSON 400 of the catalog', async () => {
    const answer = await exchange('GET /v1.1/charts?territory=TW HTTP/1.1\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer)).toEqual({ error: { message: 'Invalid Request Body', code: 0 } });
  });

  it('an HTTP/1.0 request without Host is served, as HTTP/1.0 allows', async () => {
    const answer = await exchange('GET /v1.1/charts?territory=TW HTTP/1.0\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  });

  it.each([
    ['CONNECT to a host', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'],
    ['CONNECT to a path', 'CONNECT /v1.1/charts HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
  ])('%s: a JSON 405 and a clean close', async (_label, bytes) => {
    const answer = await exchange(bytes);
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toMatch(/\r\nallow: [A-Z, ]+\r\n/i);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(TokenErrorSchema.parse(bodyOf(answer)).error).toBe('invalid_request');
  });
});

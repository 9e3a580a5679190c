/** Test doubles for the core's ports: a fetch that records every request, a store, ciphers and a logger. */
import type { Cipher, FetchLike, KeyValueStore, Logger } from '../../../../main/core/ports';

export interface RecordedRequest {
  url: string;
  path: string;
  method: string;
  headers: Headers;
  /** The form fields of a form POST. */
  form: URLSearchParams;
  body: string;
}

export type Reply = Response | 'hang' | 'network-error';
export type Responder = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface FakeFetch {
  fetch: FetchLike;
  requests: RecordedRequest[];
  /** Requests to a path (e.g. '/oauth2/token'). */
  to(path: string): RecordedRequest[];
  /** Requests still waiting for an answer (hung until aborted). */
  pending(): number;
}

/** A fetch that records requests and answers with `responder`; 'hang' waits until the request's signal aborts. */
export function fakeFetch(responder: Responder): FakeFetch {
  const requests: RecordedRequest[] = [];
  let hung = 0;
  const fetch: FetchLike = async (input, init = {}) => {
    const body = typeof init.body === 'string' ? init.body : '';
    const url = new URL(input);
    const request: RecordedRequest = {
      url: input,
      path: url.pathname,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      form: new URLSearchParams(body),
      body,
    };
    requests.push(request);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) throw signal.reason;
    const reply = await responder(request);
    if (reply === 'network-error') throw new TypeError('fetch failed');
    if (reply === 'hang') {
      hung += 1;
      return new Promise<Response>((_, reject) => {
        signal?.addEventListener('abort', () => {
          hung -= 1;
          reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        });
      });
    }
    return reply;
  };
  return { fetch, requests, to: (path) => requests.filter((r) => r.path === path), pending: () => hung };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers });
}

export class MemoryStore implements KeyValueStore {
  readonly data = new Map<string, unknown>();
  get(key: string): unknown {
    return this.data.get(key);
  }
  set(key: string, value: unknown): void {
    this.data.set(key, structuredClone(value));
  }
  delete(key: string): void {
    this.data.delete(key);
  }
  /** Everything in the store as one string, to look for plaintext. */
  dump(): string {
    return JSON.stringify([...this.data.entries()]);
  }
}

/** A reversible cipher that is obviously not plaintext (XOR with a key byte), with a chosen protection level. */
export function fakeCipher(protection: Cipher['protection'] = 'os-keyring', keyByte = 0x5a): Cipher & { failDecrypt: boolean } {
  const cipher = {
    protection,
    failDecrypt: false,
    encrypt(plaintext: string): Buffer {
      return Buffer.from([...Buffer.from(`tw:${plaintext}`, 'utf8')].map((b) => b ^ keyByte));
    },
    decrypt(ciphertext: Buffer): string {
      if (cipher.failDecrypt) throw new Error('cannot decrypt');
      const plain = Buffer.from([...ciphertext].map((b) => b ^ keyByte)).toString('utf8');
      if (!plain.startsWith('tw:')) throw new Error('wrong key');
      return plain.slice(3);
    },
  };
  return cipher;
}

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields: Record<string, unknown> | undefined;
}

export function memoryLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (message, fields) => lines.push({ level: 'info', message, fields }),
    warn: (message, fields) => lines.push({ level: 'warn', message, fields }),
    error: (message, fields) => lines.push({ level: 'error', message, fields }),
  };
}

export const fakeQr = (text: string) => ({ size: 1, modules: text.length > 0 ? '1' : '0' });

/**
 * The cap on request bodies. An oversized body is answered 413 at once, in the host's shape, with `Connection: close`;
 * the connection stays open while the rest of the body is read and thrown away, and closes cleanly after. Closing
 * with the body still arriving would reset the connection, and a client that writes its whole body before reading
 * (most simple HTTP clients) would lose the answer with it.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { hostError } from './hosts';

/** Far above any form or JSON body of the contract (a token request is a few hundred bytes), far below harm. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** What is read and thrown away after a 413 before the connection is cut (a reset) rather than closed. */
export const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;
/** How long the rest of an oversized body may take to arrive before the connection is cut. */
export const DISCARD_LIMIT_MS = 30_000;

type BodyReader = ReadableStreamDefaultReader<Uint8Array>;

function declaredLength(c: Context): number | undefined {
  if (c.req.header('transfer-encoding') !== undefined) return undefined;
  const header = c.req.header('content-length');
  return header === undefined ? undefined : Number(header);
}

/** Reads up to `maxBytes` of a body of unknown length: the whole body, or undefined once it is larger. */
async function readUpTo(reader: BodyReader, maxBytes: number): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) return undefined;
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** Reads what is left of a body and drops it; past the bounds, cancelling the read cuts the connection. */
async function discardRest(reader: BodyReader): Promise<void> {
  let size = 0;
  const timer = setTimeout(() => void reader.cancel().catch(() => undefined), DISCARD_LIMIT_MS);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.length;
      if (size > DISCARD_LIMIT_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client hung up (it may have read the 413 and stopped sending): nothing is left to answer.
  } finally {
    clearTimeout(timer);
  }
}

/** The 413 in the host's shape, its body held open until the rest of the request body has been read. */
async function tooLarge(c: Context, reader: BodyReader, maxBytes: number): Promise<Response> {
  const answer = hostError(c, { status: 413, description: `The body is larger than ${maxBytes / 1024} KiB.` });
  const bytes = new Uint8Array(await answer.arrayBuffer());
  const headers = new Headers(answer.headers);
  headers.set('Content-Length', String(bytes.length));
  headers.set('Connection', 'close');
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      void discardRest(reader).then(() => {
        if (!cancelled) controller.close();
      });
    },
    cancel() {
      // The connection went away before the body did: stop reading it.
      cancelled = true;
      void reader.cancel().catch(() => undefined);
    },
  });
  return new Response(body, { status: 413, headers });
}

export function bodyCap(maxBytes = BODY_LIMIT_BYTES): MiddlewareHandler {
  return async (c, next) => {
    const stream = c.req.raw.body;
    if (stream === null) return next();
    const declared = declaredLength(c);
    if (declared !== undefined && declared <= maxBytes) return next();
    const reader = stream.getReader();
    if (declared === undefined) {
      let body: Uint8Array | undefined;
      try {
        body = await readUpTo(reader, maxBytes);
      } catch {
        // The client hung up mid-body; the route reads the empty body and answers as it does any unreadable one.
        body = new Uint8Array(0);
      }
      if (body !== undefined) {
        c.req.raw = new Request(c.req.raw, { body });
        return next();
      }
    }
    return tooLarge(c, reader, maxBytes);
  };
}

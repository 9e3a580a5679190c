/**
 * Serves the service's pictures on the page's own origin: the shells route `/artwork/…` here (the kiosk server behind
 * its session check, the Electron app:// protocol). A picture kept on disk is answered from there, with or without a
 * network; any other is fetched by the core, streamed to the page as it arrives and kept. Picture requests carry no
 * token and no cookie: the contract's Image is a plain URL, and a picture is no business of the member's sign-in.
 */
import { createHash } from 'node:crypto';
import type { FetchLike, Logger } from '../../ports';
import type { ArtworkCache, KeptPicture } from './artworkCache';
import { PICTURE_TYPES } from './artworkCache';
import { pictureUrlOf } from './artworkPath';

export interface ArtworkDeps {
  fetch: FetchLike;
  cache: ArtworkCache;
  logger: Logger;
  /** How long one picture may take, headers and body. Default 20 s. */
  timeoutMs?: number;
}

export interface Artwork {
  /** Answers a GET or HEAD for `/artwork/…` (any origin; only the path is read). */
  serve(request: Request): Promise<Response>;
}

/**
 * The page may keep a picture a week without asking again: a picture URL names one picture, and a new one comes with a
 * new URL in the catalog's answer.
 */
const CACHE_CONTROL = 'private, max-age=604800';
const ACCEPTED_TYPES = new Set(Object.values(PICTURE_TYPES));

type Fetched = { ok: true; picture: KeptPicture } | { ok: false; status: number; why: string };

function answer(status: number, why: string): Response {
  return new Response(why, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  });
}

function pictureResponse(body: ReadableStream<Uint8Array> | Uint8Array | null, type: string, length: number | undefined): Response {
  const headers: Record<string, string> = { 'content-type': type, 'cache-control': CACHE_CONTROL, 'x-content-type-options': 'nosniff' };
  if (length !== undefined) headers['content-length'] = String(length);
  return new Response(body, { status: 200, headers });
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The picture's media type when it is one the page may draw (no SVG: a picture, never a document). */
function pictureType(response: Response): string | undefined {
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type === 'image/jpg') return 'image/jpeg';
  return type !== undefined && ACCEPTED_TYPES.has(type) ? type : undefined;
}

export function createArtwork(deps: ArtworkDeps): Artwork {
  const { cache, logger } = deps;
  const timeoutMs = deps.timeoutMs ?? 20_000;
  /** Pictures on their way: a second page request for one waits for the first instead of fetching it again. */
  const inflight = new Map<string, Promise<Fetched>>();

  /** Fetches a picture, answering the page as the bytes arrive; `done` settles once it is kept (or failed). */
  async function fetchPicture(url: string, key: string, head: boolean, done: (result: Fetched) => void): Promise<Response> {
    // Asked for again only once it is kept: a request between the last byte and the disk would fetch it twice.
    const finished = (): void => void inflight.delete(key);
    let upstream: Response;
    try {
      upstream = await deps.fetch(url, {
        signal: AbortSignal.timeout(timeoutMs),
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        headers: { accept: [...ACCEPTED_TYPES].join(', ') },
      });
    } catch (error) {
      logger.info('a picture could not be fetched', { reason: String(error) });
      done({ ok: false, status: 504, why: 'the picture could not be fetched' });
      finished();
      return answer(504, 'the picture could not be fetched');
    }
    const type = pictureType(upstream);
    if (!upstream.ok || type === undefined || upstream.body === null) {
      await upstream.body?.cancel().catch(() => undefined);
      const status = upstream.status === 404 || upstream.status === 410 ? 404 : 502;
      const why = upstream.ok ? 'the service sent something that is not a picture' : `the service answered ${upstream.status}`;
      done({ ok: false, status, why });
      finished();
      return answer(status, why);
    }
    const [toPage, toDisk] = upstream.body.tee();
    void collect(toDisk).then(
      async (bytes) => {
        const picture = { bytes, type };
        done({ ok: true, picture });
        await cache.put(key, picture);
        finished();
      },
      (error: unknown) => {
        logger.info('a picture was cut short', { reason: String(error) });
        done({ ok: false, status: 504, why: 'the picture was cut short' });
        finished();
      },
    );
    if (head) await toPage.cancel();
    const length = Number(upstream.headers.get('content-length') ?? Number.NaN);
    return pictureResponse(head ? null : toPage, type, Number.isSafeInteger(length) && length >= 0 ? length : undefined);
  }

  return {
    async serve(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'method not allowed');
      const url = pictureUrlOf(new URL(request.url).pathname);
      if (url === undefined) return answer(404, 'no such picture');
      const head = request.method === 'HEAD';
      const key = createHash('sha256').update(url).digest('hex');
      const kept = await cache.get(key);
      if (kept !== undefined) return pictureResponse(head ? null : kept.bytes, kept.type, kept.bytes.byteLength);
      const pending = inflight.get(key);
      if (pending !== undefined) {
        const result = await pending;
        if (!result.ok) return answer(result.status, result.why);
        return pictureResponse(head ? null : result.picture.bytes, result.picture.type, result.picture.bytes.byteLength);
      }
      let done: (result: Fetched) => void = () => undefined;
      const settled = new Promise<Fetched>((resolve) => (done = resolve));
      inflight.set(key, settled);
      return fetchPicture(url, key, head, done);
    },
  };
}

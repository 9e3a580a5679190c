import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createArtwork } from '../../../../../main/core/features/artwork/artwork';
import { createArtworkCache } from '../../../../../main/core/features/artwork/artworkCache';
import { folderArtworkFiles, type ArtworkFiles } from '../../../../../main/core/features/artwork/artworkFiles';
import { ARTWORK_PREFIX, artworkPath, pictureUrlOf } from '../../../../../main/core/features/artwork/artworkPath';
import { fakeFetch, memoryLogger, type Reply } from '../../support/fakes';
import { memoryArtworkFiles } from './memoryArtworkFiles';

const PICTURE = 'https://img.example.test/album/500x500.jpg';
const bytes = (n: number, fill = 7) => new Uint8Array(n).fill(fill);
const jpeg = (body: Uint8Array = bytes(1000)) => new Response(body.slice(), { headers: { 'content-type': 'image/jpeg' } });
const ask = (path: string, method = 'GET') => new Request(`app://tunewall${path}`, { method });

function setup(reply: (url: string) => Reply | Promise<Reply> = () => jpeg(), files: ArtworkFiles = memoryArtworkFiles(), maxBytes?: number) {
  const net = fakeFetch((request) => reply(request.url));
  const logger = memoryLogger();
  const artwork = createArtwork({ fetch: net.fetch, cache: createArtworkCache({ files, logger, maxBytes }), logger });
  return { artwork, net };
}

/** Waits until a picture just streamed is kept (the disk write follows the last byte). */
async function kept(files: ReturnType<typeof memoryArtworkFiles>, count: number): Promise<void> {
  while (files.data.size < count) await new Promise((r) => setTimeout(r, 5));
}

describe('the page path of a picture', () => {
  it('names the service URL on the page origin, and only what Tunewall handed out reads back', () => {
    const path = artworkPath(PICTURE);
    expect(path.startsWith(ARTWORK_PREFIX)).toBe(true);
    expect(pictureUrlOf(path)).toBe(PICTURE);
    expect(artworkPath(path)).toBe(path);
    expect(artworkPath('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'https://user:pw@img.example.test/a.jpg', 'not a url']) {
      expect(pictureUrlOf(ARTWORK_PREFIX + Buffer.from(bad).toString('base64url')), bad).toBeUndefined();
    }
    expect(pictureUrlOf(`${path}=`)).toBeUndefined();
    expect(pictureUrlOf(`${path}/..`)).toBeUndefined();
    expect(pictureUrlOf('/assets/app.js')).toBeUndefined();
  });
});

describe('pictures through the page origin', () => {
  it('fetches a picture without a token or a cookie, streams it to the page with cache headers, and keeps it', async () => {
    const files = memoryArtworkFiles();
    const { artwork, net } = setup(() => jpeg(), files);
    const response = await artwork.serve(ask(artworkPath(PICTURE)));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('private, max-age=604800');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes(1000));
    expect(net.requests.map((r) => r.url)).toEqual([PICTURE]);
    expect(net.requests[0]?.headers.get('authorization')).toBeNull();
    expect(net.requests[0]?.headers.get('cookie')).toBeNull();
    await kept(files, 1);
  });

  it('answers a kept picture from disk, offline, on a warm start', async () => {
    const files = memoryArtworkFiles();
    const first = setup(() => jpeg(), files);
    await (await first.artwork.serve(ask(artworkPath(PICTURE)))).arrayBuffer();
    await kept(files, 1);
    const offline = setup(() => 'network-error', files);
    const response = await offline.artwork.serve(ask(artworkPath(PICTURE)));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('1000');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes(1000));
    expect(offline.net.requests).toHaveLength(0);
  });

  it('a picture not kept, offline, is a 504 the page draws a placeholder for, and is fetched once back online', async () => {
    let online = false;
    const { artwork } = setup(() => (online ? jpeg() : 'network-error'));
    expect((await artwork.serve(ask(artworkPath(PICTURE)))).status).toBe(504);
    online = true;
    expect((await artwork.serve(ask(artworkPath(PICTURE)))).status).toBe(200);
  });

  it('asks the service once when the page asks for a picture twice at the same time', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const { artwork, net } = setup(async () => {
      await gate;
      return jpeg();
    });
    const both = Promise.all([artwork.serve(ask(artworkPath(PICTURE))), artwork.serve(ask(artworkPath(PICTURE)))]);
    release();
    const answers = await both;
    for (const answer of answers) expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes(1000));
    expect(net.requests).toHaveLength(1);
  });

  it('fetches different pictures in parallel', async () => {
    let waiting = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const { artwork } = setup(async () => {
      waiting += 1;
      if (waiting === 3) release();
      await gate;
      return jpeg();
    });
    const answers = await Promise.all([1, 2, 3].map((n) => artwork.serve(ask(artworkPath(`${PICTURE}?n=${n}`)))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  });

  it('refuses what is not a picture, and what Tunewall never handed out, without asking anyone', async () => {
    const files = memoryArtworkFiles();
    const { artwork, net } = setup((url) =>
      url.endsWith('page')
        ? new Response('<html>', { headers: { 'content-type': 'text/html' } })
        : url.endsWith('svg')
          ? new Response('<svg/>', { headers: { 'content-type': 'image/svg+xml' } })
          : new Response('gone', { status: 404 }),
      files,
    );
    expect((await artwork.serve(ask(artworkPath('https://img.example.test/page')))).status).toBe(502);
    expect((await artwork.serve(ask(artworkPath('https://img.example.test/a.svg')))).status).toBe(502);
    expect((await artwork.serve(ask(artworkPath('https://img.example.test/missing.jpg')))).status).toBe(404);
    expect(files.data.size).toBe(0);
    const before = net.requests.length;
    expect((await artwork.serve(ask(`${ARTWORK_PREFIX}${Buffer.from('file:///etc/passwd').toString('base64url')}`))).status).toBe(404);
    expect((await artwork.serve(ask(artworkPath(PICTURE), 'POST'))).status).toBe(405);
    expect(net.requests.length).toBe(before);
  });

  it('keeps at most its bound in bytes, dropping the pictures least recently drawn', async () => {
    const files = memoryArtworkFiles();
    const { artwork } = setup(() => jpeg(bytes(400)), files, 1000);
    const path = (n: number) => artworkPath(`${PICTURE}?n=${n}`);
    for (const n of [1, 2]) {
      await (await artwork.serve(ask(path(n)))).arrayBuffer();
      await kept(files, n);
    }
    // Drawn again: the most recent now, so the third picture pushes out the second.
    await (await artwork.serve(ask(path(1)))).arrayBuffer();
    await (await artwork.serve(ask(path(3)))).arrayBuffer();
    while ([...files.data.keys()].length !== 2 || files.data.size > 2) await new Promise((r) => setTimeout(r, 5));
    const offline = setup(() => 'network-error', files, 1000);
    expect((await offline.artwork.serve(ask(path(1)))).status).toBe(200);
    expect((await offline.artwork.serve(ask(path(2)))).status).toBe(504);
  });

  it('a disk that fails only costs a fetch: the page still gets its picture', async () => {
    const files = memoryArtworkFiles();
    files.broken = true;
    const { artwork, net } = setup(() => jpeg(), files);
    for (let i = 0; i < 2; i++) expect((await artwork.serve(ask(artworkPath(PICTURE)))).status).toBe(200);
    expect(net.requests.length).toBeGreaterThanOrEqual(1);
  });
});

describe('the picture folder', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('keeps pictures in the data folder, readable by their owner only, and finds them after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tunewall-artwork-'));
    dirs.push(dir);
    const folder = join(dir, 'artwork');
    const files = folderArtworkFiles(folder);
    expect(await files.list()).toEqual([]);
    const { artwork } = setup(() => jpeg(), files);
    await (await artwork.serve(ask(artworkPath(PICTURE)))).arrayBuffer();
    while (!existsSync(folder) || !readdirSync(folder).some((name) => name.endsWith('.jpg'))) await new Promise((r) => setTimeout(r, 5));
    const [name] = readdirSync(folder);
    expect(name).toMatch(/^[0-9a-f]{64}\.jpg$/);
    expect(statSync(join(folder, name ?? '')).mode & 0o777).toBe(0o600);
    const restarted = setup(() => 'network-error', folderArtworkFiles(folder));
    expect((await restarted.artwork.serve(ask(artworkPath(PICTURE)))).status).toBe(200);
  });
});

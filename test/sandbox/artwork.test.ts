/** The artwork the sandbox draws and serves: real JPEGs of the documented sizes, cacheable, one picture per id. */
import { describe, expect, it } from 'vitest';
import {
  AlbumSchema,
  ArtistSchema,
  ChildrenCategoryPageSchema,
  MoodStationPageSchema,
  PlaylistPageSchema,
  UserSchema,
  type Image,
} from '../../shared/service/catalog';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import sharp from 'sharp';
import { Hono } from 'hono';
import { ARTWORK_SIZES, ArtworkCache, CHILDREN_IMAGE_HEIGHT, artworkSvg, drawnSize, mountArtwork } from '../../sandbox/artwork';
import { ImageRenderer } from '../../sandbox/images/renderer';
import { CHILDREN_IMAGE_WIDTHS, createCatalog } from '../../sandbox/data/catalog';
import { DEFAULT_OPTIONS } from '../../sandbox/options';
import { catalogFixture } from './catalog-fixture';
import { loopTurnsDuring } from './helpers';

const fx = catalogFixture();

/** Width and height from the JPEG's start-of-frame segment. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) throw new Error(`No JPEG marker at ${i}.`);
    const marker = bytes[i + 1] ?? 0;
    const length = ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0);
    if (marker >= 0xc0 && marker <= 0xc3) {
      return { height: ((bytes[i + 5] ?? 0) << 8) | (bytes[i + 6] ?? 0), width: ((bytes[i + 7] ?? 0) << 8) | (bytes[i + 8] ?? 0) };
    }
    i += 2 + length;
  }
  throw new Error('No start-of-frame segment.');
}

async function fetchImage(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function expectServed(images: Image[]): Promise<void> {
  for (const image of images) {
    expect(image.url.startsWith(`${fx.sb.origin}/artwork/`)).toBe(true);
    const { res, bytes } = await fetchImage(image.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(jpegSize(bytes)).toEqual({ width: image.width, height: image.height });
  }
}

describe('documented sizes, each a JPEG of exactly that size', () => {
  const tw = createCatalog(DEFAULT_OPTIONS.seed).territory('TW');

  it('playlist 300/600/1000', async () => {
    const playlist = PlaylistPageSchema.parse((await fx.get('/charts?territory=TW')).body).data[0];
    expect(playlist?.images.map((i) => i.width)).toEqual([300, 600, 1000]);
    await expectServed(playlist?.images ?? []);
  });

  it('album 160/500/1000 and artist 160/300', async () => {
    const album = tw.artists[0]?.albums[0];
    if (!album) throw new Error('no album');
    const json = AlbumSchema.parse((await fx.get(`/albums/${album.id}?territory=TW`)).body);
    expect(json.images.map((i) => i.width)).toEqual([160, 500, 1000]);
    await expectServed(json.images);
    const artist = ArtistSchema.parse((await fx.get(`/artists/${album.artist.id}?territory=TW`)).body);
    expect(artist.images.map((i) => i.width)).toEqual([160, 300]);
    await expectServed(artist.images);
  });

  it('user 75/180/300, station 300, children category height 300 with its own widths', async () => {
    const me = UserSchema.parse((await fx.get('/me')).body);
    await expectServed(me.images);
    const mood = MoodStationPageSchema.parse((await fx.get('/mood-stations?territory=TW')).body).data[0];
    await expectServed(mood?.images ?? []);
    const children = ChildrenCategoryPageSchema.parse((await fx.get('/children-categories?territory=TW')).body).data;
    const images = children.flatMap((c) => c.images);
    expect(images.every((i) => i.height === 300)).toBe(true);
    await expectServed(images.slice(0, 3));
  });
});

describe('caching and identity', () => {
  it('sends an immutable Cache-Control and an ETag, and answers 304 to If-None-Match', async () => {
    const url = `${fx.sb.origin}/artwork/playlist/TsomePlaylist00001/300x300.jpg`;
    const first = await fetchImage(url);
    expect(first.res.headers.get('cache-control')).toMatch(/immutable/);
    expect(first.res.headers.get('cache-control')).toMatch(/max-age=\d{7,}/);
    const etag = first.res.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await fetchImage(url, { 'if-none-match': etag ?? '' });
    expect(again.res.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    const other = await fetchImage(url, { 'if-none-match': '"something-else"' });
    expect(other.res.status).toBe(200);
  });

  it('the same id gives the same bytes; another id another picture; no token is needed', async () => {
    const a1 = await fetchImage(`${fx.sb.origin}/artwork/album/Tabcdefghijklmnop1/160x160.jpg`);
    const a2 = await fetchImage(`${fx.sb.origin}/artwork/album/Tabcdefghijklmnop1/160x160.jpg`);
    const b = await fetchImage(`${fx.sb.origin}/artwork/album/Tabcdefghijklmnop2/160x160.jpg`);
    expect(a1.res.status).toBe(200);
    expect(Buffer.from(a1.bytes).equals(Buffer.from(a2.bytes))).toBe(true);
    expect(Buffer.from(a1.bytes).equals(Buffer.from(b.bytes))).toBe(false);
  });

  it('sizes and kinds that are not documented are not found', async () => {
    for (const path of ['playlist/Tx/301x301.jpg', 'playlist/Tx/300x600.jpg', 'children/Tx/300x301.jpg', 'poster/Tx/300x300.jpg', 'album/Tx/160x160.png']) {
      expect((await fetch(`${fx.sb.origin}/artwork/${path}`)).status, path).toBe(404);
    }
  });

  it('the encoded-bytes cache stays within its byte budget and keeps the most recent', async () => {
    const cache = new ArtworkCache(100);
    let made = 0;
    const make = (n: number) => () => {
      made += 1;
      return Promise.resolve(Buffer.alloc(n));
    };
    await cache.get('a', make(40));
    await cache.get('b', make(40));
    await cache.get('a', make(40));
    expect(made).toBe(2);
    await cache.get('c', make(40));
    expect(cache.size).toBe(2);
    await cache.get('a', make(40));
    expect(made).toBe(3);
    await cache.get('b', make(40));
    expect(made).toBe(4);
  });

  it('a picture asked for again while it is drawn is drawn once; a failed drawing is not kept', async () => {
    const cache = new ArtworkCache();
    let made = 0;
    let finish: (bytes: Buffer) => void = () => undefined;
    const slow = () => {
      made += 1;
      return new Promise<Buffer>((resolve) => (finish = resolve));
    };
    const first = cache.get('k', slow);
    const second = cache.get('k', slow);
    finish(Buffer.from('jpeg'));
    expect((await first).equals(await second)).toBe(true);
    expect(made).toBe(1);
    await expect(cache.get('broken', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.get('broken', () => Promise.resolve(Buffer.from('ok')))).toEqual(Buffer.from('ok'));
  });
});

describe('drawing off the event loop', () => {
  it('the event loop keeps turning while uncached 1000 px pictures are drawn and served', async () => {
    const { result, turns } = await loopTurnsDuring(() =>
      Promise.all(['Tturns000000000001', 'Tturns000000000002'].map((id) => fetchImage(`${fx.sb.origin}/artwork/album/${id}/1000x1000.jpg`))),
    );
    for (const { res, bytes } of result) {
      expect(res.status).toBe(200);
      expect(jpegSize(bytes)).toEqual({ width: 1000, height: 1000 });
    }
    // The requests themselves take a few turns; drawing two million pixels on the loop would leave no room for more.
    expect(turns).toBeGreaterThan(100);
  });

  it('draws no more pictures at once than it is allowed, and queues the rest', async () => {
    const renderer = new ImageRenderer(2);
    const all = Array.from({ length: 6 }, (_, i) => renderer.jpeg(artworkSvg('user', `Tqueue00000000000${i}`, 300, 300), 82));
    expect(renderer.queued).toBe(4);
    await Promise.all(all);
    expect(renderer.queued).toBe(0);
  });

  it('every size of an id is the same picture: the small one looks like the large one scaled down', async () => {
    const renderer = new ImageRenderer(1);
    const id = 'Tsame0000000000001';
    const small = await sharp(await renderer.jpeg(artworkSvg('album', id, 160, 160), 90)).raw().toBuffer();
    const large = await sharp(await renderer.jpeg(artworkSvg('album', id, 1000, 1000), 90)).resize(160, 160).raw().toBuffer();
    const other = await sharp(await renderer.jpeg(artworkSvg('album', 'Tother000000000001', 160, 160), 90)).raw().toBuffer();
    const distance = (p: Buffer, q: Buffer): number => {
      let sum = 0;
      for (let i = 0; i < p.length; i += 1) sum += Math.abs((p[i] ?? 0) - (q[i] ?? 0));
      return sum / p.length;
    };
    expect(distance(small, large)).toBeLessThan(8);
    expect(distance(small, other)).toBeGreaterThan(distance(small, large) * 2);
  });
});

describe('drawing less per picture', () => {
  const distance = (p: Buffer, q: Buffer): number => {
    let sum = 0;
    for (let i = 0; i < p.length; i += 1) sum += Math.abs((p[i] ?? 0) - (q[i] ?? 0));
    return sum / p.length;
  };

  it('large pictures are drawn at a fraction of their size: under half the pixels served over every kind and size', async () => {
    const drawn: { width: number; height: number }[] = [];
    const recording = {
      jpeg(svg: string, quality: number, size?: { width: number; height: number }): Promise<Buffer> {
        const declared = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg);
        drawn.push({ width: Number(declared?.[1]), height: Number(declared?.[2]) });
        return new ImageRenderer(1).jpeg(svg, quality, size);
      },
    };
    const app = new Hono();
    mountArtwork(app, recording);
    const sizes = [
      ...Object.entries(ARTWORK_SIZES).flatMap(([kind, sides]) => sides.map((side) => ({ kind, width: side, height: side }))),
      ...CHILDREN_IMAGE_WIDTHS.map((width) => ({ kind: 'children', width, height: CHILDREN_IMAGE_HEIGHT })),
    ];
    let served = 0;
    for (const { kind, width, height } of sizes) {
      const res = await app.request(`/artwork/${kind}/Tfraction000000001/${width}x${height}.jpg`);
      expect(res.status).toBe(200);
      expect(jpegSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width, height });
      served += width * height;
    }
    const drawnPixels = drawn.reduce((sum, d) => sum + d.width * d.height, 0);
    expect(drawn).toHaveLength(sizes.length);
    expect(drawnPixels / served).toBeLessThan(0.45);
    // Tiles, the pictures seen most, are drawn at their own size.
    expect(drawn.filter((d) => d.height === CHILDREN_IMAGE_HEIGHT && d.width >= 400)).toHaveLength(CHILDREN_IMAGE_WIDTHS.length);
  });

  it('a 1000 px picture drawn at a quarter and scaled up looks like the one drawn whole', async () => {
    const renderer = new ImageRenderer(1);
    // Rings, stripes (Tquarter…1 has slanted ones, where steps would show), soft discs, a horizon.
    for (const id of ['Tquarter0000000001', 'Tquarter0000000002', 'Tquarter0000000003', 'Tquarter0000000004']) {
      const size = drawnSize(1000, 1000);
      expect(size).toEqual({ width: 250, height: 250 });
      const quarter = await sharp(await renderer.jpeg(artworkSvg('album', id, 250, 250), 90, { width: 1000, height: 1000 })).raw().toBuffer();
      const whole = await sharp(await renderer.jpeg(artworkSvg('album', id, 1000, 1000), 90)).raw().toBuffer();
      // Other pictures are 40 or more apart on this scale.
      expect(distance(quarter, whole)).toBeLessThan(4);
    }
  });
});

describe.runIf(process.platform === 'linux')('drawing at a lower priority (Linux)', () => {
  /** The nice value of each thread of this process with that name, from /proc. */
  function niceOf(name: string): number[] {
    return readdirSync('/proc/self/task').flatMap((tid) => {
      const comm = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      if (comm !== name) return [];
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // After the command name: state is field 3, so nice (field 19) is at 16 here.
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    });
  }

  it("libvips' drawing threads yield to the event loop, which keeps its own priority", async () => {
    const renderer = new ImageRenderer(1);
    await renderer.jpeg(artworkSvg('album', 'Tnice0000000000001', 500, 500), 82);
    const drawing = niceOf('libvips worker');
    expect(drawing.length).toBeGreaterThan(0);
    const loop = getPriority();
    expect(drawing.every((nice) => nice >= Math.min(19, loop + 10))).toBe(true);
  });
});

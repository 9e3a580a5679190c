/**
 * Cover art for the sandbox's catalog, drawn and served by the sandbox itself so nothing leaves the machine.
 *
 * Each picture is a deterministic design (gradient, rings, stripes or soft circles) seeded by the resource id, drawn
 * in resolution-independent coordinates so every size of one resource shows the same picture. Encoding a 1000 px JPEG
 * in JavaScript is costly, so encoded bytes are kept in a bounded LRU.
 */
import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import jpeg from 'jpeg-js';
import type { Image } from '../shared/service/catalog';
import { CHILDREN_IMAGE_WIDTHS } from './data/catalog';
import { Random } from './data/random';

export type ArtworkKind = 'playlist' | 'user' | 'album' | 'artist' | 'station' | 'children';

/** The documented sizes, largest last: [width, height]. */
export const ARTWORK_SIZES: Record<Exclude<ArtworkKind, 'children'>, readonly number[]> = {
  playlist: [300, 600, 1000],
  user: [75, 180, 300],
  album: [160, 500, 1000],
  artist: [160, 300],
  station: [300],
};
export const CHILDREN_IMAGE_HEIGHT = 300;

/** Bumped when the drawing changes, so cached copies (ETag) are not mistaken for the new ones. */
const DESIGN_VERSION = 1;
const JPEG_QUALITY = 82;
const CACHE_BUDGET_BYTES = 48 * 1024 * 1024;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const KINDS: readonly ArtworkKind[] = ['playlist', 'user', 'album', 'artist', 'station', 'children'];

export function artworkUrl(origin: string, kind: ArtworkKind, id: string, width: number, height: number): string {
  return `${origin}/artwork/${kind}/${encodeURIComponent(id)}/${width}x${height}.jpg`;
}

/** The `images` array of a resource: every documented size of its picture, smallest first. */
export function artworkImages(origin: string, kind: Exclude<ArtworkKind, 'children'>, id: string): Image[] {
  return ARTWORK_SIZES[kind].map((side) => ({ width: side, height: side, url: artworkUrl(origin, kind, id, side, side) }));
}

/** Children-category images: height 300, widths chosen per category. */
export function childrenImages(origin: string, id: string, widths: readonly number[]): Image[] {
  return widths.map((width) => ({ width, height: CHILDREN_IMAGE_HEIGHT, url: artworkUrl(origin, 'children', id, width, CHILDREN_IMAGE_HEIGHT) }));
}

export function isServedSize(kind: ArtworkKind, width: number, height: number): boolean {
  if (kind === 'children') return height === CHILDREN_IMAGE_HEIGHT && (CHILDREN_IMAGE_WIDTHS as readonly number[]).includes(width);
  return width === height && ARTWORK_SIZES[kind].includes(width);
}

type Rgb = [number, number, number];

function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number): number => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

interface Palette {
  from: Rgb;
  to: Rgb;
  accent: Rgb;
  ink: Rgb;
}

function palette(r: Random): Palette {
  // Skips the yellow-greens, which rarely look like a record sleeve.
  const hue = (170 + r.next() * 300) % 360;
  // Analogous, complementary or split schemes: the combinations record sleeves tend to use.
  const shift = r.pick([30, 45, 180, 150, 210, -40]);
  const sat = 0.45 + r.next() * 0.35;
  return {
    from: hslToRgb(hue, sat, 0.22 + r.next() * 0.18),
    to: hslToRgb((hue + shift / 2 + 360) % 360, sat, 0.45 + r.next() * 0.2),
    accent: hslToRgb((hue + shift + 360) % 360, Math.min(1, sat + 0.15), 0.55 + r.next() * 0.15),
    ink: hslToRgb((hue + 360 - shift / 3) % 360, 0.25, 0.92),
  };
}

function mix(a: Rgb, b: Rgb, t: number, out: Rgb): void {
  out[0] = a[0] + (b[0] - a[0]) * t;
  out[1] = a[1] + (b[1] - a[1]) * t;
  out[2] = a[2] + (b[2] - a[2]) * t;
}

function smooth(edge0: number, edge1: number, x: number): number {
  const t = Math.max(0, Math.min(1, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

// Math.hypot is several times slower than this in V8, and it runs a few million times per large image.
function dist(x: number, y: number): number {
  return Math.sqrt(x * x + y * y);
}

interface Blob {
  x: number;
  y: number;
  radius: number;
  color: Rgb;
  alpha: number;
}

/** Draws the picture of `kind/id` into an RGBA buffer of exactly width × height. */
export function drawArtwork(kind: ArtworkKind, id: string, width: number, height: number): Buffer {
  const r = new Random(`${DESIGN_VERSION}/${kind}/${id}`);
  const p = palette(r);
  const style = r.pick(['rings', 'stripes', 'blobs', 'horizon'] as const);
  const angle = r.next() * Math.PI * 2;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  // Coordinates in units of the shorter side, so wide children-category art and square covers share the design.
  const unit = Math.min(width, height);
  const cx = 0.2 + r.next() * 0.6;
  const cy = 0.2 + r.next() * 0.6;
  const ringWidth = 0.05 + r.next() * 0.08;
  const stripeWidth = 0.06 + r.next() * 0.1;
  const horizon = 0.45 + r.next() * 0.25;
  const blobs: Blob[] = Array.from({ length: r.int(3, 6) }, () => ({
    x: r.next() * (width / unit),
    y: r.next(),
    radius: 0.12 + r.next() * 0.3,
    color: r.pick([p.accent, p.ink, p.to]),
    alpha: 0.25 + r.next() * 0.4,
  }));
  const sun: Blob = { x: cx * (width / unit), y: horizon - 0.12, radius: 0.16 + r.next() * 0.08, color: p.accent, alpha: 0.9 };

  const data = Buffer.alloc(width * height * 4);
  const c: Rgb = [0, 0, 0];
  const tmp: Rgb = [0, 0, 0];
  const halfW = width / unit / 2;
  for (let y = 0; y < height; y += 1) {
    const v = (y + 0.5) / unit;
    for (let x = 0; x < width; x += 1) {
      const u = (x + 0.5) / unit;
      const g = ((u - halfW) * dx + (v - 0.5) * dy) * 0.9 + 0.5;
      mix(p.from, p.to, Math.max(0, Math.min(1, g)), c);
      if (style === 'rings') {
        const d = dist(u - cx * (width / unit), v - cy);
        const band = Math.floor(d / ringWidth);
        if (band % 2 === 0 && d < 0.9) {
          const edge = d < ringWidth ? 1 : smooth(0, 0.004, Math.min(d % ringWidth, ringWidth - (d % ringWidth)));
          mix(c, p.accent, 0.55 * edge * (1 - d / 0.9), tmp);
          c[0] = tmp[0];
          c[1] = tmp[1];
          c[2] = tmp[2];
        }
      } else if (style === 'stripes') {
        const s = (u * dy - v * dx) / stripeWidth;
        const frac = s - Math.floor(s);
        const on = smooth(0.45, 0.47, frac) - smooth(0.93, 0.95, frac);
        mix(c, p.accent, on * 0.6, tmp);
        c[0] = tmp[0];
        c[1] = tmp[1];
        c[2] = tmp[2];
      } else if (style === 'horizon') {
        const d = dist(u - sun.x, v - sun.y);
        const inSun = 1 - smooth(sun.radius - 0.004, sun.radius + 0.004, d);
        mix(c, sun.color, inSun * sun.alpha, tmp);
        const below = smooth(horizon - 0.003, horizon + 0.003, v);
        mix(tmp, p.from, below * 0.75, c);
      }
      if (style === 'blobs' || style === 'rings') {
        for (const b of blobs) {
          const d = dist(u - b.x, v - b.y);
          if (d < b.radius) {
            mix(c, b.color, b.alpha * (1 - smooth(b.radius * 0.6, b.radius, d)) * (style === 'rings' ? 0.35 : 1), tmp);
            c[0] = tmp[0];
            c[1] = tmp[1];
            c[2] = tmp[2];
          }
        }
      }
      // A soft vignette, as printed sleeves photograph.
      const vignette = 1 - 0.25 * smooth(0.35, 0.85, dist((u - halfW) / (halfW * 2), v - 0.5));
      const i = (y * width + x) * 4;
      data[i] = Math.round(c[0] * vignette);
      data[i + 1] = Math.round(c[1] * vignette);
      data[i + 2] = Math.round(c[2] * vignette);
      data[i + 3] = 255;
    }
  }
  return data;
}

export function encodeArtwork(kind: ArtworkKind, id: string, width: number, height: number): Buffer {
  return jpeg.encode({ data: drawArtwork(kind, id, width, height), width, height }, JPEG_QUALITY).data;
}

/** A byte-bounded LRU of encoded images (Map keeps insertion order; a hit is re-inserted at the end). */
export class ArtworkCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly budgetBytes = CACHE_BUDGET_BYTES) {}

  get(key: string, make: () => Buffer): Buffer {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = make();
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.budgetBytes || oldKey === key) break;
      this.entries.delete(oldKey);
      this.bytes -= old.length;
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}

function etagFor(key: string): string {
  return `"${createHash('sha1').update(`${DESIGN_VERSION}/${key}`).digest('base64url').slice(0, 20)}"`;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** Serves `GET /artwork/<kind>/<id>/<width>x<height>.jpg`. Public, like a CDN: no bearer token needed. */
export function mountArtwork(app: Hono, cache = new ArtworkCache()): void {
  app.get('/artwork/:kind/:id/:file', (c) => {
    const kind = KINDS.find((k) => k === c.req.param('kind'));
    const id = c.req.param('id');
    const size = /^(\d{1,4})x(\d{1,4})\.jpg$/.exec(c.req.param('file'));
    const width = Number(size?.[1]);
    const height = Number(size?.[2]);
    if (!kind || !ID_PATTERN.test(id) || !size || !isServedSize(kind, width, height)) {
      return c.json({ error: { message: 'Resource does not exist', code: 0 } }, 404);
    }
    const key = `${kind}/${id}/${width}x${height}`;
    const etag = etagFor(key);
    const headers = {
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
    };
    if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    const bytes = cache.get(key, () => encodeArtwork(kind, id, width, height));
    return c.body(new Uint8Array(bytes), 200, { ...headers, 'Content-Type': 'image/jpeg', 'Content-Length': String(bytes.length) });
  });
}


/**
 * Cover art for the sandbox's catalog, drawn and served by the sandbox itself so nothing leaves the machine.
 *
 * Each picture is a deterministic design (gradient, rings, stripes or soft circles) seeded by the resource id, written
 * as SVG in resolution-independent coordinates so every size of one resource shows the same picture. libvips draws and
 * encodes it off the event loop (images/renderer.ts); the encoded bytes are kept in a bounded LRU, and a picture asked
 * for again while it is being drawn waits for that one drawing.
 */
import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import type { Image } from '../shared/service/catalog';
import { CHILDREN_IMAGE_WIDTHS } from './data/catalog';
import { Random } from './data/random';
import type { ImageRenderer } from './images/renderer';

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
const DESIGN_VERSION = 3;
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

type Rgb = readonly [number, number, number];

function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number): number => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

function css([r, g, b]: Rgb): string {
  return `rgb(${Math.round(r)},${Math.round(g)},${Math.round(b)})`;
}

/** Three decimals: far below a pixel at 1000 px, and short SVG text. */
function n(value: number): string {
  return String(Math.round(value * 1000) / 1000);
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

interface Blob {
  x: number;
  y: number;
  radius: number;
  color: Rgb;
  alpha: number;
}

/** A soft disc: full strength to 60 % of its radius, then fading out (a smooth step, in three stops). */
function softDisc(id: string, b: Blob): { def: string; shape: string } {
  const a = b.alpha;
  const c = css(b.color);
  return {
    def: `<radialGradient id="${id}"><stop offset="0.6" stop-color="${c}" stop-opacity="${n(a)}"/><stop offset="0.8" stop-color="${c}" stop-opacity="${n(a / 2)}"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`,
    shape: `<circle cx="${n(b.x)}" cy="${n(b.y)}" r="${n(b.radius)}" fill="url(#${id})"/>`,
  };
}

/**
 * The picture of `kind/id` as an SVG of exactly width × height pixels: a gradient with rings, stripes, soft circles or
 * a sun on a horizon (no vignette: a full-frame gradient over every pixel would cost more than the rest together).
 * Drawn in units of the shorter side, so every size of an id (and wide
 * children-category art) shows the same design.
 */
export function artworkSvg(kind: ArtworkKind, id: string, width: number, height: number): string {
  const r = new Random(`${DESIGN_VERSION}/${kind}/${id}`);
  const p = palette(r);
  const style = r.pick(['rings', 'stripes', 'blobs', 'horizon'] as const);
  const angle = r.next() * Math.PI * 2;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const w = width / Math.min(width, height);
  const cx = (0.2 + r.next() * 0.6) * w;
  const cy = 0.2 + r.next() * 0.6;
  const ringWidth = 0.05 + r.next() * 0.08;
  const stripeWidth = 0.06 + r.next() * 0.1;
  const horizon = 0.45 + r.next() * 0.25;
  const blobs: Blob[] = Array.from({ length: r.int(3, 6) }, () => ({
    x: r.next() * w,
    y: r.next(),
    radius: 0.12 + r.next() * 0.3,
    color: r.pick([p.accent, p.ink, p.to]),
    alpha: 0.25 + r.next() * 0.4,
  }));
  const sunRadius = 0.16 + r.next() * 0.08;

  // The background gradient runs along (dx, dy) through the centre, reaching its end colours a little inside the edges.
  const reach = 0.5 / 0.9;
  const defs = [
    `<linearGradient id="bg" gradientUnits="userSpaceOnUse" x1="${n(w / 2 - dx * reach)}" y1="${n(0.5 - dy * reach)}" x2="${n(w / 2 + dx * reach)}" y2="${n(0.5 + dy * reach)}"><stop offset="0" stop-color="${css(p.from)}"/><stop offset="1" stop-color="${css(p.to)}"/></linearGradient>`,
  ];
  const shapes = [`<rect width="${n(w)}" height="1" fill="url(#bg)"/>`];
  if (style === 'rings') {
    // Every other band of width ringWidth around the centre, fading out towards 0.9.
    for (let band = 0; (band + 0.5) * ringWidth < 0.9; band += 2) {
      const radius = (band + 0.5) * ringWidth;
      shapes.push(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius)}" fill="none" stroke="${css(p.accent)}" stroke-width="${n(ringWidth)}" stroke-opacity="${n(0.55 * (1 - radius / 0.9))}"/>`,
      );
    }
  } else if (style === 'stripes') {
    // Bands along (dx, dy): drawn level in a frame turned by the angle.
    const turned = [`<g transform="rotate(${n((angle * 180) / Math.PI)})" fill="${css(p.accent)}" fill-opacity="0.6">`];
    const span = Math.ceil((w + 1) / stripeWidth) + 1;
    for (let k = -span; k <= span; k += 1) {
      turned.push(`<rect x="${n(-w - 1)}" y="${n((k + 0.06) * stripeWidth)}" width="${n(2 * w + 2)}" height="${n(0.48 * stripeWidth)}"/>`);
    }
    shapes.push(`${turned.join('')}</g>`);
  } else if (style === 'horizon') {
    shapes.push(`<circle cx="${n(cx)}" cy="${n(horizon - 0.12)}" r="${n(sunRadius)}" fill="${css(p.accent)}" fill-opacity="0.9"/>`);
    shapes.push(`<rect y="${n(horizon)}" width="${n(w)}" height="${n(1 - horizon)}" fill="${css(p.from)}" fill-opacity="0.75"/>`);
  }
  // Soft discs are the costliest thing to draw (a gradient over each one's area), so only the style made of them has them.
  if (style === 'blobs') {
    blobs.forEach((b, i) => {
      const disc = softDisc(`b${i}`, b);
      defs.push(disc.def);
      shapes.push(disc.shape);
    });
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${n(w)} 1" preserveAspectRatio="none"><defs>${defs.join('')}</defs>${shapes.join('')}</svg>`;
}

/**
 * The size a picture is drawn at before it is scaled up to the size asked for: a half or a quarter of it, keeping the
 * shorter side at 250 px or more. Drawing costs by the pixel; the designs are gradients and soft shapes, which a
 * 2× or 4× scale-up of an anti-aliased drawing keeps (edges step by 2–4 px at 1000 px, less than a TV tile shows).
 * Pictures of 300 px and less, the ones tiles show most, are drawn at their own size.
 */
export function drawnSize(width: number, height: number): { width: number; height: number } {
  const shorter = Math.min(width, height);
  const divisor = shorter >= 1000 ? 4 : shorter >= 500 ? 2 : 1;
  return { width: Math.ceil(width / divisor), height: Math.ceil(height / divisor) };
}

/** A byte-bounded LRU of encoded images (Map keeps insertion order; a hit is re-inserted at the end). */
export class ArtworkCache {
  private readonly entries = new Map<string, Buffer>();
  /** Pictures being drawn: a second request for one waits for the same drawing. */
  private readonly drawing = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly budgetBytes = CACHE_BUDGET_BYTES) {}

  get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return Promise.resolve(hit);
    }
    const pending = this.drawing.get(key);
    if (pending) return pending;
    const made = make().then(
      (value) => {
        this.drawing.delete(key);
        this.keep(key, value);
        return value;
      },
      (error: unknown) => {
        this.drawing.delete(key);
        throw error;
      },
    );
    this.drawing.set(key, made);
    return made;
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, value: Buffer): void {
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.budgetBytes || oldKey === key) break;
      this.entries.delete(oldKey);
      this.bytes -= old.length;
    }
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
export function mountArtwork(app: Hono, renderer: Pick<ImageRenderer, 'jpeg'>, cache = new ArtworkCache()): void {
  app.get('/artwork/:kind/:id/:file', async (c) => {
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
    const drawn = drawnSize(width, height);
    const scaled = drawn.width === width && drawn.height === height ? undefined : { width, height };
    const bytes = await cache.get(key, () => renderer.jpeg(artworkSvg(kind, id, drawn.width, drawn.height), JPEG_QUALITY, scaled));
    return c.body(new Uint8Array(bytes), 200, { ...headers, 'Content-Type': 'image/jpeg', 'Content-Length': String(bytes.length) });
  });
}


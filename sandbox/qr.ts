/**
 * GET /generator: the QR image generator. The code is built with `qrcode` (error correction H, so the centred logo
 * square does not make it unreadable) on a worker thread (images/qrMatrix.ts), laid out at one pixel per module, and
 * scaled to exactly image_size pixels (nearest neighbour: crisp module edges), given its logo and encoded as PNG by
 * libvips off the event loop (images/renderer.ts). The loop only copies the modules into a bitmap of at most 185 × 185.
 * Errors: 400 `{ "status": "ERROR", "error": "invalid_request", "error_description": ... }`.
 */
import type { Context, Hono } from 'hono';
import type { SandboxLog } from './http/guards';
import { qrMatrix, type QrMatrix } from './images/qrMatrix';
import type { ImageRenderer } from './images/renderer';

/** Quiet zone, in modules (ISO/IEC 18004 asks for 4). */
const MARGIN_MODULES = 4;
const MAX_IMAGE_SIZE = 2048;
/** A larger logo hides more than error correction H can restore. */
const MAX_LOGO_SHARE = 0.3;
const MAX_CONTENT_LENGTH = 1000;

type Rgb = readonly [number, number, number];

export interface QrRequest {
  content: string;
  imageSize: number;
  logoSize: number;
  responseType: 'image' | 'json';
  foreground: Rgb;
  background: Rgb;
}

type Parsed = { ok: true; request: QrRequest } | { ok: false; description: string };

function parseColor(value: string | undefined, fallback: Rgb): Rgb | undefined {
  if (value === undefined || value === '') return fallback;
  const match = /^(?:#|0x)?([0-9a-f]{6})$/i.exec(value.trim());
  if (!match?.[1]) return undefined;
  const n = Number.parseInt(match[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function parseInt32(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : undefined;
}

export function parseQrRequest(q: Record<string, string | undefined>): Parsed {
  const fail = (description: string): Parsed => ({ ok: false, description });
  const content = q.content;
  if (content === undefined || content === '') return fail('content is required.');
  if (content.length > MAX_CONTENT_LENGTH) return fail(`content is longer than ${MAX_CONTENT_LENGTH} characters.`);
  const imageSize = parseInt32(q.image_size);
  if (imageSize === undefined || imageSize < 21 || imageSize > MAX_IMAGE_SIZE) {
    return fail(`image_size is required: an integer from 21 to ${MAX_IMAGE_SIZE}.`);
  }
  const logoSize = parseInt32(q.logo_size);
  const maxLogo = Math.floor(imageSize * MAX_LOGO_SHARE);
  if (logoSize === undefined || logoSize > maxLogo) {
    return fail(`logo_size is required: an integer from 0 to ${maxLogo} (30% of image_size).`);
  }
  const responseType = q.response_type;
  if (responseType !== 'image' && responseType !== 'json') return fail('response_type is required: image or json.');
  const foreground = parseColor(q.foreground_color, [0, 0, 0]);
  if (!foreground) return fail('foreground_color must be a hexadecimal RGB colour such as 1a1a1a.');
  const background = parseColor(q.background_color, [255, 255, 255]);
  if (!background) return fail('background_color must be a hexadecimal RGB colour such as ffffff.');
  return { ok: true, request: { content, imageSize, logoSize, responseType, foreground, background } };
}

function css([r, g, b]: Rgb): string {
  return `rgb(${r},${g},${b})`;
}

/** The code at one pixel per module, quiet zone included, in the request's colours: libvips scales it up. */
export interface QrBitmap {
  /** RGB, `side` × `side`. */
  data: Buffer;
  side: number;
}

/** The bitmap of one QR request's modules, or why it cannot be drawn at the requested size. */
export function qrBitmap(r: QrRequest, modules: QrMatrix): { ok: true; bitmap: QrBitmap } | { ok: false; description: string } {
  const side = modules.size + MARGIN_MODULES * 2;
  if (r.imageSize < side) return { ok: false, description: `image_size must be at least ${side} pixels for this content.` };
  const data = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const row = y - MARGIN_MODULES;
      const col = x - MARGIN_MODULES;
      const dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.data[row * modules.size + col] === 1;
      data.set(dark ? r.foreground : r.background, (y * side + x) * 3);
    }
  }
  return { ok: true, bitmap: { data, side } };
}

/** The logo, a framed square with a round mark in the code's own colours, on a transparent image_size canvas. */
export function qrLogoSvg(r: QrRequest): string | undefined {
  if (r.logoSize <= 0) return undefined;
  const start = Math.floor((r.imageSize - r.logoSize) / 2);
  const border = Math.max(1, Math.round(r.logoSize / 12));
  const centre = r.imageSize / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${r.imageSize}" height="${r.imageSize}" shape-rendering="crispEdges">` +
    `<rect x="${start}" y="${start}" width="${r.logoSize}" height="${r.logoSize}" fill="${css(r.foreground)}"/>` +
    `<rect x="${start + border}" y="${start + border}" width="${r.logoSize - 2 * border}" height="${r.logoSize - 2 * border}" fill="${css(r.background)}"/>` +
    `<circle cx="${centre}" cy="${centre}" r="${r.logoSize / 4}" fill="${css(r.foreground)}"/></svg>`
  );
}

function qrError(c: Context, description: string): Response {
  return c.json({ status: 'ERROR', error: 'invalid_request', error_description: description }, 400);
}

export function mountQrGenerator(app: Hono, renderer: ImageRenderer, log: SandboxLog): void {
  const onBroken = (reason: string): void => log('QR codes are built on the event loop: their worker thread did not run', { reason });
  app.get('/generator', async (c) => {
    const parsed = parseQrRequest(c.req.query());
    if (!parsed.ok) return qrError(c, parsed.description);
    // qrcode refuses content beyond a QR symbol's capacity; either way the request was unanswerable.
    const matrix = await qrMatrix(parsed.request.content, onBroken);
    if (!matrix.ok) return qrError(c, matrix.reason);
    const drawn = qrBitmap(parsed.request, matrix.matrix);
    if (!drawn.ok) return qrError(c, drawn.description);
    const png = await renderer.scaledPng(drawn.bitmap, parsed.request.imageSize, qrLogoSvg(parsed.request));
    if (parsed.request.responseType === 'json') {
      return c.json({ status: 'OK', data: `data:image/png;base64,${png.toString('base64')}` });
    }
    return c.body(new Uint8Array(png), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' });
  });
}

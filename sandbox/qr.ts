/**
 * GET /generator: the QR image generator. The code is built with `qrcode` (error correction H, so the centred logo
 * square does not make it unreadable) and drawn with pngjs at exactly image_size pixels.
 * Errors: 400 `{ "status": "ERROR", "error": "invalid_request", "error_description": ... }`.
 */
import type { Context, Hono } from 'hono';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

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

/** The PNG bytes of one QR request; throws a RangeError when the content cannot fit the requested size. */
export function renderQrPng(r: QrRequest): Buffer {
  const modules = QRCode.create(r.content, { errorCorrectionLevel: 'H' }).modules;
  const total = modules.size + MARGIN_MODULES * 2;
  if (r.imageSize < total) throw new RangeError(`image_size must be at least ${total} pixels for this content.`);
  const png = new PNG({ width: r.imageSize, height: r.imageSize, colorType: 6 });
  const logoStart = Math.floor((r.imageSize - r.logoSize) / 2);
  const logoEnd = logoStart + r.logoSize;
  const border = Math.max(1, Math.round(r.logoSize / 12));
  const centre = (r.imageSize - 1) / 2;
  const dotRadius = r.logoSize / 4;
  for (let y = 0; y < r.imageSize; y += 1) {
    const row = Math.floor((y * total) / r.imageSize) - MARGIN_MODULES;
    for (let x = 0; x < r.imageSize; x += 1) {
      let dark: boolean;
      if (r.logoSize > 0 && x >= logoStart && x < logoEnd && y >= logoStart && y < logoEnd) {
        // The logo: a framed square with a round mark, in the code's own colours.
        const inBorder = x < logoStart + border || x >= logoEnd - border || y < logoStart + border || y >= logoEnd - border;
        dark = inBorder || Math.hypot(x - centre, y - centre) <= dotRadius;
      } else {
        const col = Math.floor((x * total) / r.imageSize) - MARGIN_MODULES;
        dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col) === 1;
      }
      const [red, green, blue] = dark ? r.foreground : r.background;
      const i = (y * r.imageSize + x) * 4;
      png.data[i] = red;
      png.data[i + 1] = green;
      png.data[i + 2] = blue;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

function qrError(c: Context, description: string): Response {
  return c.json({ status: 'ERROR', error: 'invalid_request', error_description: description }, 400);
}

export function mountQrGenerator(app: Hono): void {
  app.get('/generator', (c) => {
    const parsed = parseQrRequest(c.req.query());
    if (!parsed.ok) return qrError(c, parsed.description);
    let png: Buffer;
    try {
      png = renderQrPng(parsed.request);
    } catch (err) {
      // qrcode throws when the content exceeds a QR symbol's capacity; either way the request was unanswerable.
      return qrError(c, err instanceof Error ? err.message : 'The content cannot be encoded.');
    }
    if (parsed.request.responseType === 'json') {
      return c.json({ status: 'OK', data: `data:image/png;base64,${png.toString('base64')}` });
    }
    return c.body(new Uint8Array(png), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' });
  });
}

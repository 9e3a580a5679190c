import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { QrJsonSchema } from '../../shared/service/auth';
import { loopTurnsDuring, withSandbox } from './helpers';

const fx = withSandbox();
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function generator(params: Record<string, string>): Promise<Response> {
  return fetch(`${fx.sb.urls.qr}/generator?${new URLSearchParams(params).toString()}`);
}

const content = 'http://127.0.0.1:1/oauth2/authorize?response_type=device&user_code=BCDF-GHJK';

function pixel(png: PNG, x: number, y: number): [number, number, number] {
  const i = (y * png.width + x) * 4;
  return [png.data[i] ?? -1, png.data[i + 1] ?? -1, png.data[i + 2] ?? -1];
}

describe('QR generator', () => {
  it('answers a PNG of exactly image_size pixels', async () => {
    for (const size of [150, 301, 512]) {
      const res = await generator({ content, image_size: String(size), logo_size: '40', response_type: 'image' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const png = PNG.sync.read(bytes);
      expect([png.width, png.height]).toEqual([size, size]);
    }
  });

  it('uses the requested colours and draws the logo square in the centre', async () => {
    const res = await generator({
      content,
      image_size: '300',
      logo_size: '60',
      response_type: 'image',
      foreground_color: '1a237e',
      background_color: 'fffde7',
    });
    const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
    expect(pixel(png, 0, 0)).toEqual([0xff, 0xfd, 0xe7]);
    // The logo's frame is foreground; just inside it, background.
    expect(pixel(png, 120, 150)).toEqual([0x1a, 0x23, 0x7e]);
    expect(pixel(png, 128, 130)).toEqual([0xff, 0xfd, 0xe7]);
  });

  it('draws a code a phone can read, at any size and with the largest logo allowed', async () => {
    for (const [size, logo, text] of [
      [150, 0, content],
      [301, 90, content],
      [1024, 307, `${content}&${'x'.repeat(400)}`],
    ] as const) {
      const res = await generator({ content: text, image_size: String(size), logo_size: String(logo), response_type: 'image' });
      const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
      expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data, `${size} px, logo ${logo}`).toBe(text);
    }
  });

  it('the event loop keeps turning while a 2048 px code is drawn', async () => {
    const { result, turns } = await loopTurnsDuring(async () => {
      const res = await generator({ content: `${content}&turns`, image_size: '2048', logo_size: '600', response_type: 'image' });
      return Buffer.from(await res.arrayBuffer());
    });
    expect(PNG.sync.read(result).width).toBe(2048);
    // The request itself takes a few turns; drawing 4 million pixels on the loop would leave no room for more.
    expect(turns).toBeGreaterThan(100);
  });

  it('answers JSON with a base64 PNG data URI', async () => {
    const res = await generator({ content, image_size: '200', logo_size: '0', response_type: 'json' });
    expect(res.status).toBe(200);
    const json = QrJsonSchema.parse(await res.json());
    expect(json.status).toBe('OK');
    const png = PNG.sync.read(Buffer.from(json.data.slice('data:image/png;base64,'.length), 'base64'));
    expect(png.width).toBe(200);
  });

  it('answers 400 with a JSON error for each missing or invalid parameter', async () => {
    const good = { content, image_size: '200', logo_size: '20', response_type: 'image' };
    const cases: Record<string, string>[] = [
      { ...good, content: '' },
      { image_size: '200', logo_size: '20', response_type: 'image' },
      { ...good, image_size: 'big' },
      { ...good, image_size: '5000' },
      { ...good, logo_size: '-1' },
      { ...good, logo_size: '150' },
      { ...good, response_type: 'svg' },
      { ...good, foreground_color: 'blue' },
      { ...good, background_color: '#12345' },
      { ...good, content: 'x'.repeat(900), image_size: '40' },
    ];
    for (const params of cases) {
      const res = await generator(params);
      expect(res.status, JSON.stringify(params).slice(0, 80)).toBe(400);
      const body = (await res.json()) as { status: string; error: string; error_description: string };
      expect(body.status).toBe('ERROR');
      expect(body.error).toBe('invalid_request');
      expect(body.error_description.length).toBeGreaterThan(0);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { CatalogError } from '../../../../main/core/catalog/errors';
import { qrMatrix, remoteQrDataUrl } from '../../../../main/core/qr';
import { fakeFetch, json } from '../catalog/fakeFetch';

function at(qr: { size: number; modules: string }, row: number, col: number): string {
  return qr.modules.charAt(row * qr.size + col);
}

/** The 7×7 finder pattern: a dark ring, a light ring, a dark 3×3 core. */
function finderAt(qr: { size: number; modules: string }, top: number, left: number): string[] {
  return Array.from({ length: 7 }, (_, r) => Array.from({ length: 7 }, (_, c) => at(qr, top + r, left + c)).join(''));
}

const FINDER = ['1111111', '1000001', '1011101', '1011101', '1011101', '1000001', '1111111'];

describe('qrMatrix', () => {
  it('encodes short text as a version 1 symbol of 21×21 modules', () => {
    const qr = qrMatrix('HELLO WORLD');
    expect(qr.size).toBe(21);
    expect(qr.modules).toMatch(/^[01]+$/);
    expect(qr.modules).toHaveLength(21 * 21);
  });

  it('draws the three finder patterns in the corners, and none bottom-right', () => {
    const qr = qrMatrix('https://auth.example.test/oauth2/authorize?response_type=device&user_code=ABCD-EFGH');
    const far = qr.size - 7;
    expect(finderAt(qr, 0, 0)).toEqual(FINDER);
    expect(finderAt(qr, 0, far)).toEqual(FINDER);
    expect(finderAt(qr, far, 0)).toEqual(FINDER);
    expect(finderAt(qr, far, far)).not.toEqual(FINDER);
    // The separator beside the top-left finder is light.
    expect(Array.from({ length: 8 }, (_, i) => at(qr, 7, i)).join('')).toBe('00000000');
  });

  it('grows with the content', () => {
    expect(qrMatrix('x'.repeat(200)).size).toBeGreaterThan(qrMatrix('x').size);
  });
});

describe('remoteQrDataUrl', () => {
  const png = 'data:image/png;base64,iVBORw0KGgo=';

  it('asks the generator for JSON with the content and sizes, and returns the data URI', async () => {
    const fake = fakeFetch(() => json({ status: 'OK', data: png }));
    const url = await remoteQrDataUrl({ fetch: fake.fetch, qrBase: 'https://qr.example.test/', content: 'https://a.test/?x=1&y=2', imageSize: 300 });
    expect(url).toBe(png);
    const sent = fake.requests[0]?.url;
    expect(sent?.pathname).toBe('/generator');
    expect(sent?.searchParams.get('content')).toBe('https://a.test/?x=1&y=2');
    expect(sent?.searchParams.get('image_size')).toBe('300');
    expect(sent?.searchParams.get('logo_size')).toBe('0');
    expect(sent?.searchParams.get('response_type')).toBe('json');
  });

  it('refuses an answer that is not a PNG data URI', async () => {
    const fake = fakeFetch(() => json({ status: 'OK', data: 'javascript:alert(1)' }));
    const error: unknown = await remoteQrDataUrl({ fetch: fake.fetch, qrBase: 'https://qr.example.test', content: 'x', imageSize: 300 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CatalogError);
    expect(error).toMatchObject({ kind: 'invalid-response' });
  });
});

import { describe, expect, it } from 'vitest';
import { CatalogError } from '../../main/core/catalog/errors';
import { remoteQrDataUrl } from '../../main/core/qr';
import { withSandbox } from '../sandbox/helpers';

const ctx = withSandbox();
const content = 'http://127.0.0.1/oauth2/authorize?response_type=device&user_code=ABCD-EFGH';

describe('QR codes against the sandbox', () => {
  it('gets a PNG data URI from the service’s generator', async () => {
    const dataUrl = await remoteQrDataUrl({ fetch, qrBase: ctx.sb.urls.qr, content, imageSize: 300, logoSize: 40 });
    expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const request = ctx.sb.control.requestLog().findLast((r) => r.path === '/generator');
    expect(request).toBeDefined();
  });

  it('reports the generator’s refusal as an error, not as a picture', async () => {
    const error: unknown = await remoteQrDataUrl({ fetch, qrBase: ctx.sb.urls.qr, content, imageSize: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogError);
    expect(error).toMatchObject({ retryable: false });
  });

});

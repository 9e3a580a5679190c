import { describe, expect, it, vi } from 'vitest';
import { createQrCodes } from '../../../../../main/core/features/pairing/qrCodes';
import type { AuthState } from '../../../../../shared/bridge';
import { memoryLogger } from '../../support/fakes';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

function pairing(qr: ReturnType<ReturnType<typeof createQrCodes>['draw']>): AuthState {
  return {
    status: 'pairing',
    code: { userCode: 'BCDF-GHJK', verificationUrl: 'https://x.test/d', shortVerificationUrl: undefined, qr, expiresAt: 0 },
    poll: 'waiting',
    retryAt: undefined,
    renewals: 0,
  };
}

describe('pairing QR codes', () => {
  it('draws locally and asks no generator when none is configured', () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    const qr = createQrCodes({ fetch, generatorUrl: undefined, logger: memoryLogger(), changed: () => undefined });
    const matrix = qr.draw('https://x.test/authorize?user_code=BCDF-GHJK');
    expect(matrix.modules).toHaveLength(matrix.size * matrix.size);
    expect(qr.withImage(pairing(matrix))).toEqual(pairing(matrix));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the generator's image once it answers, and says the state changed", async () => {
    const requests: string[] = [];
    let changed = 0;
    const qr = createQrCodes({
      fetch: async (url) => {
        requests.push(url);
        return new Response(JSON.stringify({ status: 'OK', data: PNG }), { headers: { 'content-type': 'application/json' } });
      },
      generatorUrl: 'https://qr.example.test',
      logger: memoryLogger(),
      changed: () => (changed += 1),
    });
    const matrix = qr.draw('https://x.test/authorize?user_code=BCDF-GHJK');
    await vi.waitFor(() => expect(changed).toBe(1));
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0] ?? '').searchParams.get('content')).toBe('https://x.test/authorize?user_code=BCDF-GHJK');
    const shown = qr.withImage(pairing(matrix));
    expect(shown.status === 'pairing' && shown.code.qrImage).toBe(PNG);
  });

  it('keeps the local drawing when the generator fails, and logs why', async () => {
    const logger = memoryLogger();
    const qr = createQrCodes({
      fetch: () => Promise.reject(new TypeError('fetch failed')),
      generatorUrl: 'https://qr.example.test',
      logger,
      changed: () => undefined,
    });
    const matrix = qr.draw('text');
    await vi.waitFor(() => expect(logger.lines.some((l) => l.level === 'warn')).toBe(true));
    const shown = qr.withImage(pairing(matrix));
    expect(shown.status === 'pairing' && shown.code.qrImage).toBeUndefined();
  });

  it('draws any QR the screen asks for, and refuses what is not text', async () => {
    const qr = createQrCodes({ fetch: vi.fn(), generatorUrl: undefined, logger: memoryLogger(), changed: () => undefined });
    const drawn = await qr.handlers.qrCode('https://www.example.test/track/t1');
    expect(drawn.ok && drawn.value.size).toBeGreaterThan(20);
    expect((await qr.handlers.qrCode('')).ok).toBe(false);
    expect((await qr.handlers.qrCode(7 as never)).ok).toBe(false);
  });
});

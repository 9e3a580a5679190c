/** QR module matrices built on a worker thread, and built on the loop instead when that worker cannot run. */
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { MatrixWorker, type MatrixResult } from '../../sandbox/images/qrMatrix';

const content = 'http://127.0.0.1:1/oauth2/authorize?response_type=device&user_code=BCDF-GHJK';

function expected(text: string): { size: number; data: number[] } {
  const modules = QRCode.create(text, { errorCorrectionLevel: 'H' }).modules;
  return { size: modules.size, data: Array.from(modules.data) };
}

function plain(result: MatrixResult): { size: number; data: number[] } | string {
  return result.ok ? { size: result.matrix.size, data: Array.from(result.matrix.data) } : result.reason;
}

describe('QR matrices', () => {
  it('the worker builds the same matrix qrcode builds, for many codes at once', async () => {
    const broken: string[] = [];
    const worker = new MatrixWorker((reason) => broken.push(reason));
    const texts = Array.from({ length: 12 }, (_, i) => `${content}${i}`);
    const results = await Promise.all(texts.map((t) => worker.build(t)));
    results.forEach((r, i) => expect(plain(r)).toEqual(expected(texts[i] ?? '')));
    expect(broken).toEqual([]);
  });

  it('says why content that fits no symbol cannot be drawn', async () => {
    const result = await new MatrixWorker(() => undefined).build('x'.repeat(3000));
    expect(result.ok).toBe(false);
    expect(plain(result)).toMatch(/amount of data is too big|too big/i);
  });

  it('a worker that cannot start leaves the matrices to the loop, said once', async () => {
    const broken: string[] = [];
    const worker = new MatrixWorker((reason) => broken.push(reason), "throw new Error('no worker here');");
    const first = await worker.build(content);
    const second = await worker.build(`${content}2`);
    expect(plain(first)).toEqual(expected(content));
    expect(plain(second)).toEqual(expected(`${content}2`));
    expect(broken).toHaveLength(1);
    expect(broken[0]).toContain('no worker here');
  });
});

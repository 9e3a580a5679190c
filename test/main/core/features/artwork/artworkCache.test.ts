import { describe, expect, it } from 'vitest';
import { createArtworkCache } from '../../../../../main/core/features/artwork/artworkCache';
import { memoryLogger } from '../../support/fakes';
import { memoryArtworkFiles } from './memoryArtworkFiles';

const key = (c: string): string => c.repeat(64);
const jpeg = (n: number, fill = 7) => ({ bytes: new Uint8Array(n).fill(fill), type: 'image/jpeg' });

function cache(maxBytes: number) {
  const files = memoryArtworkFiles();
  return { files, cache: createArtworkCache({ files, logger: memoryLogger(), maxBytes }) };
}

describe('the picture cache', () => {
  it('a picture kept again (the same, or a new copy of another type) counts its bytes once, so nothing else goes early', async () => {
    const { files, cache: c } = cache(1000);
    await c.put(key('a'), jpeg(400));
    await c.put(key('b'), jpeg(400));
    for (let i = 0; i < 3; i++) await c.put(key('a'), jpeg(400, i));
    await c.put(key('a'), { bytes: new Uint8Array(400), type: 'image/png' });
    // 400 + 400 + 150 fits the bound: all three stay.
    await c.put(key('c'), jpeg(150));
    expect([...files.data.keys()].sort()).toEqual([`${key('a')}.png`, `${key('b')}.jpg`, `${key('c')}.jpg`]);
    expect((await c.get(key('b')))?.bytes.byteLength).toBe(400);
    expect((await c.get(key('a')))?.type).toBe('image/png');
    // And the bound still holds: one more pushes out the least recently drawn (c, drawn before b and a were read).
    await c.put(key('d'), jpeg(100));
    expect([...files.data.keys()].sort()).toEqual([`${key('a')}.png`, `${key('b')}.jpg`, `${key('d')}.jpg`]);
  });

  it('a picture larger than the bound is not written, and the pictures kept stay', async () => {
    const { files, cache: c } = cache(1000);
    await c.put(key('a'), jpeg(400));
    await c.put(key('b'), jpeg(400));
    await c.put(key('e'), jpeg(1001));
    expect([...files.data.keys()].sort()).toEqual([`${key('a')}.jpg`, `${key('b')}.jpg`]);
    expect(await c.get(key('e'))).toBeUndefined();
    expect((await c.get(key('a')))?.bytes.byteLength).toBe(400);
    // One that fits the bound exactly is kept, alone.
    await c.put(key('f'), jpeg(1000));
    expect([...files.data.keys()]).toEqual([`${key('f')}.jpg`]);
  });
});

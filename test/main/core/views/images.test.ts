import { describe, expect, it } from 'vitest';
import { pickImage } from '../../../../shared/images';

const sizes = (...widths: number[]) => widths.map((w) => ({ url: `https://img.example.test/${w}`, width: w, height: w }));

describe('pickImage', () => {
  it('picks the smallest image that is sharp at the rendered size', () => {
    expect(pickImage(sizes(1000, 300, 600), 250)?.width).toBe(300);
    expect(pickImage(sizes(1000, 300, 600), 301)?.width).toBe(600);
  });
  it('accounts for the device pixel ratio', () => {
    expect(pickImage(sizes(300, 600, 1000), 250, 2)?.width).toBe(600);
    expect(pickImage(sizes(300, 600, 1000), 250, 1.5)?.width).toBe(600);
  });
  it('falls back to the largest when none is big enough', () => {
    expect(pickImage(sizes(160, 300), 1920)?.width).toBe(300);
  });
  it('prefers images of known width and handles none at all', () => {
    expect(pickImage([{ url: 'u0', width: 0, height: 0 }, ...sizes(160)], 100)?.url).toBe('https://img.example.test/160');
    expect(pickImage([{ url: 'u0', width: 0, height: 0 }], 100)?.url).toBe('u0');
    expect(pickImage([], 100)).toBeUndefined();
  });
  it('treats a nonsense pixel ratio as 1', () => {
    expect(pickImage(sizes(300, 600), 250, 0)?.width).toBe(300);
  });
});

import { describe, expect, it } from 'vitest';
import { gridNeighbour } from '../../renderer/src/components/TileGrid';

describe('gridNeighbour (a grid of 14 tiles, 6 a line)', () => {
  const next = (index: number, direction: 'left' | 'right' | 'up' | 'down') => gridNeighbour(index, 14, 6, direction);

  it('moves along a line and stops at its ends, where focus leaves the grid', () => {
    expect(next(0, 'right')).toBe(1);
    expect(next(5, 'right')).toBeUndefined();
    expect(next(6, 'left')).toBeUndefined();
    expect(next(7, 'left')).toBe(6);
    expect(next(13, 'right')).toBeUndefined();
  });

  it('moves up and down in the same column', () => {
    expect(next(1, 'down')).toBe(7);
    expect(next(7, 'down')).toBe(13);
    expect(next(13, 'up')).toBe(7);
    expect(next(2, 'up')).toBeUndefined();
  });

  it('lands on the last tile when the line below is too short for the column', () => {
    expect(next(10, 'down')).toBe(13);
    expect(next(13, 'down')).toBeUndefined();
  });
});

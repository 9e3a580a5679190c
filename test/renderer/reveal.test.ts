// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onRevealScrolled, revealFocused } from '../../renderer/src/components/Tile';

/** Frames run only when the test says so, as the browser would draw them after a press. */
let frames: FrameRequestCallback[] = [];
function nextFrame(): void {
  const due = frames;
  frames = [];
  for (const callback of due) callback(performance.now());
}

beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  document.body.innerHTML = '';
});
afterEach(() => {
  // Frames the test left waiting are drawn, so the next test starts with none requested.
  while (frames.length > 0) nextFrame();
  vi.unstubAllGlobals();
});

/** A row of `count` tiles at `top`, 100 px apart: from the eleventh on, they reach past the window's right edge (1024 px). */
function row(top: number, count: number): (index: number) => HTMLButtonElement {
  const track = document.createElement('div');
  document.body.append(track);
  const tiles = Array.from({ length: count }, (_, i) => {
    const tile = document.createElement('button');
    tile.getBoundingClientRect = () => new DOMRect(i * 100, top, 90, 90);
    tile.scrollIntoView = vi.fn();
    track.append(tile);
    return tile;
  });
  return (index) => {
    const tile = tiles[index];
    if (tile === undefined) throw new Error(`No tile ${index} in this row.`);
    return tile;
  };
}

function reveal(tile: HTMLButtonElement): void {
  revealFocused(tile);
  nextFrame();
}

describe('revealFocused', () => {
  it('scrolls nothing for the next tile along a row when it is drawn whole, and draws no frame for it', () => {
    const tile = row(300, 3);
    reveal(tile(0));
    nextFrame();
    reveal(tile(1));
    expect(frames).toHaveLength(0);
    expect(tile(1).scrollIntoView).not.toHaveBeenCalled();
  });

  it('brings a tile of another row to its place in the frame after the one that shows it', () => {
    const above = row(100, 3)(0);
    const below = row(300, 3)(0);
    reveal(above);
    nextFrame();
    reveal(below);
    expect(below.scrollIntoView).not.toHaveBeenCalled();
    nextFrame();
    expect(below.scrollIntoView).toHaveBeenCalledWith({ behavior: 'instant', block: 'center', inline: 'nearest' });
  });

  it('scrolls a tile cut off at the edge in the frame that shows it, along a row too', () => {
    const tile = row(300, 12);
    reveal(tile(8));
    nextFrame();
    const cutOff = tile(10);
    expect(cutOff.getBoundingClientRect().right).toBeGreaterThan(window.innerWidth);
    reveal(cutOff);
    expect(cutOff.scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('tells its listeners in the frame it scrolls in, after the scroll, and none after they stop listening', () => {
    const calls: string[] = [];
    const listener = vi.fn(() => calls.push('listener'));
    const stop = onRevealScrolled(listener);
    // Cut off at the window's right edge: scrolled in the frame that shows it.
    const cutOff = row(300, 12)(10);
    cutOff.scrollIntoView = vi.fn(() => void calls.push('scroll'));
    revealFocused(cutOff);
    expect(listener).not.toHaveBeenCalled();
    nextFrame();
    expect(calls).toEqual(['scroll', 'listener']);
    stop();
    reveal(cutOff);
    expect(calls).toEqual(['scroll', 'listener', 'scroll']);
  });
});

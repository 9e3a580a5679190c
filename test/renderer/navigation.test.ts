// @vitest-environment jsdom
import type { FocusableComponent } from '@noriginmedia/norigin-spatial-navigation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beforeNextFrame, lazyLayout, listNavigation } from '../../renderer/src/input/navigation';

afterEach(() => vi.unstubAllGlobals());

function component(focusKey: string): FocusableComponent {
  return { focusKey } as FocusableComponent;
}

describe('list navigation', () => {
  const keys = ['a', 'b', 'c', 'd'];
  const siblings = keys.map(component);
  const horizontal = listNavigation('horizontal', () => keys);

  it('goes to the neighbour in order along the list', () => {
    expect(horizontal('right', 'b', siblings)?.focusKey).toBe('c');
    expect(horizontal('left', 'b', siblings)?.focusKey).toBe('a');
  });

  it('leaves the list at its ends and across it (the parent navigates)', () => {
    expect(horizontal('right', 'd', siblings)).toBeNull();
    expect(horizontal('left', 'a', siblings)).toBeNull();
    expect(horizontal('up', 'b', siblings)).toBeNull();
    expect(horizontal('down', 'b', siblings)).toBeNull();
  });

  it('passes over entries that have nothing registered to focus', () => {
    const withoutC = siblings.filter((s) => s.focusKey !== 'c');
    expect(horizontal('right', 'b', withoutC)?.focusKey).toBe('d');
  });

  it('runs along the other axis for a vertical list', () => {
    const vertical = listNavigation('vertical', () => keys);
    expect(vertical('down', 'a', siblings)?.focusKey).toBe('b');
    expect(vertical('up', 'a', siblings)).toBeNull();
    expect(vertical('right', 'a', siblings)).toBeNull();
  });
});

describe('lazy layout', () => {
  it('measures nothing until read, then once', () => {
    const node = document.createElement('div');
    const measure = vi.spyOn(node, 'getBoundingClientRect').mockReturnValue(new DOMRect(10, 20, 30, 40));
    const layout = lazyLayout(node);
    expect(layout.node).toBe(node);
    expect(measure).not.toHaveBeenCalled();
    expect([layout.left, layout.top, layout.right, layout.bottom, layout.width, layout.height]).toEqual([10, 20, 40, 60, 30, 40]);
    expect(measure).toHaveBeenCalledTimes(1);
  });
});

describe('before the next frame', () => {
  it('runs the latest work of each slot once, in the next animation frame', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const done: string[] = [];
    beforeNextFrame('focus', () => done.push('focus 1'));
    beforeNextFrame('reveal', () => done.push('reveal 1'));
    beforeNextFrame('focus', () => done.push('focus 2'));
    expect(done).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    expect(done).toEqual(['focus 2', 'reveal 1']);
    beforeNextFrame('reveal', () => done.push('reveal 2'));
    expect(frames).toHaveLength(2);
    frames[1]?.(16);
    expect(done).toEqual(['focus 2', 'reveal 1', 'reveal 2']);
  });
});

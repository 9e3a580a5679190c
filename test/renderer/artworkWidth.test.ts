// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { FakeResizeObserver } from './fakeResizeObserver';

vi.stubGlobal('ResizeObserver', FakeResizeObserver);
const { observeWidth } = await import('../../renderer/src/components/Artwork');

describe('artwork box widths', () => {
  it('are watched until known, then again only after the window changes size', () => {
    const box = document.createElement('div');
    const widths: number[] = [];
    const stop = observeWidth(box, (w) => widths.push(w));
    const observer = [...FakeResizeObserver.live].at(-1);
    if (observer === undefined) throw new Error('no observer');
    expect(observer.targets.has(box)).toBe(true);

    // Not laid out yet (a row off screen): no width, still watched.
    observer.deliver(box, 0);
    expect(observer.targets.has(box)).toBe(true);
    // Laid out: its width is told, and it is no longer checked in every frame.
    observer.deliver(box, 272);
    expect(widths).toEqual([0, 272]);
    expect(observer.targets.has(box)).toBe(false);

    // The window changes size: watched again until its new width is known.
    window.dispatchEvent(new Event('resize'));
    expect(observer.targets.has(box)).toBe(true);
    observer.deliver(box, 181);
    expect(widths).toEqual([0, 272, 181]);
    expect(observer.targets.has(box)).toBe(false);

    // Gone: a resize no longer brings it back.
    stop();
    window.dispatchEvent(new Event('resize'));
    expect(observer.targets.has(box)).toBe(false);
  });
});

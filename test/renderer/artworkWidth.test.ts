// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeResizeObserver } from './fakeResizeObserver';

vi.stubGlobal('ResizeObserver', FakeResizeObserver);
const { Artwork, observeWidth } = await import('../../renderer/src/components/Artwork');

afterEach(cleanup);

describe('artwork box widths', () => {
  it('are watched until known, then again only after the window changes size', () => {
    const box = document.createElement('div');
    const widths: number[] = [];
    const stop = observeWidth(box, (w) => widths.push(w));
    const observer = FakeResizeObserver.newest();
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

describe('artwork', () => {
  it('asks for no picture before its box is measured, then for the one of the drawn size at once, not lazily', () => {
    const images = [300, 600, 1000].map((side) => ({ width: side, height: side, url: `http://127.0.0.1:9/artwork/${side}.jpg` }));
    const { container } = render(createElement(Artwork, { images, title: 'Morning Focus' }));
    const box = container.querySelector('.art');
    if (box === null) throw new Error('no artwork box');
    // Not measured yet (a row off screen): nothing is asked for, the placeholder shows the initial.
    expect(container.querySelector('img')).toBeNull();
    expect(box.querySelector('.art-initial')?.getAttribute('data-initial')).toBe('M');

    const observer = FakeResizeObserver.newest();
    act(() => observer.deliver(box, 272));
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('http://127.0.0.1:9/artwork/300.jpg');
    // A lazy picture would be asked for by the browser's visibility check in a later frame, usually one answering a
    // remote press; rendered, it is asked for now.
    expect(img?.getAttribute('loading')).not.toBe('lazy');
  });
});


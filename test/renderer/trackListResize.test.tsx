// @vitest-environment jsdom
/**
 * A track list that gets shorter or taller while focus stays on a track (the offline notice takes a strip below the
 * screen, the TV changes resolution) scrolls to keep that track in view, even when the rows in view stay the same:
 * the case where the virtualizer says nothing of the new size.
 */
import { cleanup, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowTiles } from '../../renderer/dev/fakeData';
import { TRACK_ROW_REM } from '../../renderer/src/screens/detail/TrackList';
import { FakeResizeObserver } from './fakeResizeObserver';
import { expectFocus, press, renderApp } from './helpers';

/** jsdom lays nothing out: the list's height is this, and only resize observers tell the page it changed. */
let listHeight = 1400;
const scrollTops = new WeakMap<Element, number>();
const originalObserver = globalThis.ResizeObserver;
beforeAll(() => {
  const size = (fallback: number, listSize: () => number) =>
    function (this: HTMLElement): number {
      return this.classList.contains('track-list') ? listSize() : fallback;
    };
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: size(0, () => listHeight) });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: size(0, () => 1200) });
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get(this: HTMLElement): number {
      return scrollTops.get(this) ?? 0;
    },
    set(this: HTMLElement, value: number) {
      scrollTops.set(this, value);
    },
  });
  if (typeof HTMLElement.prototype.scrollTo !== 'function') {
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: () => undefined });
  }
  globalThis.ResizeObserver = FakeResizeObserver;
});
afterAll(() => {
  for (const property of ['clientHeight', 'clientWidth', 'scrollTop']) Reflect.deleteProperty(HTMLElement.prototype, property);
  globalThis.ResizeObserver = originalObserver;
});
afterEach(() => {
  cleanup();
  listHeight = 1400;
});

function trackList(): HTMLElement {
  const list = document.querySelector<HTMLElement>('.track-list');
  if (list === null) throw new Error('no track list on screen');
  return list;
}

/** Where the list scrolls to centre track `index` in a list `height` pixels high (jsdom's root size is 16 px). */
function centred(index: number, height: number): number {
  const row = Math.round(16 * TRACK_ROW_REM);
  const pad = Math.round((row / TRACK_ROW_REM) * 0.75);
  return pad + index * row + row / 2 - height / 2;
}

describe('a track list that changes height', () => {
  it('keeps the focused track centred when it gets shorter and again when it gets taller, and only then', async () => {
    const chart = rowTiles('charts', 'TW')[0];
    if (chart?.ref === undefined) throw new Error('fake data has a chart');
    renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref: chart.ref, title: chart.title }] });
    await expectFocus('track:0');
    for (let i = 0; i < 20; i++) await press('down');
    await expectFocus('track:20');
    await waitFor(() => expect(trackList().scrollTop).toBe(centred(20, 1400)));

    // A notice takes a strip of the screen, less than a row high: the rows in view stay the same.
    listHeight = 1385;
    for (const observer of [...FakeResizeObserver.live]) observer.deliver(trackList());
    await waitFor(() => expect(trackList().scrollTop).toBe(centred(20, 1385)));

    listHeight = 1400;
    for (const observer of [...FakeResizeObserver.live]) observer.deliver(trackList());
    await waitFor(() => expect(trackList().scrollTop).toBe(centred(20, 1400)));

    // The viewer scrolled the list with a wheel; a change of width only keeps where they scrolled to.
    trackList().scrollTop = 5;
    for (const observer of [...FakeResizeObserver.live]) observer.deliver(trackList());
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(trackList().scrollTop).toBe(5);
  });
});

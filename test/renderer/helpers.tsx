import { getCurrentFocusKey } from '@noriginmedia/norigin-spatial-navigation';
import { act, render, waitFor, type RenderResult } from '@testing-library/react';
import { createFakeBridge, type FakeBridge, type FakeOptions } from '../../renderer/dev/fakeBridge';
import { rowTiles } from '../../renderer/dev/fakeData';
import { App } from '../../renderer/src/App';
import { intents } from '../../renderer/src/input/intents';
import type { UiIntent } from '../../renderer/src/input/keymap';
import type { Screen } from '../../renderer/src/store/navStore';
import type { DetailRef } from '../../shared/bridge';
import { beforeAll } from 'vitest';

// Settings and the detail pages are chunks of their own (lazyScreens.ts). Loaded here, before any test of the file
// runs, their modules are not first transformed inside a test's wait for the screen to open (one second by default):
// on a loaded machine that made the first detail page of a file too late for it.
beforeAll(async () => {
  await Promise.all([import('../../renderer/src/screens/detail/Detail'), import('../../renderer/src/screens/Settings')]);
});

export interface Rendered extends RenderResult {
  fake: FakeBridge;
  /** How many times "Leave" asked the shell to quit. */
  quits: () => number;
}

export function renderApp(options: FakeOptions & { screens?: Screen[] } = {}): Rendered {
  const fake = createFakeBridge(options);
  const state = { quits: 0 };
  const quit = (): void => {
    state.quits++;
  };
  const result = render(<App bridge={fake.bridge} quit={quit} initialScreens={options.screens} />);
  return Object.assign(result, { fake, quits: () => state.quits });
}

export async function press(intent: UiIntent): Promise<void> {
  await act(async () => {
    intents.dispatch(intent);
    await Promise.resolve();
  });
}

/** Waits until the spatial navigation has settled focus on `key`. */
export async function expectFocus(key: string | RegExp): Promise<void> {
  await waitFor(() => {
    const now = getCurrentFocusKey();
    if (typeof key === 'string' ? now !== key : !key.test(now)) throw new Error(`focus is on ${now}, expected ${String(key)}`);
  });
}

/**
 * A screen's own first focus (Home's first tile, Settings' territory) has landed: a test that moves focus before then
 * can see it taken back when the screen's focus lands after, as no person could.
 */
export const SCREEN_FOCUS = { home: /^tile:/, settings: /^territory:/ } as const;

/**
 * jsdom lays nothing out: gives track lists the height they have on a 1080p screen, so the virtualiser renders rows.
 * Returns the function that takes it back (for afterAll).
 */
export function sizeTrackLists(): () => void {
  const listSize = (fallback: number, size: number) =>
    function (this: HTMLElement): number {
      return this.classList.contains('track-list') ? size : fallback;
    };
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: listSize(0, 1400) });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: listSize(0, 1200) });
  if (typeof HTMLElement.prototype.scrollTo !== 'function') {
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: () => undefined });
  }
  return () => {
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  };
}

/** The focus key of the tile `tileKey` in Home's (or a detail's) row `rowKey`. */
export function tileKey(rowKey: string, key: string | undefined): string {
  return `tile:${rowKey}:${key ?? ''}`;
}

/** A tile's accessible name, which starts with its title and goes on to say where it is ("…, Charts, 3 of 24"). */
export function tileNamed(title: string): RegExp {
  return new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `);
}

/** The fake catalog's second Taiwan chart: a detail the tests open as a phone's Show on TV or the remote would. */
export function fakeChart(): { ref: DetailRef; title: string } {
  const tile = rowTiles('charts', 'TW')[1];
  if (tile?.ref === undefined) throw new Error('fake chart');
  return { ref: tile.ref, title: tile.title };
}

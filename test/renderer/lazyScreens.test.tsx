// @vitest-environment jsdom
import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { act, cleanup, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rowTiles } from '../../renderer/dev/fakeData';
import { lazyScreen } from '../../renderer/src/screens/lazyScreens';
import type * as LazyScreens from '../../renderer/src/screens/lazyScreens';
import { expectFocus, press, renderApp, tileKey } from './helpers';

/** The detail pages' chunk, held back until a test lets it arrive (a slow disk, a preload not yet done). */
const chunk = vi.hoisted(() => {
  let arrive = (): void => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});

vi.mock('../../renderer/src/screens/lazyScreens', async (importOriginal) => {
  const actual = await importOriginal<typeof LazyScreens>();
  const detail = actual.lazyScreen(async () => {
    await chunk.arrived;
    return (await import('../../renderer/src/screens/detail/Detail')).Detail;
  });
  return { ...actual, Detail: detail.Screen, preloadScreens: () => undefined };
});

/** Roots renderNow made, unmounted after each test as cleanup() does with render's. */
const roots: Root[] = [];
afterEach(() => {
  cleanup();
  for (const root of roots.splice(0)) act(() => root.unmount());
});

function deferred<T>() {
  let resolve = (_value: T): void => undefined;
  let reject = (_error: unknown): void => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;

/** Renders `node` synchronously into a fresh container: what the first commit shows, before any retry. */
function renderNow(node: ReactNode): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  roots.push(root);
  flushSync(() => root.render(<Suspense fallback={<p>waiting</p>}>{node}</Suspense>));
  return container;
}

describe('lazyScreen', () => {
  it('a screen whose chunk has arrived is drawn in the render that asks for it, without a fallback first', async () => {
    const { Screen, preload } = lazyScreen(() => Promise.resolve(Hello));
    preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(renderNow(<Screen name="chart" />).textContent).toBe('hello chart');
  });

  it('shows the fallback while its chunk is on its way, then the screen', async () => {
    const load = deferred<typeof Hello>();
    const { Screen } = lazyScreen(() => load.promise);
    const container = renderNow(<Screen name="album" />);
    expect(container.textContent).toBe('waiting');
    await act(async () => load.resolve(Hello));
    await vi.waitFor(() => expect(container.textContent).toBe('hello album'));
  });

  it('a chunk that failed to load is asked for again the next time the screen renders', async () => {
    const load = vi.fn<() => Promise<typeof Hello>>().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValue(Hello);
    const { Screen, preload } = lazyScreen(load);
    preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const container = renderNow(<Screen name="artist" />);
    await vi.waitFor(() => expect(container.textContent).toBe('hello artist'));
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a screen still loading', () => {
  it('says it is loading, and Back returns to Home from there: the press is not lost', async () => {
    renderApp({ scenario: 'home', language: 'en' });
    const chart = rowTiles('charts', 'TW')[0];
    const chartKey = tileKey('charts', chart?.key);
    await expectFocus(tileKey('favorites', rowTiles('favorites', 'TW')[0]?.key));
    await act(async () => setFocus(chartKey));
    await press('select');
    expect(await screen.findByText('Loading…')).toBeTruthy();
    expect(document.querySelector('main.home')).toBeNull();

    await press('back');
    await expectFocus(chartKey);
    expect(document.querySelector('main.home')).not.toBeNull();
    // The chunk arriving later does not open the screen that was left.
    await act(async () => chunk.arrive());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { level: 1, name: chart?.title ?? '' })).toBeNull();
    expect(document.querySelector('main.home')).not.toBeNull();
  });
});

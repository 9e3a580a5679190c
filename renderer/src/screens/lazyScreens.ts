/**
 * The screens that are never the first one painted (Settings and every detail page), each in a chunk of its own: a
 * start parses and runs only what Pairing and Home need. Parsing and running the whole renderer before the first
 * render was the largest part of a start on the bench machine (a trace of a warm start: about 230 ms parsing its
 * 485 KB, 160 ms running it). They are fetched in idle time once the first screen is up (`preloadScreens`), so the
 * first press that opens one finds it already there; until a chunk has arrived, the screen shows the loading splash.
 *
 * Not React's `lazy`: a lazy component suspends on its first render even when its chunk has long arrived (it asks for
 * the module only then, and waits a microtask for it), and React then holds the fallback on screen for its minimum of
 * about 300 ms. The first detail opened after a start showed "Starting Tunewall…" for that long, and a Back pressed
 * meanwhile was lost, as the screen that answers it was not there yet. A screen here renders at once once its chunk
 * has arrived, and suspends only while it really is on its way.
 */
import { createElement, use, type ComponentType, type ReactElement } from 'react';

export interface LazyScreen<P extends object> {
  /** The screen: drawn in the same render once its chunk has arrived, suspended (the nearest fallback) until then. */
  Screen: (props: P) => ReactElement;
  /** Fetches the chunk ahead of the first render that needs it. A failure shows when the screen is rendered. */
  preload: () => void;
}

/** A screen whose component `load` fetches; a load that failed is tried again the next time the screen renders. */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // While the chunk is on its way, a child of its own waits for it: once it has arrived, the screen is drawn by Screen
  // itself, and the component that suspended is not rendered again (React asks one that did to suspend every time).
  function Arriving(props: P): ReactElement {
    return createElement(use(start()), props);
  }
  function Screen(props: P): ReactElement {
    return createElement(loaded ?? Arriving, props);
  }
  return { Screen, preload: () => void start().catch(() => undefined) };
}

const detail = lazyScreen(() => import('./detail/Detail').then((module) => module.Detail));
const settings = lazyScreen(() => import('./Settings').then((module) => module.Settings));

export const Detail = detail.Screen;
export const Settings = settings.Screen;

/** Fetches the screens' chunks ahead of the first press that needs them. */
export function preloadScreens(): void {
  detail.preload();
  settings.preload();
}

/**
 * The screens that are never the first one painted (Settings and every detail page), each in a chunk of its own: a
 * start parses and runs only what Pairing and Home need. Parsing and running the whole renderer before the first
 * render was the largest part of a start on the bench machine (a trace of a warm start: about 230 ms parsing its
 * 485 KB, 160 ms running it). They are fetched in idle time once the first screen is up (`preloadScreens`), so the
 * first press that opens one finds it already there; until a chunk has arrived, the screen shows the loading splash.
 */
import { lazy } from 'react';

const detail = () => import('./detail/Detail');
const settings = () => import('./Settings');

export const Detail = lazy(() => detail().then((module) => ({ default: module.Detail })));
export const Settings = lazy(() => settings().then((module) => ({ default: module.Settings })));

/** Fetches the screens' chunks ahead of the first press that needs them. A failure shows when the screen is opened. */
export function preloadScreens(): void {
  for (const load of [detail, settings]) load().catch(() => undefined);
}

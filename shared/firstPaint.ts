/** The first screen the kiosk shell draws into the page: the contract between the shell and the renderer's drawing. */
import type { BootView, Language } from './bridge';

/**
 * The kiosk shell draws the first screen into index.html from the boot view, with the renderer's own components
 * (renderer/src/firstPaint.tsx, built apart into out/first-paint/), so the pairing code or Home is painted before the
 * page's script has even been parsed; the script then takes that markup over (hydration) instead of drawing it again.
 */
export type RenderFirstScreen = (view: BootView) => FirstScreen;
export interface FirstScreen {
  /** The markup inside the page's mount point. */
  markup: string;
  /** The language it is in, for the page's `lang` (which picks the CJK glyphs before the page's script runs). */
  language: Language;
}
/** The built module's file name and the name of its export. */
export const FIRST_PAINT_MODULE = 'firstPaint.js';
export const FIRST_PAINT_EXPORT = 'renderFirstScreen';
/**
 * Key presses made after that first paint and before the page's script runs are kept by a small script the shell adds
 * with the markup (renderer/src/earlyKeys.ts, built as this file), and played once the keyboard handler is attached.
 */
export const EARLY_KEYS_SCRIPT = 'early-keys.js';

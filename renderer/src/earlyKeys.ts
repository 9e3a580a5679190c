/**
 * Built on its own as early-keys.js (see shared/firstPaint.ts, EARLY_KEYS_SCRIPT). The kiosk shell adds it to a page it
 * drew the first screen into: that screen is painted before the page's main script has been parsed, and a press made
 * meanwhile would otherwise be lost. It keeps every key event until the keyboard handler has played them
 * (input/intents.ts, attachKeyboard), in order. It imports nothing, so it stays a few hundred bytes.
 */

export interface EarlyKeys {
  /** The oldest press kept and not handed over yet; undefined when there is none. */
  next(): KeyboardEvent | undefined;
  /** Stops keeping presses (any left unhandled are dropped). */
  stop(): void;
}

declare global {
  interface Window {
    tunewallEarlyKeys?: EarlyKeys | undefined;
  }
}

/** Keys whose browser default (scrolling, activating a link) must not happen while the page is not running yet. */
const REMOTE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter', ' ', 'Backspace', 'Escape']);

export function keepEarlyKeys(target: Window): EarlyKeys {
  const kept: KeyboardEvent[] = [];
  const keep = (event: KeyboardEvent): void => {
    if (event.type === 'keydown' && REMOTE_KEYS.has(event.key)) event.preventDefault();
    kept.push(event);
  };
  target.addEventListener('keydown', keep);
  target.addEventListener('keyup', keep);
  return {
    next: () => kept.shift(),
    stop() {
      target.removeEventListener('keydown', keep);
      target.removeEventListener('keyup', keep);
      kept.length = 0;
    },
  };
}

if (typeof window !== 'undefined' && window.tunewallEarlyKeys === undefined) window.tunewallEarlyKeys = keepEarlyKeys(window);

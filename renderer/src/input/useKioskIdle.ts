import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useApp, useTunewall } from '../store/context';
import { intents } from './intents';

/** How often idle mode moves focus to the next tile. */
const CYCLE_MS = 6000;
const TILES = '.home [data-focus-key^="tile:"]';

/** Calls `then` once Home has drawn its tiles (the frame after they appear); returns the cancel function. */
function whenHomeHasTiles(then: () => void): () => void {
  let frame = 0;
  const check = (): void => {
    frame = requestAnimationFrame(() => {
      if (document.querySelector(TILES) === null) check();
      else frame = requestAnimationFrame(then);
    });
  };
  check();
  return () => cancelAnimationFrame(frame);
}

/**
 * Kiosk idle mode: after `idleSeconds` without input, put the kiosk's member back on screen (when one is configured
 * and a passer-by chose another), go back to Home and, once Home has drawn its tiles, walk focus
 * through them from the first, so the screen looks alive. Any key (or the bridge's intents, or the pointer) wakes it,
 * and that key does nothing else. Only when signed in: Pairing has nothing to walk.
 */
export function useKioskIdle(): boolean {
  const { nav, bridge } = useTunewall();
  const enabled = useApp((s) => s.state?.kiosk.enabled ?? false);
  const idleSeconds = useApp((s) => s.state?.kiosk.idleSeconds ?? 0);
  const signedIn = useApp((s) => s.state?.auth.status === 'signed-in');
  const [idle, setIdle] = useState(false);
  const home = useApp((s) => s.state?.kiosk.home);
  const active = useApp((s) => s.state?.household.active);
  // Read when idle mode begins, without starting the idle clock again each time someone else comes on screen.
  const who = useRef({ home, active });
  useLayoutEffect(() => {
    who.current = { home, active };
  });

  useEffect(() => {
    if (!enabled || idleSeconds <= 0 || !signedIn) return;
    let last = Date.now();
    let isIdle = false;
    let stopWalk: (() => void) | undefined;

    const walk = (): void => {
      let step = 0;
      const next = (): void => {
        const tiles = Array.from(document.querySelectorAll<HTMLElement>(TILES));
        const key = tiles[step % Math.max(1, tiles.length)]?.dataset.focusKey;
        step++;
        if (key !== undefined) void setFocus(key);
      };
      let timer: number | undefined;
      const cancelWait = whenHomeHasTiles(() => {
        next();
        timer = window.setInterval(next, CYCLE_MS);
      });
      stopWalk = () => {
        cancelWait();
        window.clearInterval(timer);
      };
    };

    const wake = (): boolean => {
      last = Date.now();
      if (!isIdle) return false;
      isIdle = false;
      stopWalk?.();
      stopWalk = undefined;
      setIdle(false);
      return true;
    };
    // Every key, not only the remote's: before the keyboard's own handler, and swallowed when it only wakes.
    const onKey = (event: KeyboardEvent): void => {
      if (!wake()) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    const offIntents = intents.intercept(() => wake());
    const onPointer = (): void => void wake();
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointermove', onPointer);
    window.addEventListener('pointerdown', onPointer);
    const timer = window.setInterval(() => {
      if (isIdle || Date.now() - last < idleSeconds * 1000) return;
      isIdle = true;
      setIdle(true);
      const { home: kioskHome, active: onScreen } = who.current;
      if (kioskHome !== undefined && onScreen !== kioskHome) {
        void bridge.chooseProfile(kioskHome).then((result) => {
          if (!result.ok) console.warn('kiosk idle: the kiosk member could not come back on screen', result.error.message);
        });
      }
      // Home from the start: the walk begins at the first tile, not at the one opened before.
      nav.getState().reset(true);
      walk();
    }, 1000);
    return () => {
      offIntents();
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointermove', onPointer);
      window.removeEventListener('pointerdown', onPointer);
      window.clearInterval(timer);
      stopWalk?.();
      setIdle(false);
    };
  }, [enabled, idleSeconds, signedIn, nav, bridge]);

  return idle;
}

import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, useState } from 'react';
import { useApp, useTunewall } from '../store/context';
import { intents } from './intents';

/** How often idle mode moves focus to the next tile. */
const CYCLE_MS = 6000;

/**
 * Kiosk idle mode: after `idleSeconds` without input, go back to Home and slowly walk focus through the rows,
 * so the screen looks alive. The first key after that only wakes it up.
 */
export function useKioskIdle(): boolean {
  const { nav } = useTunewall();
  const enabled = useApp((s) => s.state?.kiosk.enabled ?? false);
  const idleSeconds = useApp((s) => s.state?.kiosk.idleSeconds ?? 0);
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (!enabled || idleSeconds <= 0) return;
    let last = Date.now();
    let isIdle = false;
    const wake = (): boolean => {
      last = Date.now();
      if (!isIdle) return false;
      isIdle = false;
      setIdle(false);
      return true;
    };
    const offIntents = intents.intercept(() => wake());
    const onPointer = (): void => void wake();
    window.addEventListener('pointermove', onPointer);
    window.addEventListener('pointerdown', onPointer);
    let step = 0;
    let lastStep = 0;
    const timer = window.setInterval(() => {
      const now = Date.now();
      if (!isIdle && now - last >= idleSeconds * 1000) {
        isIdle = true;
        setIdle(true);
        nav.getState().reset();
        lastStep = 0;
      }
      if (isIdle && now - lastStep >= CYCLE_MS) {
        lastStep = now;
        const tiles = Array.from(document.querySelectorAll<HTMLElement>('[data-focus-key^="tile:"]'));
        const next = tiles[step % Math.max(1, tiles.length)]?.dataset.focusKey;
        step++;
        if (next !== undefined) void setFocus(next);
      }
    }, 1000);
    return () => {
      offIntents();
      window.removeEventListener('pointermove', onPointer);
      window.removeEventListener('pointerdown', onPointer);
      window.clearInterval(timer);
    };
  }, [enabled, idleSeconds, nav]);

  return idle;
}

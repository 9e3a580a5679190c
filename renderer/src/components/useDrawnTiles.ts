import { setFocus, type NextFocusResolver } from '@noriginmedia/norigin-spatial-navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { scheduleIdle } from '../input/idle';
import { listNavigation } from '../input/navigation';

/** Tiles a row draws at first, and how many it keeps drawn beyond the focused one. */
export const FIRST_TILES = 12;
export const TILES_AHEAD = 6;

/** How many tiles a row draws with focus on the tile at `index`. */
const drawnWithFocusAt = (index: number): number => index + 1 + TILES_AHEAD;

/** How many of a row's tiles are drawn, growing ahead of focus, and the row's left/right navigation over them. */
export function useDrawnTiles(keys: readonly string[], restoreKey: string | undefined, onTileFocused: ((index: number) => void) | undefined) {
  // A long row draws its first tiles and a few beyond the focused one, and grows as focus moves along it, in idle
  // time after the press: a row of a hundred tiles laid out and painted whole made the press that scrolled it into
  // view slow (bench: remote press → focus painted). It never shrinks, so a tile once drawn stays where it was.
  const [limit, setLimit] = useState(() => Math.max(FIRST_TILES, restoreKey === undefined ? 0 : drawnWithFocusAt(keys.indexOf(restoreKey))));
  // What the row holds, read by the press: a press that needs no more tiles schedules no state update (an update to
  // the same value still starts a render pass, and a held key made one per press).
  const drawn = useRef(limit);
  useEffect(() => {
    drawn.current = limit;
  }, [limit]);
  const tileFocused = useCallback(
    (index: number) => {
      const wanted = drawnWithFocusAt(index);
      if (wanted > drawn.current) scheduleIdle(() => setLimit((now) => Math.max(now, wanted)));
      onTileFocused?.(index);
    },
    [onTileFocused],
  );
  // A press onto a tile not drawn yet: a key held down outran the idle time the row grows in. The row grows now, and
  // focus goes to that tile as soon as it is drawn, so the press is not lost.
  const pending = useRef<string | undefined>(undefined);
  const resolver = useMemo<NextFocusResolver>(() => {
    const inOrder = listNavigation('horizontal', () => keys);
    return (direction, focusKey, siblings) => {
      const next = inOrder(direction, focusKey, siblings);
      if (next !== null || direction !== 'right') return next;
      const at = keys.indexOf(focusKey);
      if (at < 0 || at + 1 >= keys.length) return null;
      pending.current = keys[at + 1];
      setLimit((now) => Math.max(now, drawnWithFocusAt(at + 1)));
      return null;
    };
  }, [keys]);
  useEffect(() => {
    const target = pending.current;
    if (target === undefined || keys.indexOf(target) >= limit) return;
    pending.current = undefined;
    void setFocus(target);
  }, [keys, limit]);
  return { limit, tileFocused, resolver };
}

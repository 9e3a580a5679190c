import type { VirtualItem } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { beforeNextFrame } from '../../input/navigation';

/** Start fetching the next page this many rows before focus reaches it. */
const PREFETCH_AHEAD = 30;
/** How close focus may come to the last row drawn before the rows around it are drawn, at once (see FOCUS_REACH). */
const FOCUS_MARGIN = 4;

interface TrackFocusArgs {
  listRef: RefObject<HTMLDivElement | null>;
  /** The track focus is on, or comes back to. */
  focusedRef: RefObject<number | undefined>;
  items: readonly VirtualItem[];
  count: number;
  rowHeight: number;
  pad: number;
  /** Draws the rows around this track now. */
  setAnchor: (index: number) => void;
  ensureLoaded: (index: number) => void;
}

/** What a focused track does to its list: scrolled to the middle, the rows around it drawn, its pages fetched. */
export function useTrackFocus({ listRef, focusedRef, items, count, rowHeight, pad, setAnchor, ensureLoaded }: TrackFocusArgs): (index: number) => void {
  // The rows drawn, as of the last commit: the next press can only land on one of them.
  const drawn = useRef<ReadonlySet<number>>(new Set());
  useLayoutEffect(() => {
    drawn.current = new Set(items.map((item) => item.index));
  }, [items]);
  // The list's height, as last laid out (the observer below keeps it): read on a press without asking for layout.
  const listHeight = useRef<number | undefined>(undefined);
  const reveal = useCallback(
    (index: number) => {
      // Centred by hand, from the fixed row height: the virtualizer's scrollToIndex reads the list's scroll height
      // while rendering and again in an animation frame, a forced layout or two on every press. In the frame that
      // draws the new focus, where the list's layout is computed anyway (beforeNextFrame).
      beforeNextFrame('reveal', () => {
        const list = listRef.current;
        if (list === null) return;
        const viewport = listHeight.current ?? list.clientHeight;
        const max = Math.max(0, count * rowHeight + 2 * pad - viewport);
        const target = Math.min(max, Math.max(0, pad + index * rowHeight + rowHeight / 2 - viewport / 2));
        if (Math.abs(list.scrollTop - target) >= 1) list.scrollTop = target;
      });
    },
    [listRef, count, rowHeight, pad],
  );
  const onTrackFocused = useCallback(
    (index: number) => {
      focusedRef.current = index;
      // Focus is about to run out of drawn rows before the list has scrolled: the rows around it are drawn and made
      // focusable now, before the next press is handled, rather than in the frame after the scroll.
      const ahead = Math.min(count - 1, index + FOCUS_MARGIN);
      const behind = Math.max(0, index - FOCUS_MARGIN);
      if (!drawn.current.has(ahead) || !drawn.current.has(behind)) flushSync(() => setAnchor(index));
      reveal(index);
      ensureLoaded(index);
      ensureLoaded(Math.min(index + PREFETCH_AHEAD, count - 1));
    },
    [focusedRef, setAnchor, reveal, ensureLoaded, count],
  );
  // The list got shorter or taller (a notice took a strip of the screen, the screen changed size), or its rows did: the
  // track focus is on, or comes back to, stays in view. Its own observer: the virtualizer tells of a new size only when
  // it changes which rows are in view, and a strip that hides the last track in view at the end of a list changes none.
  useEffect(() => {
    if (focusedRef.current !== undefined) reveal(focusedRef.current);
    const list = listRef.current;
    if (list === null || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      const height = list.clientHeight;
      if (height === listHeight.current) return;
      listHeight.current = height;
      if (focusedRef.current !== undefined) reveal(focusedRef.current);
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [listRef, focusedRef, reveal]);
  return onTrackFocused;
}

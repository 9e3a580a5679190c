import { useEffect, type RefObject } from 'react';
import { onRevealScrolled } from '../../components/Tile';

export const UNDER_HEADER_CLASS = 'is-under-header';

/**
 * Hides, whole, every row title of Home that starts above the end of the header's fade (`.home::after`): a title
 * crossing the header's edge is never left half covered, and one under the fade is not seen through it. `rows` is
 * Home's scroll box; its sections are the rows in screen order, each with its title at its top, so the walk stops at
 * the first row below the line. It reads the boxes of the rows down to that line (their own boxes, laid out even when
 * the row's content is not: content-visibility) and changes a class only where the answer changed.
 */
export function markTitlesUnderHeader(rows: HTMLElement, header: HTMLElement, fade: number): void {
  const line = header.getBoundingClientRect().bottom + fade - 1;
  let above = true;
  for (const row of Array.from(rows.children)) {
    const title = row.firstElementChild;
    if (title === null || !title.classList.contains('row-title')) continue;
    // Below the line, every later row is too: no more boxes to read, only classes to clear.
    if (above) above = row.getBoundingClientRect().top < line;
    if (title.classList.contains(UNDER_HEADER_CLASS) !== above) title.classList.toggle(UNDER_HEADER_CLASS, above);
  }
}

/**
 * Keeps Home's row titles clear of the header as the rows scroll: in the frame of a remote press's scroll (the reveal
 * of the new focus), and after any other scroll or resize. Scroll events come a frame after the scroll, so the press's
 * own scroll is handled as it is made, and a title is never drawn half under the header for a frame. Script, not a
 * scroll-driven animation: a view timeline on every row title was serviced on every frame, presses along a row
 * included, and the mean Home press was 4 to 7 % shorter without it (npm run bench:ab).
 */
export function useTitlesUnderHeader(rowsRef: RefObject<HTMLElement | null>, headerRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const rows = rowsRef.current;
    const header = headerRef.current;
    if (rows === null || header === null) return undefined;
    const home = rows.parentElement ?? rows;
    // The fade's height, read once per change of size (it is set in rem).
    let fade = 0;
    // How far the rows were scrolled when the titles were last marked. Most reveals that scroll move a row sideways and
    // no title, and the scroll event after a reveal's own scroll finds the titles marked already: neither reads a box.
    let markedAt: number | undefined;
    const mark = () => {
      const top = rows.scrollTop;
      if (top === markedAt) return;
      markedAt = top;
      markTitlesUnderHeader(rows, header, fade);
    };
    const resized = () => {
      fade = Number.parseFloat(getComputedStyle(home, '::after').height) || 0;
      markedAt = undefined;
      mark();
    };
    resized();
    rows.addEventListener('scroll', mark, { passive: true });
    window.addEventListener('resize', resized);
    const stop = onRevealScrolled(mark);
    return () => {
      rows.removeEventListener('scroll', mark);
      window.removeEventListener('resize', resized);
      stop();
    };
  }, [rowsRef, headerRef]);
}

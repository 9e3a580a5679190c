import type { Direction, FocusableComponent, NextFocusResolver } from '@noriginmedia/norigin-spatial-navigation';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const boxOf = (component: FocusableComponent): Box => (component.node as HTMLElement).getBoundingClientRect();
const middleY = (b: Box): number => (b.top + b.bottom) / 2;
const middleX = (b: Box): number => (b.left + b.right) / 2;

/**
 * Navigation for a screen laid out in columns (Settings' cards), each holding buttons that may wrap: up and down stay
 * in the column (down from its last button goes to what lies below every column, or nowhere), left and right move
 * along a line of buttons and then to the next column's button nearest in height. Navigation by position alone let a
 * press skip a short column, or jump from the foot of one column to another one's middle.
 */
export function columnNavigation(columnOf: (node: HTMLElement) => Element | null): NextFocusResolver {
  return (direction: Direction, focusKey: string, siblings: FocusableComponent[]): FocusableComponent | null => {
    const current = siblings.find((c) => c.focusKey === focusKey);
    if (current === undefined) return null;
    const from = boxOf(current);
    const column = columnOf(current.node as HTMLElement);
    const others = siblings.filter((c) => c !== current).map((c) => ({ c, box: boxOf(c), column: columnOf(c.node as HTMLElement) }));
    const nearest = (list: typeof others, distance: (b: Box) => number): FocusableComponent | null =>
      list.reduce<{ c: FocusableComponent | null; d: number }>((best, o) => {
        const d = distance(o.box);
        return d < best.d ? { c: o.c, d } : best;
      }, { c: null, d: Infinity }).c;
    const byHeight = (b: Box): number => Math.abs(b.top - from.top) * 4 + Math.abs(middleX(b) - middleX(from));

    if (direction === 'up' || direction === 'down') {
      const down = direction === 'down';
      const ahead = others.filter((o) => (down ? o.box.top >= from.bottom - 1 : o.box.bottom <= from.top + 1));
      const inColumn = ahead.filter((o) => column !== null && o.column === column);
      if (inColumn.length > 0) return nearest(inColumn, byHeight);
      // Below every column (a banner), or back up into the columns from it.
      const outside = ahead.filter((o) => (column === null ? true : o.column === null));
      return nearest(outside, byHeight);
    }
    if (column === null) return null;
    const right = direction === 'right';
    const onLine = others.filter(
      (o) => o.column === column && o.box.top < middleY(from) && o.box.bottom > middleY(from) && (right ? o.box.left >= from.right - 1 : o.box.right <= from.left + 1),
    );
    if (onLine.length > 0) return nearest(onLine, (b) => Math.abs(middleX(b) - middleX(from)));
    const columns = [...new Set(others.map((o) => o.column).filter((c): c is Element => c !== null && c !== column))]
      .map((c) => ({ c, left: c.getBoundingClientRect().left }))
      .filter((c) => (right ? c.left > from.left : c.left < from.left))
      .sort((a, b) => (right ? a.left - b.left : b.left - a.left));
    const next = columns[0];
    if (next === undefined) return null;
    return nearest(others.filter((o) => o.column === next.c), (b) => Math.abs(middleY(b) - middleY(from)));
  };
}

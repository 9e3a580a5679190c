import { useFocusable, type NextFocusResolver } from '@noriginmedia/norigin-spatial-navigation';
import { useMemo } from 'react';
import { listNavigation } from '../../input/navigation';
import { HEADER_KEYS, SETTINGS_KEY } from './homeKeys';
import type { VisualRow } from './visualRows';

/** Home's focus container: up and down from Settings through the rows in screen order, left and right in the header. */
export function useHomeNavigation(list: readonly VisualRow[]) {
  // Up and down go from Settings through the rows in screen order. A row still loading takes focus itself (and hands
  // it to its first tile when that arrives): passing over it would leave focus below a row that then appears above.
  const order = useMemo(() => [SETTINGS_KEY, ...list.map((row) => `row:${row.key}`)], [list]);
  const resolver = useMemo<NextFocusResolver>(() => {
    const down = listNavigation('vertical', () => order);
    const across = listNavigation('horizontal', () => HEADER_KEYS);
    // Left and right between the avatar and Settings; down from either to the first row.
    return (direction, key, siblings) => {
      if (!HEADER_KEYS.includes(key)) return down(direction, key, siblings);
      if (direction === 'left' || direction === 'right') return across(direction, key, siblings);
      return down(direction, SETTINGS_KEY, siblings);
    };
  }, [order]);
  return useFocusable({
    focusKey: 'home',
    trackChildren: true,
    nextFocusResolver: resolver,
    measureChildrenLayout: false,
  });
}

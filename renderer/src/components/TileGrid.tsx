import { FocusContext, useFocusable, type Direction, type FocusableComponent } from '@noriginmedia/norigin-spatial-navigation';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TileView } from '../../../shared/bridge';
import { scheduleIdle } from '../input/idle';
import { tileFocusKey } from './Row';
import { Tile } from './Tile';
import { useCatalogText } from '../i18n/contentLang';
import { positionsIn } from '../i18n/position';
import './TileGrid.css';

/** Columns assumed until the grid has been laid out (and where nothing is laid out: test DOMs). */
export const FALLBACK_COLUMNS = 6;
/** Rows of tiles drawn at first, and kept drawn below the focused one. */
const FIRST_GRID_ROWS = 4;
const GRID_ROWS_AHEAD = 3;

/**
 * The next tile of a grid by index arithmetic, as rows do by order: left and right stay on the line (off its ends
 * focus leaves the grid), up and down keep the column; down from the line above a short last line lands on its last
 * tile. Nothing is measured on a press.
 */
export function gridNeighbour(index: number, count: number, columns: number, direction: Direction): number | undefined {
  const column = index % columns;
  switch (direction) {
    case 'left':
      return column === 0 ? undefined : index - 1;
    case 'right':
      return column === columns - 1 || index + 1 >= count ? undefined : index + 1;
    case 'up':
      return index - columns >= 0 ? index - columns : undefined;
    case 'down':
      if (index + columns < count) return index + columns;
      return Math.floor(index / columns) < Math.floor((count - 1) / columns) ? count - 1 : undefined;
    default:
      return undefined;
  }
}

/** How many columns the laid-out grid has, from its computed template (one track per column). */
function columnsOf(node: HTMLElement): number | undefined {
  const template = getComputedStyle(node).gridTemplateColumns;
  if (template === '' || template === 'none' || template.includes('repeat(')) return undefined;
  const count = template.trim().split(/\s+/).length;
  return count > 0 ? count : undefined;
}

interface Props {
  gridKey: string;
  tiles: TileView[];
  onSelect: (tile: TileView, focusKey: string) => void;
  /** Focus moved to the tile at `index` (paging a grid longer than what it holds). */
  onTileFocused?: (index: number) => void;
  /** A tile to be there from the first render (focus coming back to it). */
  restoreKey?: string | undefined;
  label: string;
  /** How many tiles there are in all, when more than are loaded yet. */
  total?: number;
}

/**
 * A grid of tiles (a new-release category's albums) that the remote moves through by index arithmetic, like rows and
 * track lists: the column count is read when the grid is laid out or resized, never on a press; tiles show focus as a
 * class; lines further down are drawn in idle time ahead of focus.
 */
export const TileGrid = memo(function TileGrid({ gridKey, tiles, onSelect, onTileFocused, restoreKey, label, total }: Props) {
  const { t } = useTranslation();
  const count = Math.max(total ?? 0, tiles.length);
  const where = useMemo(() => {
    const position = positionsIn(t, count);
    return (index: number) => `${label}, ${position(index)}`;
  }, [t, label, count]);
  const catalog = useCatalogText();
  const keys = useMemo(() => tiles.map((tile) => tileFocusKey(gridKey, tile.key)), [tiles, gridKey]);
  const indexOf = useMemo(() => new Map(keys.map((key, i) => [key, i])), [keys]);
  const columns = useRef(FALLBACK_COLUMNS);
  const [limit, setLimit] = useState(() => {
    const restore = restoreKey === undefined ? -1 : keys.indexOf(restoreKey);
    return Math.max(FIRST_GRID_ROWS * FALLBACK_COLUMNS, (Math.floor(Math.max(0, restore) / FALLBACK_COLUMNS) + 1 + GRID_ROWS_AHEAD) * FALLBACK_COLUMNS);
  });

  const resolver = useCallback(
    (direction: Direction, focusKey: string, siblings: FocusableComponent[]): FocusableComponent | null => {
      const index = indexOf.get(focusKey);
      if (index === undefined) return null;
      const next = gridNeighbour(index, Math.min(keys.length, limit), columns.current, direction);
      return next === undefined ? null : (siblings.find((c) => c.focusKey === keys[next]) ?? null);
    },
    [indexOf, keys, limit],
  );
  const { ref, focusKey } = useFocusable<object, HTMLDivElement>({
    focusKey: gridKey,
    saveLastFocusedChild: true,
    nextFocusResolver: resolver,
    measureChildrenLayout: false,
    preferredChildFocusKey: keys[0],
  });

  useEffect(() => {
    const node = ref.current;
    if (node === null || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      columns.current = columnsOf(node) ?? columns.current;
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref]);

  const tileFocused = useCallback(
    (index: number) => {
      const wanted = (Math.floor(index / columns.current) + 1 + GRID_ROWS_AHEAD) * columns.current;
      scheduleIdle(() => setLimit((now) => Math.max(now, wanted)));
      onTileFocused?.(index);
    },
    [onTileFocused],
  );

  return (
    <FocusContext.Provider value={focusKey}>
      {/* A group of buttons, each saying its place: a grid role would need rows of cells around them. */}
      <div ref={ref} className="tile-grid" {...catalog} role="group" aria-label={label}>
        {tiles.slice(0, limit).map((tile, index) => (
          <Tile key={tile.key} tile={tile} index={index} focusKey={keys[index] ?? ''} onSelect={onSelect} onFocused={tileFocused} where={where} />
        ))}
      </div>
    </FocusContext.Provider>
  );
});

import { FocusContext, getCurrentFocusKey, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { memo, useCallback, useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowId, TileView, UiError } from '../../../shared/bridge';
import { errorText } from '../i18n/errorText';
import { FocusButton } from './FocusButton';
import { Tile, revealFocused, type TileShape } from './Tile';
import { useCatalogText } from '../i18n/contentLang';
import { positionsIn } from '../i18n/position';
import { leftOutId } from './LeftOutNote';
import { useDrawnTiles } from './useDrawnTiles';
import './Row.css';

export { FIRST_TILES, TILES_AHEAD } from './useDrawnTiles';

export type RowBody =
  /** `waiting`: not asked for yet (further down than the screen reaches). */
  | { status: 'loading'; waiting?: boolean }
  | { status: 'ready'; tiles: TileView[] }
  | { status: 'error'; error: UiError };

interface Props {
  rowKey: string;
  /** The Home row the service knows: several rows on screen (genre categories) can come from one. */
  source?: RowId;
  title: string;
  body: RowBody;
  onSelect: (tile: TileView, focusKey: string) => void;
  onRetry?: (source: RowId) => void;
  /** A tile to be there from the first render (focus coming back to it from another screen). */
  restoreKey?: string;
  /** Focus came into this row (called from the navigation: keep it cheap, defer real work). */
  onRowFocused?: (rowKey: string) => void;
  /** Focus moved to the tile at `index` (for paging a row longer than what it holds). */
  onTileFocused?: (index: number) => void;
  /** Shown instead of the tiles when the row has none. */
  emptyText?: string;
  /**
   * `track`: a row of tracks (favourites), drawn as cards with a small picture and the name beside it. The contract's
   * album pictures come at 160, 500 and 1000 px: a 160 px picture fits the card, where a square tile needed the 500.
   */
  shape?: TileShape;
  /** How many tiles the row has in all, when more than it holds yet (a row paged as focus moves along it). */
  total?: number;
  /** Explicit tracks left out of the row (favourites, for one who hides them): said under the title, not focusable. */
  explicitLeftOut?: number | undefined;
}

export function tileFocusKey(rowKey: string, tileKey: string): string {
  return `tile:${rowKey}:${tileKey}`;
}

const revealNode = (node: HTMLElement): void => revealFocused(node);
// The row whose tile has focus is marked by the navigation itself, not through React state: moving between rows
// then renders neither row (with its tiles to compare) in the middle of the press.
const unmarkRow = (layout: { node: HTMLElement }): void => void layout.node.classList.remove('has-focus');

/**
 * One home row with its own loading, empty and error states; it remembers its last focused tile. Memoised: a press
 * that moves focus inside another row does not render this one.
 */
export const Row = memo(function Row({ rowKey, source, title, body, onSelect, onRetry, restoreKey, onRowFocused, onTileFocused, emptyText, shape = 'square', total, explicitLeftOut }: Props) {
  const { t } = useTranslation();
  const count = Math.max(total ?? 0, body.status === 'ready' ? body.tiles.length : 0);
  const where = useMemo(() => {
    const position = positionsIn(t, count);
    return (index: number) => `${title}, ${position(index)}`;
  }, [t, title, count]);
  const catalog = useCatalogText();
  const noteId = useId();
  const keys = useMemo(
    () => (body.status === 'ready' ? body.tiles.map((tile) => tileFocusKey(rowKey, tile.key)) : []),
    [body, rowKey],
  );
  const { limit, tileFocused, resolver } = useDrawnTiles(keys, restoreKey, onTileFocused);
  const markRow = useCallback(
    (layout: { node: HTMLElement }): void => {
      layout.node.classList.add('has-focus');
      // Focus on the row itself: it has no tiles yet (still loading); bring it into view as a tile would be.
      if (getCurrentFocusKey() === `row:${rowKey}`) revealFocused(layout.node);
      onRowFocused?.(rowKey);
    },
    [onRowFocused, rowKey],
  );
  const { ref, focusKey, focused } = useFocusable<object, HTMLElement>({
    focusKey: `row:${rowKey}`,
    saveLastFocusedChild: true,
    onFocus: markRow,
    onBlur: unmarkRow,
    // Left and right go to the neighbouring tile, up and down leave the row; entering a row for the first time lands on
    // its first tile. Nothing is measured for it (see listNavigation).
    nextFocusResolver: resolver,
    measureChildrenLayout: false,
    preferredChildFocusKey: keys[0],
  });
  // A press down onto a row still loading focuses the row itself, so focus does not jump past it; its first tile takes
  // focus as soon as it arrives.
  const first = keys[0];
  useEffect(() => {
    if (focused && first !== undefined) void setFocus(first);
  }, [focused, first]);
  return (
    <FocusContext.Provider value={focusKey}>
      <section ref={ref} className="row" aria-label={title} aria-describedby={leftOutId(noteId, explicitLeftOut)} data-row={rowKey}>
        <h2 className="row-title">
          {title}
          {/* Beside the title, and hidden with it under the header (home/titlesUnderHeader.ts). */}
          {leftOutId(noteId, explicitLeftOut) !== undefined && (
            <span id={noteId} className="row-left-out">
              {t('detail.explicitLeftOut', { count: explicitLeftOut })}
            </span>
          )}
        </h2>
        {/* Not a class of the section: the navigation sets the section's classes, which React must not write over. */}
        <div className="row-track" {...catalog} aria-busy={body.status === 'loading' && body.waiting !== true} data-focused={focused ? 'row' : undefined}>
          {body.status === 'loading' &&
            Array.from({ length: 6 }, (_, i) => <div key={i} className={`tile tile-skeleton${shape === 'track' ? ' tile-track' : ''}`} aria-hidden="true" />)}
          {body.status === 'ready' && body.tiles.length === 0 && <p className="row-message">{emptyText ?? t('home.empty')}</p>}
          {body.status === 'ready' &&
            body.tiles.slice(0, limit).map((tile, index) => (
              <Tile
                key={tile.key}
                tile={tile}
                index={index}
                shape={shape}
                focusKey={tileFocusKey(rowKey, tile.key)}
                onSelect={onSelect}
                onFocused={tileFocused}
                where={where}
              />
            ))}
          {body.status === 'error' && (
            <div className="row-message row-error" role="alert">
              <span>{errorText(t, body.error) || t('home.rowError')}</span>
              {onRetry !== undefined && source !== undefined && (
                <FocusButton focusKey={`retry:${rowKey}`} onSelect={() => onRetry(source)} onFocused={revealNode}>
                  {t('common.retry')}
                </FocusButton>
              )}
            </div>
          )}
        </div>
      </section>
    </FocusContext.Provider>
  );
});

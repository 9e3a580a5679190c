import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useTranslation } from 'react-i18next';
import type { TileView, UiError } from '../../../shared/bridge';
import { FocusButton } from './FocusButton';
import { Tile, revealFocused } from './Tile';

export type RowBody =
  | { status: 'loading' }
  | { status: 'ready'; tiles: TileView[] }
  | { status: 'error'; error: UiError };

interface Props {
  rowKey: string;
  title: string;
  body: RowBody;
  onSelect: (tile: TileView, focusKey: string) => void;
  onRetry: () => void;
}

export function tileFocusKey(rowKey: string, tileKey: string): string {
  return `tile:${rowKey}:${tileKey}`;
}

/** One home row with its own loading, empty and error states; it remembers its last focused tile. */
export function Row({ rowKey, title, body, onSelect, onRetry }: Props) {
  const { t } = useTranslation();
  const { ref, focusKey, hasFocusedChild } = useFocusable({
    focusKey: `row:${rowKey}`,
    saveLastFocusedChild: true,
    trackChildren: true,
  });
  return (
    <FocusContext.Provider value={focusKey}>
      <section className={`row ${hasFocusedChild ? 'has-focus' : ''}`} aria-label={title} data-row={rowKey}>
        <h2 className="row-title">{title}</h2>
        <div ref={ref} className="row-track" aria-busy={body.status === 'loading'}>
          {body.status === 'loading' &&
            Array.from({ length: 6 }, (_, i) => <div key={i} className="tile tile-skeleton" aria-hidden="true" />)}
          {body.status === 'ready' && body.tiles.length === 0 && <p className="row-message">{t('home.empty')}</p>}
          {body.status === 'ready' &&
            body.tiles.map((tile) => (
              <Tile key={tile.key} tile={tile} focusKey={tileFocusKey(rowKey, tile.key)} onSelect={onSelect} />
            ))}
          {body.status === 'error' && (
            <div className="row-message row-error" role="alert">
              <span>{body.error.message || t('home.rowError')}</span>
              <FocusButton focusKey={`retry:${rowKey}`} onSelect={onRetry} onFocused={(node) => revealFocused(node)}>
                {t('common.retry')}
              </FocusButton>
            </div>
          )}
        </div>
      </section>
    </FocusContext.Provider>
  );
}

import { memo } from 'react';
import type { TileView } from '../../../shared/bridge';
import { beforeNextFrame } from '../input/navigation';
import { useFocusableItem } from '../input/useFocusableItem';
import { Artwork } from './Artwork';

interface Props {
  tile: TileView;
  /** Its place in the row. */
  index: number;
  focusKey: string;
  onSelect: (tile: TileView, focusKey: string) => void;
  onFocused: (index: number) => void;
}

/**
 * Keeps the focused element in view: rows scroll sideways, the page vertically. In the frame that draws the new focus
 * (scrolling needs the layout that frame computes anyway), and at once, not smoothly: a smooth scroll keeps drawing
 * frames for a few hundred milliseconds after every press, and the next press waits behind them (bench: remote press →
 * focus painted).
 */
export function revealFocused(node: HTMLElement, block: ScrollLogicalPosition = 'center'): void {
  beforeNextFrame('reveal', () => {
    if (node.isConnected && typeof node.scrollIntoView === 'function') node.scrollIntoView({ behavior: 'instant', block, inline: 'nearest' });
  });
}


/** Memoised, and focus is a class (useFocusableItem): a press renders no tile; new data renders only its tile. */
export const Tile = memo(function Tile({ tile, index, focusKey, onSelect, onFocused }: Props) {
  const className = 'tile';
  const { ref, focusSelf } = useFocusableItem<HTMLButtonElement>(focusKey, className, {
    onEnter: () => onSelect(tile, focusKey),
    onFocus: (node) => {
      revealFocused(node);
      onFocused(index);
    },
  });
  return (
    <button
      ref={ref}
      type="button"
      tabIndex={-1}
      className={className}
      data-focus-key={focusKey}
      aria-label={tile.subtitle ? `${tile.title}, ${tile.subtitle}` : tile.title}
      onMouseEnter={() => focusSelf()}
      onClick={() => onSelect(tile, focusKey)}
    >
      <Artwork images={tile.images} title={tile.title} className="tile-art" />
      <span className="tile-title">{tile.title}</span>
      {tile.subtitle !== undefined && <span className="tile-subtitle">{tile.subtitle}</span>}
    </button>
  );
});

import { useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { memo } from 'react';
import type { TileView } from '../../../shared/bridge';
import { beforeNextFrame } from '../input/navigation';
import { Artwork } from './Artwork';

interface Props {
  tile: TileView;
  focusKey: string;
  onSelect: (tile: TileView, focusKey: string) => void;
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

const revealLayout = (layout: { node: HTMLElement }): void => revealFocused(layout.node);

/** Memoised: a press re-renders only the tile that lost focus and the one that gained it, not its whole row. */
export const Tile = memo(function Tile({ tile, focusKey, onSelect }: Props) {
  const { ref, focused, focusSelf } = useFocusable<object, HTMLButtonElement>({
    focusKey,
    onEnterPress: () => onSelect(tile, focusKey),
    onFocus: revealLayout,
  });
  return (
    <button
      ref={ref}
      type="button"
      tabIndex={-1}
      className={`tile ${focused ? 'is-focused' : ''}`}
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

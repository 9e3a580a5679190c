import { useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import type { TileView } from '../../../shared/bridge';
import { Artwork } from './Artwork';

interface Props {
  tile: TileView;
  focusKey: string;
  onSelect: (tile: TileView, focusKey: string) => void;
}

/** Keeps the focused element in view without jumping: rows scroll sideways, the page vertically. */
export function revealFocused(node: HTMLElement, block: ScrollLogicalPosition = 'center'): void {
  if (typeof node.scrollIntoView === 'function') node.scrollIntoView({ behavior: 'smooth', block, inline: 'nearest' });
}

export function Tile({ tile, focusKey, onSelect }: Props) {
  const { ref, focused, focusSelf } = useFocusable<object, HTMLButtonElement>({
    focusKey,
    onEnterPress: () => onSelect(tile, focusKey),
    onFocus: (layout) => revealFocused(layout.node),
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
}

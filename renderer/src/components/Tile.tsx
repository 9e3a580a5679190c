import { memo } from 'react';
import type { TileView } from '../../../shared/bridge';
import { beforeNextFrame } from '../input/navigation';
import { useFocusableItem } from '../input/useFocusableItem';
import { Artwork } from './Artwork';
import { surelyFits } from './captionFit';
import { StationMosaic } from './StationMosaic';
import { Phrased } from './Phrased';
import './Tile.css';

/** `square`: a picture with its name under it; `track`: a card with a small picture and the name beside it. */
export type TileShape = 'square' | 'track';

interface Props {
  tile: TileView;
  shape?: TileShape;
  /** Its place in the row. */
  index: number;
  focusKey: string;
  onSelect: (tile: TileView, focusKey: string) => void;
  onFocused: (index: number) => void;
  /** Where the tile is, said after its name: its row and its place in it ("Charts, 3 of 24"). */
  where: (index: number) => string;
}

/** The element, whose box is `r`, is drawn whole: inside the window and inside every scrolling box around it. */
function fullyShown(node: HTMLElement, r: DOMRect): boolean {
  if (r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth) return false;
  for (let box = node.parentElement; box !== null && box !== document.body; box = box.parentElement) {
    if (box.scrollHeight <= box.clientHeight && box.scrollWidth <= box.clientWidth) continue;
    const c = box.getBoundingClientRect();
    if (r.top < c.top || r.bottom > c.bottom || r.left < c.left || r.right > c.right) return false;
  }
  return true;
}

/** `a` is beside `node` (whose box is `r`) on one line: tiles of one row, or of one line of a grid. */
function onOneLine(a: HTMLElement, node: HTMLElement, r: DOMRect): boolean {
  return a.isConnected && a.parentElement === node.parentElement && Math.abs(a.getBoundingClientRect().top - r.top) < 1;
}

/** The element whose reveal ran last. */
let lastRevealed: HTMLElement | undefined;

const scrolledListeners = new Set<() => void>();

/**
 * Calls `listener` right after a reveal has scrolled, in the same frame (a scroll event would come a frame later), for
 * what has to follow the scroll on screen (Home's row titles under the header). Returns the way to stop.
 */
export function onRevealScrolled(listener: () => void): () => void {
  scrolledListeners.add(listener);
  return () => void scrolledListeners.delete(listener);
}

/**
 * Keeps the focused element in view: rows scroll sideways, the page vertically. At once, not smoothly: a smooth scroll
 * keeps drawing frames for a few hundred milliseconds after every press, and the next press waits behind them. When
 * the new focus is already drawn whole (the next row, the next tile on screen), the first frame shows it and the
 * scroll that brings it to its resting place follows in the next one: the viewer sees the focus move the moment they
 * press, and the scroll (laying out and painting rows coming into view) is not work of that frame. Along a line (the
 * next tile of a row) a tile drawn whole is at its resting place already: its line was put in place when focus came
 * onto it, and nothing scrolls, so no second frame is drawn for it. Focus landing on something cut off scrolls in the
 * same frame, so it is never drawn out of sight (bench: remote press → focus painted).
 */
export function revealFocused(node: HTMLElement, block: ScrollLogicalPosition = 'center'): void {
  const scroll = (): void => {
    if (!node.isConnected || typeof node.scrollIntoView !== 'function') return;
    node.scrollIntoView({ behavior: 'instant', block, inline: 'nearest' });
    for (const listener of scrolledListeners) listener();
  };
  beforeNextFrame('reveal', () => {
    if (!node.isConnected) return;
    const before = lastRevealed;
    lastRevealed = node;
    // Read once: both checks below need the new focus's box.
    const r = node.getBoundingClientRect();
    if (!fullyShown(node, r)) scroll();
    else if (before === undefined || !onOneLine(before, node, r)) beforeNextFrame('reveal', scroll);
  });
}

function TileArt({ tile }: { tile: TileView }) {
  // The contract gives genre stations no pictures: their tile is composed from the station's album art.
  if (tile.ref?.kind === 'genre-station' && tile.images.length === 0) {
    return <StationMosaic stationId={tile.ref.id} title={tile.title} className="tile-art" />;
  }
  if (tile.ref?.kind === 'new-release-category' && tile.images.length === 0) {
    return (
      <div className="art tile-art art-more" aria-hidden="true">
        <svg viewBox="0 0 24 24">
          <path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z" fill="currentColor" />
        </svg>
      </div>
    );
  }
  return <Artwork images={tile.images} title={tile.title} className="tile-art" />;
}

/**
 * Where a tile's captions go, in ems of their own size: a square tile's title (1.75rem) and subtitle (1.5rem) are as
 * wide as its picture (17rem); a track card's sit beside its picture (25rem less the 9.25rem picture and 1.25rem gap).
 */
const CAPTION_EMS: Record<TileShape, { title: number; subtitle: number }> = {
  square: { title: 17 / 1.75, subtitle: 17 / 1.5 },
  track: { title: 14.5 / 1.75, subtitle: 14.5 / 1.5 },
};

/** The title on at most two lines and the subtitle on one, clamped only where they may not fit (captionFit.ts). */
function Captions({ tile, shape }: { tile: TileView; shape: TileShape }) {
  const ems = CAPTION_EMS[shape];
  const clamped = (text: string, perLine: number, lines: number): string => (surelyFits(text, perLine, lines) ? '' : ' is-clamped');
  return (
    <>
      <span className={`tile-title${clamped(tile.title, ems.title, 2)}`}>
        <Phrased text={tile.title} />
      </span>
      {/* A space between the captions, which lays out nothing: read as text, the title and subtitle stay two words. */}
      {tile.subtitle !== undefined && ' '}
      {tile.subtitle !== undefined && (
        // The screen's own words (when a chart was updated) are read as UI text, not as the catalog's.
        <span className={`tile-subtitle${clamped(tile.subtitle, ems.subtitle, 1)}`} data-catalog={tile.subtitleFromUi === true ? '' : undefined}>
          {tile.subtitle}
        </span>
      )}
    </>
  );
}

/** Memoised, and focus is a class (useFocusableItem): a press renders no tile; new data renders only its tile. */
/** What a tile is called: its visible captions first (WCAG 2.5.3, label in name), then where it is. */
export function tileName(tile: TileView, where: string): string {
  return [tile.title, tile.subtitle, where].filter((part) => part !== undefined && part !== '').join(', ');
}

export const Tile = memo(function Tile({ tile, shape = 'square', index, focusKey, onSelect, onFocused, where }: Props) {
  const className = shape === 'track' ? 'tile tile-track' : 'tile';
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
      aria-label={tileName(tile, where(index))}
      onMouseEnter={() => focusSelf()}
      onClick={() => onSelect(tile, focusKey)}
    >
      <TileArt tile={tile} />
      {shape === 'track' ? (
        <span className="tile-text">
          <Captions tile={tile} shape={shape} />
        </span>
      ) : (
        <Captions tile={tile} shape={shape} />
      )}
    </button>
  );
});

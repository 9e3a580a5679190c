import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TrackView } from '../../../../shared/bridge';
import { FocusList } from '../../components/FocusList';
import { formatDuration } from '../../components/useNow';
import { useFocusableItem } from '../../input/useFocusableItem';
import { useCatalogText } from '../../i18n/contentLang';
import { useTrackFocus } from './useTrackFocus';
import './TrackList.css';

/**
 * Rows drawn on either side of the focused track whatever the list's scroll (how close focus may come to the last of
 * them before more are drawn, at once, is useTrackFocus's FOCUS_MARGIN). The list scrolls to follow focus in the next
 * frame, and only then do the rows it scrolls into view mount and become focusable; a busy TV takes presses faster
 * than it draws frames, and a press past the rows drawn so far found no next track and was lost.
 */
const FOCUS_REACH = 12;
export const TRACK_ROW_REM = 4.75;
/**
 * Room above the first track and below the last, inside the list's scroll box: the focused track's ring and the top of
 * its shadow are drawn outside the row, and the box clips them.
 */
const LIST_PAD_REM = 0.75;
export const TRACKS_FOCUS_KEY = 'detail-tracks';

/** Which columns a list shows: an album's own tracks need no album column, an artist's top tracks no artist column. */
export type TrackColumns = 'all' | 'no-album' | 'no-artist';

export function trackFocusKey(index: number): string {
  return `track:${index}`;
}

/** The track index of a track list's focus key, if it is one. */
export function trackIndexOf(focusKey: string | undefined): number | undefined {
  const match = /^track:(\d+)$/.exec(focusKey ?? '');
  return match ? Number(match[1]) : undefined;
}

export function remPx(): number {
  const size = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(size) && size > 0 ? size : 16;
}

/**
 * A track row's height in pixels. The root size follows the screen (App.css), so it is read again when the screen
 * changes size (a TV switching resolution, a window resized), never on a press.
 */
export function useTrackRowHeight(): number {
  const [height, setHeight] = useState(() => Math.round(remPx() * TRACK_ROW_REM));
  useEffect(() => {
    const update = (): void => setHeight(Math.round(remPx() * TRACK_ROW_REM));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return height;
}

interface TrackRowProps {
  index: number;
  track: TrackView | undefined;
  /** How many tracks the list has. */
  count: number;
  top: number;
  height: number;
  columns: TrackColumns;
  onFocused: (index: number) => void;
  onSelect: (track: TrackView, index: number) => void;
}

/**
 * A track's accessible name: the words it shows, in the order it shows them (WCAG 2.5.3, label in name), then what is
 * drawn but not written (the explicit mark) and its place in the list.
 */
export function trackName(t: TFunction, track: TrackView | undefined, columns: TrackColumns, index: number, count: number): string {
  const position = t('a11y.position', { index: index + 1, count });
  if (track === undefined) return `${t('detail.loadingTracks')} ${position}`;
  const shown = [
    track.name,
    columns !== 'no-artist' ? track.artist : '',
    columns !== 'no-album' ? track.album : '',
    formatDuration(track.durationMs),
  ];
  return [...shown, track.explicit ? t('detail.explicit') : '', position].filter((part) => part !== '').join(', ');
}

/**
 * One option of the track list (a listbox, WAI-ARIA APG). The number and the explicit mark are drawn from attributes
 * (TrackList.css), not written as text: the visible words are then the name's first words, in the same order. Memoised: the
 * list renders again on every scroll, and only the rows whose track changed need to; focus is a class
 * (useFocusableItem), so a press renders no row.
 */
const TrackRow = memo(function TrackRow({ index, track, count, top, height, columns, onFocused, onSelect }: TrackRowProps) {
  const { t } = useTranslation();
  const className = track ? 'track' : 'track is-pending';
  const { ref, focusSelf } = useFocusableItem<HTMLDivElement>(trackFocusKey(index), className, {
    onEnter: () => {
      if (track) onSelect(track, index);
    },
    onFocus: () => onFocused(index),
  });
  return (
    <div
      ref={ref}
      role="option"
      aria-selected={false}
      aria-posinset={index + 1}
      aria-setsize={count}
      aria-label={trackName(t, track, columns, index, count)}
      tabIndex={-1}
      className={className}
      style={{ transform: `translateY(${top}px)`, height }}
      data-focus-key={trackFocusKey(index)}
      onMouseEnter={() => focusSelf()}
      onClick={() => track && onSelect(track, index)}
    >
      <span className="track-n" data-n={index + 1} aria-hidden="true" />
      {track ? (
        <>
          <span className="track-name">
            {track.name}
            {track.explicit && <abbr className="explicit" title={t('detail.explicit')} data-mark="E" aria-hidden="true" />}
          </span>{' '}
          {columns !== 'no-artist' && <><span className="track-artist">{track.artist}</span>{' '}</>}
          {columns !== 'no-album' && <><span className="track-album">{track.album}</span>{' '}</>}
          <span className="track-time">{formatDuration(track.durationMs)}</span>
        </>
      ) : (
        <span className="track-skeleton" aria-hidden="true" />
      )}
    </div>
  );
});

interface TrackListProps {
  tracks: readonly (TrackView | undefined)[];
  /** What the list is, said before its tracks ("620 tracks"). */
  label: string;
  rowHeight: number;
  ensureLoaded: (index: number) => void;
  onSelect: (track: TrackView, index: number) => void;
  columns?: TrackColumns;
  /** The track focus comes back to: the list opens scrolled to it. */
  initialIndex?: number | undefined;
  /** The id of what the list says besides its name (how many explicit tracks were left out). */
  describedBy?: string | undefined;
}

/**
 * The virtualised track list. A component of its own, so the virtualizer, which renders again on every scroll, renders
 * only the list and not the whole screen (bench: remote press → focus painted in a long chart).
 */
export const TrackList = memo(function TrackList({ tracks, label, rowHeight, ensureLoaded, onSelect, columns = 'all', initialIndex, describedBy }: TrackListProps) {
  const catalog = useCatalogText();
  const listRef = useRef<HTMLDivElement>(null);
  const initialViewport = rowHeight * 12;
  const pad = Math.round((rowHeight / TRACK_ROW_REM) * LIST_PAD_REM);
  const focused = useRef(initialIndex);
  // Rows around focus (FOCUS_REACH) are drawn with those in view, around the track focused when the virtualizer last
  // asked: it asks again when the scroll changes what is in view, and when focus nears the last of them (`anchor`, set
  // then, below; until anything has focus, the track the list opens at).
  const [anchor, setAnchor] = useState(initialIndex ?? 0);
  const rangeExtractor = useCallback(
    (range: Range) => aroundFocus(defaultRangeExtractor(range), focused.current ?? anchor, range.count),
    [anchor],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders through its own subscription
  const virtualizer = useVirtualizer({
    count: tracks.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    rangeExtractor,
    paddingStart: pad,
    paddingEnd: pad,
    initialRect: { width: 1200, height: initialViewport },
    initialOffset: () =>
      initialIndex === undefined ? 0 : Math.max(0, pad + initialIndex * rowHeight + rowHeight / 2 - (listRef.current?.clientHeight ?? initialViewport) / 2),
  });
  // Rows are laid out again at a new height (the screen changed size).
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const items = virtualizer.getVirtualItems();
  const keys = useMemo(() => items.map((item) => trackFocusKey(item.index)), [items]);
  const scrolled = virtualizer.scrollOffset ?? 0;
  const firstInView = items.find((item) => item.start >= scrolled)?.index;

  // Rows that scroll into view without focus (mouse wheel, page jumps) still get their tracks.
  const firstMissing = items.find((item) => tracks[item.index] === undefined)?.index;
  useEffect(() => {
    if (firstMissing !== undefined) ensureLoaded(firstMissing);
  }, [firstMissing, ensureLoaded]);

  const count = tracks.length;
  const onTrackFocused = useTrackFocus({ listRef, focusedRef: focused, items, count, rowHeight, pad, setAnchor, ensureLoaded });

  return (
    <div ref={listRef} className={columns === 'all' ? 'track-list' : `track-list ${columns}`} {...catalog} role="listbox" aria-label={label} aria-describedby={describedBy}>
      {/* One focusable: up and down go to the neighbouring track by number; coming back lands on the track focused
          last, else the first one in view. */}
      <FocusList
        focusKey={TRACKS_FOCUS_KEY}
        axis="vertical"
        keys={keys}
        preferred={firstInView === undefined ? undefined : trackFocusKey(firstInView)}
        rememberLast
        className="track-focus"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => (
            <TrackRow
              key={item.key}
              index={item.index}
              track={tracks[item.index]}
              top={item.start}
              height={item.size}
              count={count}
              columns={columns}
              onFocused={onTrackFocused}
              onSelect={onSelect}
            />
          ))}
        </div>
      </FocusList>
    </div>
  );
});

/** The rows the virtualizer would draw (`shown`, in order), with those within FOCUS_REACH of `anchor` added, in order. */
export function aroundFocus(shown: number[], anchor: number, count: number): number[] {
  const from = Math.max(0, anchor - FOCUS_REACH);
  const to = Math.min(count - 1, anchor + FOCUS_REACH);
  if (to < from) return shown;
  const first = shown[0];
  const last = shown[shown.length - 1];
  // The usual case: the scroll has caught up with focus, and the rows around it are among those in view.
  if (first !== undefined && last !== undefined && first <= from && last >= to) return shown;
  const all = new Set(shown);
  for (let i = from; i <= to; i++) all.add(i);
  return [...all].sort((a, b) => a - b);
}

/** The column heads over a track list. */
export function TrackHead({ columns = 'all' }: { columns?: TrackColumns }) {
  const { t } = useTranslation();
  return (
    <div className={columns === 'all' ? 'track track-head' : `track track-head ${columns}`} aria-hidden="true">
      <span className="track-n">{t('detail.colNumber')}</span>
      <span className="track-name">{t('detail.colTitle')}</span>
      {columns !== 'no-artist' && <span className="track-artist">{t('detail.colArtist')}</span>}
      {columns !== 'no-album' && <span className="track-album">{t('detail.colAlbum')}</span>}
      <span className="track-time">{t('detail.colDuration')}</span>
    </div>
  );
}

/** Rows drawn while a track list loads. */
export function TrackSkeleton({ rowHeight, rows = 8 }: { rowHeight: number; rows?: number }) {
  return (
    <div className="track-list">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="track is-pending" style={{ height: rowHeight }}>
          <span className="track-skeleton" />
        </div>
      ))}
    </div>
  );
}

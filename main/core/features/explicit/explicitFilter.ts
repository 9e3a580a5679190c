/**
 * Explicit tracks left out for the one on screen when they hide them (a child always does). The service marks each
 * track (`explicitness`); an album is marked when any of its tracks is, so albums stay and list their clean tracks.
 * What is cached (rows, station lists) keeps every track: the filter runs on the way out, so changing the setting
 * never shows what was read before it, and never needs the cache emptied.
 */
import type { RowView, TrackView } from '../../../../shared/bridge';

/** Whether explicit tracks are hidden from the one on screen now (read on every answer, never kept). */
export type HideExplicit = () => boolean;

export interface Filtered<T> {
  kept: T[];
  /** How many were left out. */
  hidden: number;
}

export function withoutExplicit(tracks: readonly TrackView[]): Filtered<TrackView> {
  const kept = tracks.filter((track) => !track.explicit);
  return { kept, hidden: tracks.length - kept.length };
}

/** A home row as the one on screen may see it: tiles that are explicit tracks (favourites) left out and counted. */
export function rowAsShown(row: RowView, hide: boolean): RowView {
  if (!hide) return row;
  const tiles = row.tiles.filter((tile) => tile.track?.explicit !== true);
  const hidden = row.tiles.length - tiles.length;
  return hidden === 0 ? row : { ...row, tiles, explicitLeftOut: hidden };
}

/** What Browse can show above Home: a detail, or a track (a favorite shown as a tile, or one chosen in a list). */
import type { DetailRef, TileView, TrackView } from '../../../../shared/catalogViews';

export type BrowseView = { kind: 'detail'; ref: DetailRef } | { kind: 'track'; track: TrackView; in: DetailRef | undefined };

/** What a tile opens: its detail, or the track it stands for. */
export function viewOfTile(tile: TileView, within: DetailRef | undefined): BrowseView | undefined {
  if (tile.ref !== undefined) return { kind: 'detail', ref: tile.ref };
  if (tile.track !== undefined) return { kind: 'track', track: tile.track, in: within };
  return undefined;
}

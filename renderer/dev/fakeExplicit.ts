/**
 * The fake bridge's explicit tracks, hidden as the core hides them (main/core/features/explicit/): the whole list is
 * filtered, the clean tracks numbered again from 0, and the view says how many were left out.
 */
import type { DetailView, RowView, TrackPageView, TrackView } from '../../shared/bridge';

const FIRST_PAGE = 100;

export function rowWithoutExplicit(row: RowView): RowView {
  const tiles = row.tiles.filter((tile) => tile.track?.explicit !== true);
  const hidden = row.tiles.length - tiles.length;
  return hidden === 0 ? row : { ...row, tiles, explicitLeftOut: hidden };
}

/** `every(total)`: the detail's whole track list, in the order its pages give it. */
export function detailWithoutExplicit(view: DetailView, every: (total: number) => TrackView[]): DetailView {
  if (view.layout !== 'tracks' && view.layout !== 'artist') return view;
  const all = every(view.totalTracks);
  const clean = all.filter((track) => !track.explicit);
  return { ...view, totalTracks: clean.length, tracks: clean.slice(0, FIRST_PAGE), explicitLeftOut: all.length - clean.length };
}

export function pageWithoutExplicit(all: readonly TrackView[], offset: number, limit: number): TrackPageView {
  const clean = all.filter((track) => !track.explicit);
  return { offset, total: clean.length, tracks: clean.slice(offset, offset + limit) };
}

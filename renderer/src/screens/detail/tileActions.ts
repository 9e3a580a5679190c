import { useCallback } from 'react';
import type { TileView } from '../../../../shared/bridge';
import { useTunewall } from '../../store/context';
import type { PagedList } from './pagedList';

/** OK on a tile of a detail screen: its page, with Back coming to the tile (`from`, its focus key). */
export function useOpenTile(): (tile: TileView, from: string) => void {
  const { nav } = useTunewall();
  return useCallback(
    (tile: TileView, from: string) => {
      if (tile.ref !== undefined) nav.getState().push({ name: 'detail', ref: tile.ref, title: tile.title }, from);
    },
    [nav],
  );
}

/**
 * For a row or grid showing the `loaded` first tiles of `list`: when focus comes within `ahead` tiles of their end,
 * the next page is asked for (the list draws it as it arrives).
 */
export function usePageAhead(list: PagedList<TileView> | undefined, loaded: number, ahead: number): (index: number) => void {
  return useCallback(
    (index: number) => {
      if (list !== undefined && index + ahead >= loaded && loaded < list.total) list.ensureLoaded(loaded);
    },
    [list, loaded, ahead],
  );
}

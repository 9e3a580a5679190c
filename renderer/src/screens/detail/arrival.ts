/**
 * How a detail screen is arrived at, for its track list whatever the kind: the track focus lands on, and the one whose
 * panel opens at once (a phone's Show on TV of a track). Given by Detail, read by TracksLayout.
 */
import { createContext, useContext, useEffect, useRef } from 'react';
import type { TrackView } from '../../../../shared/bridge';

export interface DetailArrival {
  focusTrackId?: string | undefined;
  panelTrackId?: string | undefined;
}

export const ArrivalContext = createContext<DetailArrival>({});

/** Opens the panel of the arrival's `panelTrackId` once its track has loaded (`open` as OK on it would). */
export function usePanelOnArrival(tracks: readonly (TrackView | undefined)[], open: (track: TrackView, index: number) => void): void {
  const { panelTrackId } = useContext(ArrivalContext);
  const opened = useRef(false);
  const index = panelTrackId === undefined ? -1 : tracks.findIndex((track) => track?.id === panelTrackId);
  const track = index < 0 ? undefined : tracks[index];
  useEffect(() => {
    if (opened.current || track === undefined) return;
    opened.current = true;
    open(track, index);
  }, [track, index, open]);
}

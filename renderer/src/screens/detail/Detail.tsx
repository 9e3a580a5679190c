import { useMemo } from 'react';
import type { DetailRef, DetailView } from '../../../../shared/bridge';
import { useBackPops } from '../../input/useBackPops';
import { useApp } from '../../store/context';
import { AlbumScreen } from '../album/AlbumScreen';
import { ArtistScreen } from '../artist/ArtistScreen';
import { KidsScreen } from '../kids/KidsScreen';
import { NewReleaseScreen } from '../newReleases/NewReleaseScreen';
import { PlaylistScreen } from '../playlist/PlaylistScreen';
import { RecommendedScreen } from '../recommended/RecommendedScreen';
import { ArrivalContext } from './arrival';
import { DetailStatus } from './DetailStatus';
import type { DetailModel } from './detailModel';
import { useDetailModel } from './useDetailModel';
import './Detail.css';

export interface DetailProps {
  /** The screen's place in the navigation stack: its data is kept there while it is covered. */
  entryId: number;
  detailRef: DetailRef;
  /** What the tile or link that opened it called it, shown until the detail arrives. */
  title: string;
  /** The track to focus on arrival (an album opened from one of its tracks). */
  focusTrackId?: string | undefined;
  /** The track whose panel opens on arrival (a phone's Show on TV). */
  panelTrackId?: string | undefined;
}

/** A detail screen of any kind: loads it, says so while it loads or when it cannot, then shows the kind's screen. */
export function Detail({ entryId, detailRef, title, focusTrackId, panelTrackId }: DetailProps) {
  const territory = useApp((s) => s.state?.territory);
  const { model, load } = useDetailModel(entryId, detailRef);
  const arrival = useMemo(() => ({ focusTrackId, panelTrackId }), [focusTrackId, panelTrackId]);

  useBackPops();

  if (load.status !== 'ready') {
    return (
      <DetailStatus
        detailRef={detailRef}
        title={title}
        error={load.status === 'error' ? load.error : undefined}
        onRetry={() => model.fetch(territory)}
      />
    );
  }
  return <ArrivalContext.Provider value={arrival}>{kindScreen(model, load.detail, detailRef, focusTrackId)}</ArrivalContext.Provider>;
}

/** The screen of the detail's kind. */
function kindScreen(model: DetailModel, detail: DetailView, detailRef: DetailRef, focusTrackId: string | undefined) {
  switch (detail.layout) {
    case 'artist':
      return <ArtistScreen model={model} detail={detail} />;
    case 'albums':
      return <NewReleaseScreen model={model} detail={detail} />;
    case 'kids':
      return <KidsScreen model={model} detail={detail} />;
    case 'tracks':
      if (detailRef.kind === 'album') return <AlbumScreen model={model} detail={detail} focusTrackId={focusTrackId} />;
      if (detailRef.kind === 'recommended') return <RecommendedScreen model={model} detail={detail} />;
      return <PlaylistScreen model={model} detail={detail} />;
  }
}

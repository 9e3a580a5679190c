import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useCallback, useContext, useId, useMemo, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackView, TracksDetailView } from '../../../../shared/bridge';
import { PointerBack } from '../../components/LeaveDialog';
import { trackInList, usePlayPause, type TrackActions } from '../../components/useTrackActions';
import { listNavigation } from '../../input/navigation';
import { ArrivalContext, usePanelOnArrival } from './arrival';
import type { DetailModel } from './detailModel';
import { HERO_ACTIONS_KEY } from './DetailHero';
import { trackColumnsTemplate } from './columnShares';
import { EMPTY_BACK_KEY, EmptyDetail } from './EmptyDetail';
import { LeftOutNote, leftOutId } from '../../components/LeftOutNote';
import { TrackHead, TrackList, TRACKS_FOCUS_KEY, trackFocusKey, trackIndexOf, useTrackRowHeight, type TrackColumns } from './TrackList';
import { usePagedItems, useRememberedFocus, useScreenFocus } from './useDetailModel';
import './TracksLayout.css';

const SCREEN_ORDER = [HERO_ACTIONS_KEY, TRACKS_FOCUS_KEY];
const screenResolver = listNavigation('horizontal', () => SCREEN_ORDER);

interface Props {
  model: DetailModel;
  detail: TracksDetailView;
  actions: TrackActions;
  /** The left column (DetailHero). */
  hero: ReactNode;
  /** The first of the hero's buttons, where focus goes when there is no track to focus. */
  heroFocusKey: string | undefined;
  columns?: TrackColumns;
  /** Said in place of the list when it has no tracks. */
  emptyText: string;
  /** The track focus arrives on, when it is among the loaded ones (else the first). */
  focusTrackId?: string | undefined;
}

/**
 * A screen whose body is a list of tracks (charts, playlists, stations, albums, more like this): the hero on the left,
 * the virtualised list on the right; OK on a track opens its panel, play/pause its QR code.
 */
export function TracksLayout({ model, detail, actions, hero, heroFocusKey, columns = 'all', emptyText, focusTrackId }: Props) {
  const { t } = useTranslation();
  // Left and right go between the hero's buttons and the list, by order.
  const { ref, focusKey } = useFocusable({ focusKey: 'detail', trackChildren: true, nextFocusResolver: screenResolver, measureChildrenLayout: false });
  const tracks = usePagedItems(model.tracks);
  const ensureLoaded = model.tracks?.ensureLoaded ?? noop;
  const rowHeight = useTrackRowHeight();
  const remembered = useRememberedFocus();
  // Focus is placed once (useScreenFocus), so a later page that moves the index changes nothing.
  const arrival = useContext(ArrivalContext);
  const arrivingAt = focusTrackId ?? arrival.focusTrackId;
  const found = arrivingAt === undefined ? -1 : tracks.findIndex((track) => track?.id === arrivingAt);
  const arrivalIndex = found < 0 ? undefined : found;
  const initialIndex = useMemo(() => trackIndexOf(remembered) ?? arrivalIndex, [remembered, arrivalIndex]);
  const { openPanel, openPhone, overlays } = actions;
  const noteId = useId();

  const onSelect = useCallback((track: TrackView, index: number) => openPanel(track, trackFocusKey(index)), [openPanel]);
  usePanelOnArrival(tracks, onSelect);
  const whole = useMemo(() => (detail.url === undefined ? undefined : { title: detail.title, url: detail.url }), [detail]);
  usePlayPause(trackInList(tracks), openPhone, whole);

  // From the first page only: the columns do not move as later pages arrive.
  const template = useMemo(() => ({ '--track-columns': trackColumnsTemplate(detail.tracks, columns) }) as CSSProperties, [detail.tracks, columns]);
  const fallback = tracks.length > 0 ? trackFocusKey(arrivalIndex ?? 0) : (heroFocusKey ?? EMPTY_BACK_KEY);
  useScreenFocus(detail, remembered, fallback);

  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="screen detail">
        <PointerBack />
        {hero}
        <section className="detail-list" aria-label={t('detail.tracks', { count: detail.totalTracks })} style={template}>
          <LeftOutNote id={noteId} count={detail.explicitLeftOut} />
          {tracks.length > 0 && <TrackHead columns={columns} />}
          {tracks.length > 0 ? (
            <TrackList
              key={model.tracks?.id}
              tracks={tracks}
              label={t('detail.tracks', { count: detail.totalTracks })}
              rowHeight={rowHeight}
              ensureLoaded={ensureLoaded}
              onSelect={onSelect}
              columns={columns}
              initialIndex={initialIndex}
              describedBy={leftOutId(noteId, detail.explicitLeftOut)}
            />
          ) : (
            <EmptyDetail text={emptyText} withBack={heroFocusKey === undefined} />
          )}
        </section>
        {overlays}
      </main>
    </FocusContext.Provider>
  );
}

function noop(): void {
  return undefined;
}

import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArtistDetailView, TrackView } from '../../../../shared/bridge';
import { FocusButton } from '../../components/FocusButton';
import { FocusList } from '../../components/FocusList';
import { PointerBack } from '../../components/LeaveDialog';
import { Row, tileFocusKey } from '../../components/Row';
import { trackInList, usePlayPause, useTrackActions } from '../../components/useTrackActions';
import { listNavigation } from '../../input/navigation';
import type { DetailModel } from '../detail/detailModel';
import { DetailHero, HERO_ACTIONS_KEY } from '../detail/DetailHero';
import { EMPTY_BACK_KEY, EmptyDetail } from '../detail/EmptyDetail';
import { LeftOutNote, leftOutId } from '../../components/LeftOutNote';
import { useOpenTile, usePageAhead } from '../detail/tileActions';
import { prefixOf } from '../detail/pagedList';
import { TrackHead, TrackList, TRACKS_FOCUS_KEY, trackFocusKey, trackIndexOf, useTrackRowHeight } from '../detail/TrackList';
import { usePagedItems, useRememberedFocus, useScreenFocus } from '../detail/useDetailModel';
import './ArtistScreen.css';

export const ARTIST_ALBUMS_ROW = 'artist-albums';
/** Ask for the next page of albums when focus is this many tiles from the end of what is loaded. */
const PAGE_AHEAD = 6;

/** An artist: their picture, their top tracks, and a row of their albums. */
export function ArtistScreen({ model, detail }: { model: DetailModel; detail: ArtistDetailView }) {
  const { t } = useTranslation();
  const { openPanel, openPhone, overlays } = useTrackActions(detail.ref);
  const tracks = usePagedItems(model.tracks);
  const albumItems = usePagedItems(model.tiles);
  const albums = useMemo(() => prefixOf(albumItems), [albumItems]);
  const albumBody = useMemo(() => ({ status: 'ready' as const, tiles: albums }), [albums]);
  const remembered = useRememberedFocus();
  const rowHeight = useTrackRowHeight();
  const url = detail.url;
  const noteId = useId();
  const whole = useMemo(() => (url === undefined ? undefined : { title: detail.title, url }), [url, detail.title]);
  usePlayPause(trackInList(tracks), openPhone, whole);

  // Left and right go between the picture's button and the lists; nothing is measured.
  const screenOrder = useMemo(() => [HERO_ACTIONS_KEY, 'artist-main'], []);
  const screenResolver = useMemo(() => listNavigation('horizontal', () => screenOrder), [screenOrder]);
  const { ref, focusKey } = useFocusable({ focusKey: 'detail', trackChildren: true, nextFocusResolver: screenResolver, measureChildrenLayout: false });

  const onTrack = useCallback((track: TrackView, index: number) => openPanel(track, trackFocusKey(index)), [openPanel]);
  const openAlbum = useOpenTile();
  const onAlbumFocused = usePageAhead(model.tiles, albums.length, PAGE_AHEAD);
  // The albums over the top tracks: a long list of tracks does not stand between the viewer and the albums.
  const hasAlbums = albums.length > 0;
  const columnKeys = useMemo(() => [...(hasAlbums ? [`row:${ARTIST_ALBUMS_ROW}`] : []), TRACKS_FOCUS_KEY], [hasAlbums]);

  const firstAlbum = albums[0];
  const fallback = firstAlbum !== undefined
    ? tileFocusKey(ARTIST_ALBUMS_ROW, firstAlbum.key)
    : tracks.length > 0 ? trackFocusKey(0) : url !== undefined ? 'detail-phone' : EMPTY_BACK_KEY;
  useScreenFocus(detail, remembered, fallback);

  const facts = [
    t('artist.albums', { count: detail.totalAlbums }),
    detail.totalTracks > 0 ? t('artist.topTracksCount', { count: detail.totalTracks }) : undefined,
  ].filter(Boolean).join(' · ');

  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="screen detail artist">
        <PointerBack />
        <DetailHero
          detailRef={detail.ref}
          title={detail.title}
          images={detail.images}
          kind={t('kinds.artist')}
          round
          actionKeys={url !== undefined ? ['detail-phone'] : []}
          actions={
            url !== undefined && (
              <FocusButton focusKey="detail-phone" onSelect={() => openPhone({ title: detail.title, url })}>
                {t('detail.openOnPhone')}
              </FocusButton>
            )
          }
        >
          <p className="detail-meta">{facts}</p>
        </DetailHero>
        <FocusList focusKey="artist-main" axis="vertical" keys={columnKeys} rememberLast className="artist-main">
          <Row
            rowKey={ARTIST_ALBUMS_ROW}
            title={t('artist.albumsTitle')}
            body={albumBody}
            onSelect={openAlbum}
            onTileFocused={onAlbumFocused}
            restoreKey={remembered}
            emptyText={t('artist.noAlbums')}
          />
          <section className="artist-tracks" aria-label={t('artist.topTracks')}>
            <h2 className="section-title">{t('artist.topTracks')}</h2>
            <LeftOutNote id={noteId} count={detail.explicitLeftOut} />
            {tracks.length > 0 ? (
              <>
                <TrackHead columns="no-artist" />
                <TrackList
                  key={model.tracks?.id}
                  tracks={tracks}
                  label={t('artist.topTracks')}
                  rowHeight={rowHeight}
                  ensureLoaded={model.tracks?.ensureLoaded ?? noop}
                  onSelect={onTrack}
                  initialIndex={trackIndexOf(remembered)}
                  columns="no-artist"
                  describedBy={leftOutId(noteId, detail.explicitLeftOut)}
                />
              </>
            ) : (
              <p className="row-message">{t('artist.noTracks')}</p>
            )}
          </section>
          {tracks.length === 0 && albums.length === 0 && url === undefined && <EmptyDetail text="" />}
        </FocusList>
        {overlays}
      </main>
    </FocusContext.Provider>
  );
}

function noop(): void {
  return undefined;
}

import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailRef, TrackView, UiError } from '../../../shared/bridge';
import { announce } from '../a11y/announce';
import { errorText } from '../i18n/errorText';
import { useApp, useTunewall } from '../store/context';
import { useOnReconnect } from '../store/reconnects';
import { Dialog } from './Dialog';
import { FocusButton } from './FocusButton';
import { FocusList } from './FocusList';
import { useCatalogText } from '../i18n/contentLang';
import { useSendToPhone } from './useSendToPhone';
import './TrackPanel.css';

type Favorite =
  | { status: 'unknown' }
  | { status: 'not-favorite' }
  | { status: 'adding' }
  | { status: 'favorite'; news: 'added' | 'already' | undefined }
  | { status: 'failed'; error: UiError };

interface Props {
  track: TrackView;
  /** The screen the panel is opened on: no "Go to" leads back to it. */
  here: DetailRef | undefined;
  onPhone: () => void;
  /** "Send to my phone" without a phone paired: "Use your phone" first. */
  onPairPhone: () => void;
  onGo: (ref: DetailRef, title: string) => void;
  onClose: () => void;
  /** False while the screen behind is being left for another (focus then goes to the new screen). */
  returnFocus: () => boolean;
  /** The track it was opened from, where focus goes back (it may open before focus got there: Show on TV). */
  opener?: string | undefined;
}

const same = (a: DetailRef | undefined, kind: DetailRef['kind'], id: string | undefined): boolean =>
  a !== undefined && id !== undefined && a.kind === kind && a.id === id;

function useFavorite(trackId: string, member: boolean): [Favorite, () => void] {
  const { bridge } = useTunewall();
  const [favorite, setFavorite] = useState<Favorite>({ status: 'unknown' });
  // The state could not be asked for (the service away): it is asked again once the service is back.
  const [asks, setAsks] = useState(0);
  const [unanswered, setUnanswered] = useState(false);
  useOnReconnect(
    unanswered
      ? () => {
          setUnanswered(false);
          setAsks((n) => n + 1);
        }
      : undefined,
  );
  useEffect(() => {
    if (!member) return undefined;
    let live = true;
    bridge.favoriteState(trackId).then(
      (result) => {
        if (!live) return;
        if (!result.ok) {
          setUnanswered(result.error.retryable);
          return;
        }
        // A press on "Add" may already have answered.
        setFavorite((now) => (now.status !== 'unknown' ? now : result.value === 'favorite' ? { status: 'favorite', news: undefined } : { status: 'not-favorite' }));
      },
      (error: unknown) => {
        console.warn('favourite state did not load', error);
        if (live) setUnanswered(true);
      },
    );
    return () => {
      live = false;
    };
  }, [bridge, trackId, member, asks]);

  const add = (): void => {
    if (favorite.status === 'adding') return;
    if (favorite.status === 'favorite') {
      setFavorite({ status: 'favorite', news: 'already' });
      return;
    }
    setFavorite({ status: 'adding' });
    bridge.addFavorite(trackId).then(
      (result) => {
        if (!result.ok) setFavorite({ status: 'failed', error: result.error });
        else if (result.value === 'favorite') setFavorite({ status: 'favorite', news: 'added' });
        else setFavorite({ status: 'failed', error: { kind: 'denied', message: 'Favourites are for members.', retryable: false } });
      },
      (error: unknown) => setFavorite({ status: 'failed', error: { kind: 'unknown', message: String(error), retryable: true } }),
    );
  };
  return [favorite, add];
}

/**
 * What can be done with a track: open it on the phone, go to its album or artist, hear more like it, keep it among
 * the member's favourites. A small modal the remote moves through by order; Back closes it.
 */
export function TrackPanel({ track, here, onPhone, onPairPhone, onGo, onClose, returnFocus, opener }: Props) {
  const { t } = useTranslation();
  const catalog = useCatalogText();
  const member = useApp((s) => s.state?.auth.status === 'signed-in' && s.state.auth.mode === 'member');
  const [favorite, addFavorite] = useFavorite(track.id, member);
  const toPhone = useSendToPhone(track, here, onPairPhone);

  const territory = useApp((s) => s.state?.territory);
  // A track from another territory (a favourite kept from there) may have an album this one does not offer.
  const albumElsewhere = territory !== undefined && track.albumTerritories !== undefined && !track.albumTerritories.includes(territory);
  const showAlbum = track.albumId !== undefined && !same(here, 'album', track.albumId) && !albumElsewhere;
  const showArtist = track.artistId !== undefined && !same(here, 'artist', track.artistId);
  const keys = useMemo(
    () => ['panel-phone', ...(toPhone.offered ? ['panel-send'] : []), ...(showAlbum ? ['panel-album'] : []), ...(showArtist ? ['panel-artist'] : []), 'panel-more', ...(member ? ['panel-favorite'] : [])],
    [showAlbum, showArtist, member, toPhone.offered],
  );

  // A drawn check mark: the fonts' "✓" falls back to a glyph that reads as "√".
  const favoriteLabel =
    favorite.status === 'favorite' ? (
      <>
        <svg viewBox="0 0 24 24" aria-hidden="true" className="btn-glyph check-mark">
          <path d="M4.5 12.5l5 5 10-11" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {t('panel.inFavorites')}
      </>
    ) : favorite.status === 'adding' ? (
      t('panel.adding')
    ) : (
      t('panel.addFavorite')
    );
  let status: { text: string; tone: 'ok' | 'bad' } | undefined;
  if (favorite.status === 'favorite' && favorite.news === 'added') status = { text: t('panel.added'), tone: 'ok' };
  if (favorite.status === 'favorite' && favorite.news === 'already') status = { text: t('panel.already'), tone: 'ok' };
  // The core's keyed messages say what failed themselves ("Not added to favorites: …"); a bare one is given context.
  if (favorite.status === 'failed') {
    const reason = errorText(t, favorite.error);
    status = { text: favorite.error.messageKey !== undefined ? reason : t('panel.addFailed', { reason }), tone: 'bad' };
  }
  status = toPhone.status ?? status;

  // Said by voice guidance as it appears, without taking focus from the action.
  const statusText = status?.text;
  const trackName = track.name;
  useEffect(() => {
    // Said with the track it is about: "告白氣球. Added to your favorites."
    if (statusText !== undefined) announce(statusText, trackName);
  }, [statusText, trackName]);

  const facts = [track.artist, track.album].filter((part) => part !== '').join(' · ');
  return (
    <Dialog focusKey="track-panel" title={track.name} titleLang={catalog.lang} titleCatalog={catalog['data-catalog']} initialFocusKey="panel-phone" onClose={onClose} returnFocus={returnFocus} opener={opener} className="track-panel">
      {facts !== '' && <p className="panel-facts">{facts}</p>}
      {albumElsewhere && track.albumId !== undefined && <p className="panel-note">{t('panel.albumNotIn', { territory })}</p>}
      <FocusList focusKey="panel-actions" axis="vertical" keys={keys} className="panel-actions" spokenPlace>
          <FocusButton focusKey="panel-phone" onSelect={onPhone}>
            {t('detail.openOnPhone')}
          </FocusButton>
          {toPhone.offered && (
            <FocusButton focusKey="panel-send" onSelect={toPhone.send}>
              {t('companion.sendToPhone')}
            </FocusButton>
          )}
          {showAlbum && track.albumId !== undefined && (
            <FocusButton focusKey="panel-album" onSelect={() => track.albumId !== undefined && onGo({ kind: 'album', id: track.albumId }, track.album)}>
              {t('panel.goToAlbum')}
            </FocusButton>
          )}
          {showArtist && track.artistId !== undefined && (
            <FocusButton focusKey="panel-artist" onSelect={() => track.artistId !== undefined && onGo({ kind: 'artist', id: track.artistId }, track.artist)}>
              {t('panel.goToArtist')}
            </FocusButton>
          )}
          <FocusButton focusKey="panel-more" onSelect={() => onGo({ kind: 'recommended', id: track.id }, track.name)}>
            {t('panel.moreLikeThis')}
          </FocusButton>
          {member && (
            <FocusButton focusKey="panel-favorite" selected={favorite.status === 'favorite'} onSelect={addFavorite}>
              {favoriteLabel}
            </FocusButton>
          )}
      </FocusList>
      <p className={`panel-status ${status === undefined ? '' : `tone-${status.tone}`}`} role="status" aria-live="polite">
        {status?.text ?? ''}
      </p>
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import type { TracksDetailView } from '../../../../shared/bridge';
import { FocusButton } from '../../components/FocusButton';
import { useTrackActions } from '../../components/useTrackActions';
import { formatReleaseDate } from '../../i18n/releaseDate';
import { useTunewall } from '../../store/context';
import type { DetailModel } from '../detail/detailModel';
import { DetailHero } from '../detail/DetailHero';
import { TracksLayout } from '../detail/TracksLayout';
import './AlbumScreen.css';

export const ALBUM_ARTIST_KEY = 'album-artist';

/** An album: its artwork, its artist (to open), when it came out as far as that is known, and its tracks. */
export function AlbumScreen({ model, detail, focusTrackId }: { model: DetailModel; detail: TracksDetailView; focusTrackId?: string | undefined }) {
  const { t, i18n } = useTranslation();
  const { nav } = useTunewall();
  const actions = useTrackActions(detail.ref);
  const facts = detail.album;
  const artist = facts?.artist;
  const released = formatReleaseDate(facts?.releaseDate, i18n.language);
  const url = detail.url;
  const openArtist = (): void => {
    if (artist === undefined || artist.id === '') return;
    nav.getState().push({ name: 'detail', ref: { kind: 'artist', id: artist.id }, title: artist.name }, ALBUM_ARTIST_KEY);
  };
  const canOpenArtist = artist !== undefined && artist.id !== '';
  const actionKeys = [...(canOpenArtist ? [ALBUM_ARTIST_KEY] : []), ...(url !== undefined ? ['detail-phone'] : [])];

  const hero = (
    <DetailHero
      detailRef={detail.ref}
      title={detail.title}
      images={detail.images}
      kind={t('kinds.album')}
      actionKeys={actionKeys}
      actions={
        <>
          {canOpenArtist && (
            <FocusButton focusKey={ALBUM_ARTIST_KEY} className="btn-artist" label={t('album.goToArtist', { artist: artist.name })} onSelect={openArtist}>
              <svg viewBox="0 0 24 24" aria-hidden="true" className="btn-glyph">
                <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z" fill="currentColor" />
              </svg>
              {artist.name}
            </FocusButton>
          )}
          {url !== undefined && (
            <FocusButton focusKey="detail-phone" onSelect={() => actions.openPhone({ title: detail.title, url })}>
              {t('detail.openOnPhone')}
            </FocusButton>
          )}
        </>
      }
    >
      {!canOpenArtist && artist !== undefined && artist.name !== '' && <p className="detail-artist">{artist.name}</p>}
      <p className="detail-meta">
        {facts?.explicit === true && (
          <abbr className="explicit explicit-lead" title={t('detail.explicit')}>E</abbr>
        )}
        {[released, t('detail.tracks', { count: detail.totalTracks })].filter(Boolean).join(' · ')}
      </p>
    </DetailHero>
  );
  return (
    <TracksLayout
      model={model}
      detail={detail}
      actions={actions}
      hero={hero}
      heroFocusKey={actionKeys[0]}
      columns="no-album"
      focusTrackId={focusTrackId}
      emptyText={t('album.noTracks')}
    />
  );
}

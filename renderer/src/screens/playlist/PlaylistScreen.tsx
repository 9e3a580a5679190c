import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { useTranslation } from 'react-i18next';
import type { TracksDetailView } from '../../../../shared/bridge';
import { FocusButton } from '../../components/FocusButton';
import { useTrackActions } from '../../components/useTrackActions';
import { dateFormat } from '../../i18n/formats';
import { useApp } from '../../store/context';
import type { DetailModel } from '../detail/detailModel';
import { DetailHero } from '../detail/DetailHero';
import { TracksLayout } from '../detail/TracksLayout';
import './PlaylistScreen.css';

/** Charts, new-hits playlists, shared and collected playlists, mood and genre stations: a list of tracks. */
export function PlaylistScreen({ model, detail }: { model: DetailModel; detail: TracksDetailView }) {
  const { t, i18n } = useTranslation();
  const territory = useApp((s) => s.state?.territory);
  const actions = useTrackActions(detail.ref);
  const updated = detail.updatedAt !== undefined && !Number.isNaN(Date.parse(detail.updatedAt))
    ? dateFormat(i18n.language, { dateStyle: 'long' }).format(new Date(detail.updatedAt))
    : undefined;
  const url = detail.url;

  const actionKeys = [...(url !== undefined ? ['detail-phone'] : []), ...(detail.shuffled ? ['detail-shuffle'] : [])];
  const shuffleAgain = (): void => {
    model.fetch(territory, true);
    void setFocus('detail-shuffle');
  };

  const hero = (
    <DetailHero
      detailRef={detail.ref}
      title={detail.title}
      images={detail.images}
      kind={t(`kinds.${detail.ref.kind}`)}
      actionKeys={actionKeys}
      actions={
        <>
          {url !== undefined && (
            <FocusButton focusKey="detail-phone" onSelect={() => actions.openPhone({ title: detail.title, url })}>
              {t('detail.openOnPhone')}
            </FocusButton>
          )}
          {detail.shuffled && (
            <FocusButton focusKey="detail-shuffle" onSelect={shuffleAgain}>
              {t('detail.shuffleAgain')}
            </FocusButton>
          )}
        </>
      }
    >
      {detail.description && <p className="detail-description">{detail.description}</p>}
      <p className="detail-meta">
        {[
          detail.owner !== undefined ? t('detail.by', { owner: detail.owner }) : undefined,
          t('detail.tracks', { count: detail.totalTracks }),
          updated !== undefined ? t('detail.updated', { date: updated }) : undefined,
        ]
          .filter((part): part is string => part !== undefined)
          .map((part, i) => (
            <span key={i}>
              {i > 0 && ' · '}
              <span className="meta-part">{part}</span>
            </span>
          ))}
      </p>
      {detail.shuffled && <p className="detail-shuffled">{t('detail.shuffledNote')}</p>}
      {url === undefined && detail.tracks.length > 0 && <p className="detail-phone-hint">{t('detail.trackOnPhoneHint')}</p>}
    </DetailHero>
  );
  return (
    <TracksLayout
      model={model}
      detail={detail}
      actions={actions}
      hero={hero}
      heroFocusKey={actionKeys[0]}
      emptyText={t('detail.noTracks')}
    />
  );
}

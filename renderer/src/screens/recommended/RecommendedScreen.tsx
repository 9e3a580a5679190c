import { useTranslation } from 'react-i18next';
import type { TracksDetailView } from '../../../../shared/bridge';
import { useTrackActions } from '../../components/useTrackActions';
import type { DetailModel } from '../detail/detailModel';
import { DetailHero } from '../detail/DetailHero';
import { TracksLayout } from '../detail/TracksLayout';

/**
 * More like this: the tracks the service recommends from one track (the seed). A track that cannot seed
 * recommendations is an empty list with a plain sentence, not an error.
 */
export function RecommendedScreen({ model, detail }: { model: DetailModel; detail: TracksDetailView }) {
  const { t } = useTranslation();
  const actions = useTrackActions(detail.ref);
  const seed = detail.seed;
  const title = seed?.name ?? detail.title;
  const by = seed !== undefined && seed.artist !== '' ? seed.artist : undefined;
  const hero = (
    <DetailHero detailRef={detail.ref} title={title} images={detail.images} kind={t('kinds.recommended')}>
      {by !== undefined && <p className="detail-artist">{by}</p>}
      {detail.totalTracks > 0 && <p className="detail-meta">{t('recommended.count', { count: detail.totalTracks })}</p>}
    </DetailHero>
  );
  return (
    <TracksLayout
      model={model}
      detail={detail}
      actions={actions}
      hero={hero}
      heroFocusKey={undefined}
      emptyText={t('recommended.none')}
    />
  );
}

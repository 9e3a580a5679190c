/** Home as the TV has it for this phone: its rows, top to bottom, each loaded on its own. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowId } from '../../../../shared/catalogViews';
import type { BrowseView } from './views';
import { usePhone } from './context';
import { Failure } from './Failure';
import { TileList } from './Tile';
import { useAnswer } from './useAnswer';

function Row({ id, open }: { id: RowId; open: (view: BrowseView) => void }) {
  const { t } = useTranslation();
  const { api } = usePhone();
  const ask = useCallback(() => api.row(id), [api, id]);
  const { loaded, retry } = useAnswer(ask);
  const headingId = `row-${id}`;
  return (
    <section className="row" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`rows.${id}`)}</h2>
      {loaded.state === 'loading' ? <p className="quiet">{t('common.loading')}</p> : null}
      {loaded.state === 'failed' ? <Failure problem={loaded.problem} retry={retry} /> : null}
      {loaded.state === 'ok' ? <TileList tiles={loaded.value.tiles} within={undefined} open={open} grouped /> : null}
    </section>
  );
}

export function Home({ open }: { open: (view: BrowseView) => void }) {
  const { t } = useTranslation();
  const { api } = usePhone();
  const ask = useCallback(() => api.home(), [api]);
  const { loaded, retry } = useAnswer(ask);
  if (loaded.state === 'loading') return <p className="quiet">{t('common.loading')}</p>;
  if (loaded.state === 'failed') return <Failure problem={loaded.problem} retry={retry} />;
  return (
    <>
      {loaded.value.rows.map((id) => (
        <Row key={id} id={id} open={open} />
      ))}
    </>
  );
}

/**
 * A detail on the phone, as the TV shows it: its title as the heading, "Show on TV", then its tracks, its albums or
 * its sections, each with "Show more" while the TV has more.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailRef, DetailView, KidsSectionView, TileView, TrackView } from '../../../../shared/catalogViews';
import { catalogLang } from '../text';
import { usePhone } from './context';
import { Failure } from './Failure';
import { TileList } from './Tile';
import { ShowOnTv, TrackList } from './TrackList';
import { useAnswer } from './useAnswer';
import type { BrowseView } from './views';

const PAGE = 50;

/** A list the TV pages: what is here, and "Show more" asking the TV for the next page. */
function usePaged<T>(first: readonly T[], total: number, next: (offset: number) => Promise<T[] | undefined>) {
  const [items, setItems] = useState<readonly T[]>(first);
  const [busy, setBusy] = useState(false);
  const more = async (): Promise<void> => {
    setBusy(true);
    const page = await next(items.length);
    setBusy(false);
    if (page !== undefined) setItems((now) => [...now, ...page]);
  };
  return { items, busy, hasMore: items.length < total, more };
}

function MoreButton({ busy, more }: { busy: boolean; more: () => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="more" aria-disabled={busy} onClick={() => void (busy ? undefined : more())}>
      {busy ? t('common.loading') : t('common.more')}
    </button>
  );
}

function Tracks({ reference, first, total }: { reference: DetailRef; first: TrackView[]; total: number }) {
  const { t } = useTranslation();
  const { api, say } = usePhone();
  const paged = usePaged(first, total, async (offset) => {
    const answer = await api.tracks(reference, offset, PAGE);
    if (!answer.ok) say(t('errors.view'));
    return answer.ok ? answer.value.tracks : undefined;
  });
  return (
    <section className="part" aria-labelledby="detail-tracks">
      <h3 id="detail-tracks">
        {t('detail.tracks')} <span className="quiet">({t('detail.trackCount', { count: total })})</span>
      </h3>
      <TrackList tracks={paged.items} within={reference} />
      {paged.hasMore ? <MoreButton busy={paged.busy} more={paged.more} /> : null}
    </section>
  );
}

function Tiles(props: { reference: DetailRef; first: TileView[]; total: number; heading: string; open: (view: BrowseView) => void }) {
  const { reference, first, total, heading, open } = props;
  const { t } = useTranslation();
  const { api, say, language } = usePhone();
  const paged = usePaged(first, total, async (offset) => {
    const answer = await api.tiles(reference, offset, PAGE);
    if (!answer.ok) say(t('errors.view'));
    return answer.ok ? answer.value.tiles : undefined;
  });
  const id = `tiles-${reference.kind}-${reference.id}`;
  return (
    <section className="part" aria-labelledby={id}>
      <h3 id={id} lang={catalogLang(heading, language)}>
        {heading}
      </h3>
      <TileList tiles={paged.items} within={reference} open={open} grid />
      {paged.hasMore ? <MoreButton busy={paged.busy} more={paged.more} /> : null}
    </section>
  );
}

function Body({ detail, open }: { detail: DetailView; open: (view: BrowseView) => void }) {
  const { t } = useTranslation();
  const { ref } = detail;
  switch (detail.layout) {
    case 'tracks':
      return <Tracks reference={ref} first={detail.tracks} total={detail.totalTracks} />;
    case 'artist':
      return (
        <>
          <Tracks reference={ref} first={detail.tracks} total={detail.totalTracks} />
          <Tiles reference={ref} first={detail.albums} total={detail.totalAlbums} heading={t('detail.albums')} open={open} />
        </>
      );
    case 'albums':
      return <Tiles reference={ref} first={detail.albums} total={detail.totalAlbums} heading={t('detail.albums')} open={open} />;
    case 'kids':
      return (
        <>
          {detail.sections.map((section: KidsSectionView) => (
            <Tiles key={section.ref.id} reference={section.ref} first={section.playlists} total={section.totalPlaylists} heading={section.title} open={open} />
          ))}
        </>
      );
  }
}

export function Detail({ reference, open }: { reference: DetailRef; open: (view: BrowseView) => void }) {
  const { t } = useTranslation();
  const { api, language } = usePhone();
  const ask = useCallback(() => api.detail(reference), [api, reference]);
  const { loaded, retry } = useAnswer(ask);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (loaded.state === 'ok') heading.current?.focus();
  }, [loaded.state]);
  if (loaded.state === 'loading') return <p className="quiet">{t('common.loading')}</p>;
  if (loaded.state === 'failed') return <Failure problem={loaded.problem} retry={retry} />;
  const detail = loaded.value;
  const description = detail.layout === 'tracks' ? detail.description : '';
  return (
    <article className="detail">
      <h2 ref={heading} tabIndex={-1} lang={catalogLang(detail.title, language)}>
        {detail.title}
      </h2>
      {description !== '' ? (
        <p className="description" lang={catalogLang(description, language)}>
          {description}
        </p>
      ) : null}
      <ShowOnTv target={{ kind: 'detail', ref: detail.ref }} />
      <Body detail={detail} open={open} />
    </article>
  );
}

import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { KidsDetailView, KidsSectionView, TileView } from '../../../../shared/bridge';
import { Artwork } from '../../components/Artwork';
import { FocusButton } from '../../components/FocusButton';
import { PointerBack } from '../../components/LeaveDialog';
import { Row, tileFocusKey } from '../../components/Row';
import { useTrackActions } from '../../components/useTrackActions';
import { listNavigation } from '../../input/navigation';
import { useTunewall } from '../../store/context';
import type { DetailModel } from '../detail/detailModel';
import { prefixOf, type PagedList } from '../detail/pagedList';
import { usePagedItems, useRememberedFocus, useScreenFocus } from '../detail/useDetailModel';

/** Ask for the next page of playlists when focus is this many tiles from the end of what is loaded. */
const PAGE_AHEAD = 6;

export function kidsRowKey(section: KidsSectionView): string {
  return `kids-${section.ref.id}`;
}

interface SectionProps {
  section: KidsSectionView;
  list: PagedList<TileView> | undefined;
  onSelect: (tile: TileView, focusKey: string) => void;
  restoreKey: string | undefined;
}

/** One subcategory: a row of its playlists, paged as focus moves along it. */
const KidsSection = memo(function KidsSection({ section, list, onSelect, restoreKey }: SectionProps) {
  const items = usePagedItems(list);
  const tiles = useMemo(() => prefixOf(items), [items]);
  const body = useMemo(() => ({ status: 'ready' as const, tiles }), [tiles]);
  const loaded = tiles.length;
  const onTileFocused = useCallback(
    (index: number) => {
      if (list !== undefined && index + PAGE_AHEAD >= loaded && loaded < list.total) list.ensureLoaded(loaded);
    },
    [list, loaded],
  );
  return <Row rowKey={kidsRowKey(section)} title={section.title} body={body} onSelect={onSelect} onTileFocused={onTileFocused} restoreKey={restoreKey} />;
});

/** A children category: its subcategories, each a row of playlists. */
export function KidsScreen({ model, detail }: { model: DetailModel; detail: KidsDetailView }) {
  const { t } = useTranslation();
  const { nav } = useTunewall();
  const { openPhone, overlays } = useTrackActions(detail.ref);
  const remembered = useRememberedFocus();
  const url = detail.url;
  // A subcategory with no playlists has nothing to show.
  const sections = useMemo(() => detail.sections.filter((s) => s.totalPlaylists > 0 && s.playlists.length > 0), [detail]);

  const order = useMemo(
    () => [...(url !== undefined ? ['detail-phone'] : []), ...sections.map((s) => `row:${kidsRowKey(s)}`)],
    [url, sections],
  );
  const resolver = useMemo(() => listNavigation('vertical', () => order), [order]);
  const { ref, focusKey } = useFocusable({ focusKey: 'detail', trackChildren: true, nextFocusResolver: resolver, measureChildrenLayout: false });

  const open = useCallback(
    (tile: TileView, from: string) => {
      if (tile.ref !== undefined) nav.getState().push({ name: 'detail', ref: tile.ref, title: tile.title }, from);
    },
    [nav],
  );

  const firstSection = sections[0];
  const firstTile = firstSection?.playlists[0];
  const fallback = firstSection !== undefined && firstTile !== undefined
    ? tileFocusKey(kidsRowKey(firstSection), firstTile.key)
    : url !== undefined ? 'detail-phone' : 'detail-empty-back';
  useScreenFocus(detail, remembered, fallback);

  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="screen detail-page kids">
        <PointerBack />
        <header className="detail-top">
          <Artwork images={detail.images} title={detail.title} className="kids-art" />
          <div>
            <p className="detail-kind">{t('kinds.kids-category')}</p>
            <h1 className="detail-title">{detail.title}</h1>
            {sections.length > 0 && <p className="detail-meta">{sections.map((s) => s.title).join(' · ')}</p>}
          </div>
          {url !== undefined && (
            <FocusButton focusKey="detail-phone" onSelect={() => openPhone({ title: detail.title, url })}>
              {t('detail.openOnPhone')}
            </FocusButton>
          )}
        </header>
        <div className="page-scroll rows">
          {sections.map((section) => (
            <KidsSection key={section.ref.id} section={section} list={model.sections.get(section.ref.id)} onSelect={open} restoreKey={remembered} />
          ))}
          {sections.length === 0 && (
            <div className="detail-message" role="status">
              <p>{t('kids.none')}</p>
              <FocusButton focusKey="detail-empty-back" onSelect={() => nav.getState().pop()}>
                {t('common.back')}
              </FocusButton>
            </div>
          )}
        </div>
        {overlays}
      </main>
    </FocusContext.Provider>
  );
}

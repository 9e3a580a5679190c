import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { KidsDetailView, KidsSectionView, TileView } from '../../../../shared/bridge';
import { Artwork } from '../../components/Artwork';
import { PointerBack } from '../../components/LeaveDialog';
import { Row, tileFocusKey } from '../../components/Row';
import { useTrackActions } from '../../components/useTrackActions';
import { listNavigation } from '../../input/navigation';
import type { DetailModel } from '../detail/detailModel';
import { DetailTop } from '../detail/DetailTop';
import { EMPTY_BACK_KEY, EmptyDetail } from '../detail/EmptyDetail';
import { useOpenTile, usePageAhead } from '../detail/tileActions';
import { prefixOf, type PagedList } from '../detail/pagedList';
import { usePagedItems, useRememberedFocus, useScreenFocus } from '../detail/useDetailModel';
import './KidsScreen.css';

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
  const onTileFocused = usePageAhead(list, tiles.length, PAGE_AHEAD);
  return <Row rowKey={kidsRowKey(section)} title={section.title} body={body} onSelect={onSelect} onTileFocused={onTileFocused} restoreKey={restoreKey} total={items.length} />;
});

/** A children category: its subcategories, each a row of playlists. */
export function KidsScreen({ model, detail }: { model: DetailModel; detail: KidsDetailView }) {
  const { t } = useTranslation();
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

  const open = useOpenTile();

  const firstSection = sections[0];
  const firstTile = firstSection?.playlists[0];
  const fallback = firstSection !== undefined && firstTile !== undefined
    ? tileFocusKey(kidsRowKey(firstSection), firstTile.key)
    : url !== undefined ? 'detail-phone' : EMPTY_BACK_KEY;
  useScreenFocus(detail, remembered, fallback);

  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="screen detail-page kids">
        <PointerBack />
        <DetailTop
          art={<Artwork images={detail.images} title={detail.title} className="kids-art" />}
          kind={t('kinds.kids-category')}
          title={detail.title}
          meta={sections.map((s) => s.title).join(' · ')}
          phone={url === undefined ? undefined : { title: detail.title, url }}
          openPhone={openPhone}
        />
        <div className="rows">
          {sections.map((section) => (
            <KidsSection key={section.ref.id} section={section} list={model.sections.get(section.ref.id)} onSelect={open} restoreKey={remembered} />
          ))}
          {sections.length === 0 && <EmptyDetail text={t('kids.none')} />}
        </div>
        {overlays}
      </main>
    </FocusContext.Provider>
  );
}

import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlbumGridDetailView } from '../../../../shared/bridge';
import { PointerBack } from '../../components/LeaveDialog';
import { tileFocusKey } from '../../components/Row';
import { TileGrid } from '../../components/TileGrid';
import { useTrackActions } from '../../components/useTrackActions';
import { listNavigation } from '../../input/navigation';
import type { DetailModel } from '../detail/detailModel';
import { DetailTop } from '../detail/DetailTop';
import { EMPTY_BACK_KEY, EmptyDetail } from '../detail/EmptyDetail';
import { useOpenTile, usePageAhead } from '../detail/tileActions';
import { prefixOf } from '../detail/pagedList';
import { usePagedItems, useRememberedFocus, useScreenFocus } from '../detail/useDetailModel';

export const ALBUM_GRID_KEY = 'album-grid';
/** Ask for the next page of albums when focus is this many tiles from the end of what is loaded. */
const PAGE_AHEAD = 18;

/** A new-release category: every album in it, as a grid the remote moves through line by line. */
export function NewReleaseScreen({ model, detail }: { model: DetailModel; detail: AlbumGridDetailView }) {
  const { t } = useTranslation();
  const { openPhone, overlays } = useTrackActions(detail.ref);
  const items = usePagedItems(model.tiles);
  const tiles = useMemo(() => prefixOf(items), [items]);
  const remembered = useRememberedFocus();
  const url = detail.url;

  const order = useMemo(() => [...(url !== undefined ? ['detail-phone'] : []), ALBUM_GRID_KEY], [url]);
  const resolver = useMemo(() => listNavigation('vertical', () => order), [order]);
  const { ref, focusKey } = useFocusable({ focusKey: 'detail', trackChildren: true, nextFocusResolver: resolver, measureChildrenLayout: false });

  const open = useOpenTile();
  const onTileFocused = usePageAhead(model.tiles, tiles.length, PAGE_AHEAD);

  const first = tiles[0];
  useScreenFocus(detail, remembered, first !== undefined ? tileFocusKey(ALBUM_GRID_KEY, first.key) : url !== undefined ? 'detail-phone' : EMPTY_BACK_KEY);

  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="screen detail-page">
        <PointerBack />
        <DetailTop
          kind={t('kinds.new-release-category')}
          title={detail.title}
          meta={t('newReleases.albums', { count: detail.totalAlbums })}
          phone={url === undefined ? undefined : { title: detail.title, url }}
          openPhone={openPhone}
        />
        <div className="rows">
          {tiles.length > 0 ? (
            <TileGrid gridKey={ALBUM_GRID_KEY} tiles={tiles} onSelect={open} onTileFocused={onTileFocused} restoreKey={remembered} label={detail.title} total={detail.totalAlbums} />
          ) : (
            <EmptyDetail text={t('newReleases.none')} />
          )}
        </div>
        {overlays}
      </main>
    </FocusContext.Provider>
  );
}

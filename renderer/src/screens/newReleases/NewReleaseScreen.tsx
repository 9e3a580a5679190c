import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlbumGridDetailView, TileView } from '../../../../shared/bridge';
import { FocusButton } from '../../components/FocusButton';
import { PointerBack } from '../../components/LeaveDialog';
import { tileFocusKey } from '../../components/Row';
import { TileGrid } from '../../components/TileGrid';
import { useTrackActions } from '../../components/useTrackActions';
import { listNavigation } from '../../input/navigation';
import { useTunewall } from '../../store/context';
import type { DetailModel } from '../detail/detailModel';
import { prefixOf } from '../detail/pagedList';
import { usePagedItems, useRememberedFocus, useScreenFocus } from '../detail/useDetailModel';

export const ALBUM_GRID_KEY = 'album-grid';
/** Ask for the next page of albums when focus is this many tiles from the end of what is loaded. */
const PAGE_AHEAD = 18;

/** A new-release category: every album in it, as a grid the remote moves through line by line. */
export function NewReleaseScreen({ model, detail }: { model: DetailModel; detail: AlbumGridDetailView }) {
  const { t } = useTranslation();
  const { nav } = useTunewall();
  const { openPhone, overlays } = useTrackActions(detail.ref);
  const items = usePagedItems(model.tiles);
  const tiles = useMemo(() => prefixOf(items), [items]);
  const remembered = useRememberedFocus();
  const url = detail.url;

  const order = useMemo(() => [...(url !== undefined ? ['detail-phone'] : []), ALBUM_GRID_KEY], [url]);
  const resolver = useMemo(() => listNavigation('vertical', () => order), [order]);
  const { ref, focusKey } = useFocusable({ focusKey: 'detail', trackChildren: true, nextFocusResolver: resolver, measureChildrenLayout: false });

  const open = useCallback(
    (tile: TileView, from: string) => {
      if (tile.ref !== undefined) nav.getState().push({ name: 'detail', ref: tile.ref, title: tile.title }, from);
    },
    [nav],
  );
  const list = model.tiles;
  const loaded = tiles.length;
  const onTileFocused = useCallback(
    (index: number) => {
      if (list !== undefined && index + PAGE_AHEAD >= loaded && loaded < list.total) list.ensureLoaded(loaded);
    },
    [list, loaded],
  );

  const first = tiles[0];
  useScreenFocus(detail, remembered, first !== undefined ? tileFocusKey(ALBUM_GRID_KEY, first.key) : url !== undefined ? 'detail-phone' : 'detail-empty-back');

  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="screen detail-page">
        <PointerBack />
        <header className="detail-top">
          <div>
            <p className="detail-kind">{t('kinds.new-release-category')}</p>
            <h1 className="detail-title">{detail.title}</h1>
            <p className="detail-meta">{t('newReleases.albums', { count: detail.totalAlbums })}</p>
          </div>
          {url !== undefined && (
            <FocusButton focusKey="detail-phone" onSelect={() => openPhone({ title: detail.title, url })}>
              {t('detail.openOnPhone')}
            </FocusButton>
          )}
        </header>
        <div className="page-scroll">
          {tiles.length > 0 ? (
            <TileGrid gridKey={ALBUM_GRID_KEY} tiles={tiles} onSelect={open} onTileFocused={onTileFocused} restoreKey={remembered} label={detail.title} />
          ) : (
            <div className="detail-message" role="status">
              <p>{t('newReleases.none')}</p>
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

/**
 * Tiles: a touch-scrolled list of buttons, each with its picture (or its first letter: Art.tsx), title and subtitle. A
 * row the TV splits by `group` (genre and new-release categories) gets a subheading per group.
 */
import { useTranslation } from 'react-i18next';
import type { DetailRef, TileView } from '../../../../shared/catalogViews';
import { catalogLang } from '../text';
import { Art } from './Art';
import { viewOfTile, type BrowseView } from './views';
import { usePhone } from './context';
import './Tile.css';

function Tile({ tile, within, open }: { tile: TileView; within: DetailRef | undefined; open: (view: BrowseView) => void }) {
  const { language } = usePhone();
  const view = viewOfTile(tile, within);
  const subtitle = tile.subtitle;
  return (
    <li>
      <button type="button" className="tile" disabled={view === undefined} onClick={() => view !== undefined && open(view)}>
        <Art images={tile.images} title={tile.title} />
        <span className="tile-title" lang={catalogLang(tile.title, language)}>
          {tile.title}
        </span>
        {subtitle !== undefined && subtitle !== '' ? (
          <span className="tile-subtitle" lang={tile.subtitleFromUi === true ? undefined : catalogLang(subtitle, language)}>
            {subtitle}
          </span>
        ) : null}
      </button>
    </li>
  );
}

interface ListProps {
  tiles: readonly TileView[];
  within: DetailRef | undefined;
  open: (view: BrowseView) => void;
  /** Subheadings by `group` (Home's rows). */
  grouped?: boolean;
  /** A grid that wraps (a detail's albums) rather than one scrolled line. */
  grid?: boolean;
}

function groupsOf(tiles: readonly TileView[]): Array<{ group: string | undefined; tiles: TileView[] }> {
  const groups: Array<{ group: string | undefined; tiles: TileView[] }> = [];
  for (const tile of tiles) {
    const last = groups[groups.length - 1];
    if (last !== undefined && last.group === tile.group) last.tiles.push(tile);
    else groups.push({ group: tile.group, tiles: [tile] });
  }
  return groups;
}

export function TileList({ tiles, within, open, grouped = false, grid = false }: ListProps) {
  const { language } = usePhone();
  const list = (items: readonly TileView[]) => (
    <ul className={grid ? 'tiles grid' : 'tiles'}>
      {items.map((tile) => (
        <Tile key={tile.key} tile={tile} within={within} open={open} />
      ))}
    </ul>
  );
  if (tiles.length === 0) return <EmptyText />;
  if (!grouped || tiles.every((tile) => tile.group === undefined)) return list(tiles);
  return (
    <>
      {groupsOf(tiles).map(({ group, tiles: items }, i) => (
        <div key={`${group ?? ''}-${i}`} className="group">
          {group !== undefined ? <h3 lang={catalogLang(group, language)}>{group}</h3> : null}
          {list(items)}
        </div>
      ))}
    </>
  );
}

function EmptyText() {
  const { t } = useTranslation();
  return <p className="quiet">{t('common.empty')}</p>;
}

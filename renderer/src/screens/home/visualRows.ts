import type { RowId, TileView } from '../../../../shared/bridge';
import type { RowBody } from '../../components/Row';
import type { RowSlot } from '../../store/appStore';
import { GROUPED_ROWS } from './rowPlan';

export interface VisualRow {
  key: string;
  title: string;
  body: RowBody;
  source: RowId;
}

export interface RowTexts {
  title: (id: RowId) => string;
  /** The tile that opens a whole category, at the end of its row. */
  seeAll: string;
  /** Under a chart's title: when it was updated (an ISO 8601 time), or nothing when that is not a time. */
  updated: (iso: string) => string | undefined;
}

/** A tile with nothing under its title says when it was updated, where the service says so (charts, new hits). */
function withUpdated(tiles: TileView[], texts: RowTexts): TileView[] {
  if (!tiles.some((tile) => tile.subtitle === undefined && tile.updatedAt !== undefined)) return tiles;
  return tiles.map((tile) => (tile.subtitle === undefined && tile.updatedAt !== undefined ? { ...tile, subtitle: texts.updated(tile.updatedAt), subtitleFromUi: true } : tile));
}

const WAITING: RowBody = { status: 'loading', waiting: true };
const LOADING: RowBody = { status: 'loading' };

/**
 * One service row as it shows on Home: nothing when it came back empty; one row per category for grouped rows (in the
 * order the categories first appear), ending with a "See all" tile when the category has a page of its own
 * (`groupRef`: a new-release category's grid).
 */
function rowsOf(id: RowId, slot: RowSlot | undefined, texts: RowTexts): VisualRow[] {
  const title = texts.title(id);
  if (slot === undefined) return [{ key: id, title, body: WAITING, source: id }];
  if (slot.status === 'loading') return [{ key: id, title, body: LOADING, source: id }];
  if (slot.status === 'error') return [{ key: id, title, body: { status: 'error', error: slot.error }, source: id }];
  const tiles = withUpdated(slot.row.tiles, texts);
  if (tiles.length === 0) return [];
  if (!GROUPED_ROWS.has(id) || !tiles.some((tile) => tile.group !== undefined)) {
    return [{ key: id, title, body: { status: 'ready', tiles }, source: id }];
  }
  const groups = new Map<string, TileView[]>();
  for (const tile of tiles) {
    const group = tile.group ?? title;
    const list = groups.get(group) ?? [];
    list.push(tile);
    groups.set(group, list);
  }
  return [...groups].map(([group, list]) => {
    const all = list.find((tile) => tile.groupRef !== undefined)?.groupRef;
    const more: TileView[] = all === undefined ? [] : [{ ref: all, key: `see-all:${all.kind}:${all.id}`, title: texts.seeAll, subtitle: group, images: [], group }];
    return { key: `${id}:${group}`, title: `${title} · ${group}`, body: { status: 'ready', tiles: [...list, ...more] }, source: id };
  });
}

/**
 * Home's rows as drawn, memoised by the store's slot: a row arriving, or a press asking for rows further down,
 * renders only the rows whose data changed (Row is memoised on its body).
 */
export class VisualRows {
  private readonly cache = new WeakMap<object, { texts: RowTexts; rows: VisualRow[] }>();
  private readonly empty = new Map<RowId, { texts: RowTexts; rows: VisualRow[] }>();

  list(ids: readonly RowId[], slots: Partial<Record<RowId, RowSlot>>, texts: RowTexts): VisualRow[] {
    const out: VisualRow[] = [];
    for (const id of ids) {
      const slot = slots[id];
      const cached = slot === undefined ? this.empty.get(id) : this.cache.get(slot);
      if (cached !== undefined && cached.texts === texts) {
        out.push(...cached.rows);
        continue;
      }
      const rows = rowsOf(id, slot, texts);
      if (slot === undefined) this.empty.set(id, { texts, rows });
      else this.cache.set(slot, { texts, rows });
      out.push(...rows);
    }
    return out;
  }
}

import type { RowId } from '../../../../shared/bridge';
import { FIRST_ROWS, homeRowIds, ROWS_AHEAD } from '../../../../shared/homeRows';
import type { AppStore, RowSlot } from '../../store/appStore';

/** Home's rows, top to bottom; a guest sees only the catalog's; a child's Home leads with the Kids rows. */
export const rowIdsFor = homeRowIds;

/** Whether the one on screen (a member or the guest) is marked as a child. */
export { onScreenIsChild } from '../../../../shared/homeRows';
export { FIRST_ROWS, ROWS_AHEAD };

/** Rows that one row of the service becomes on screen, one per category. */
export const GROUPED_ROWS: ReadonlySet<RowId> = new Set<RowId>(['genre-stations', 'new-releases']);

/** How many rows `slot` takes on screen: none when it came back empty (hidden), one per category when grouped. */
function rowsOnScreen(id: RowId, slot: RowSlot | undefined): number {
  if (slot === undefined || slot.status !== 'ready') return 1;
  if (slot.row.tiles.length === 0) return 0;
  if (!GROUPED_ROWS.has(id)) return 1;
  return new Set(slot.row.tiles.map((tile) => tile.group)).size;
}

/**
 * The rows to ask for now: every row down to the one holding focus (`focused`, none before Home has focus), and then
 * rows until `FIRST_ROWS` (nothing focused yet) or `ROWS_AHEAD` more would be on screen below it. A row that came back
 * empty is hidden and does not count. Rows further down are asked for as focus comes near them.
 */
export function rowsToLoad(ids: readonly RowId[], slots: Partial<Record<RowId, RowSlot>>, focused: RowId | undefined): RowId[] {
  const anchor = focused === undefined ? -1 : ids.indexOf(focused);
  let room = anchor < 0 ? FIRST_ROWS : ROWS_AHEAD;
  const wanted: RowId[] = [];
  ids.forEach((id, index) => {
    const slot = slots[id];
    if (index <= anchor) {
      if (slot === undefined) wanted.push(id);
      return;
    }
    if (room <= 0) return;
    if (slot === undefined) wanted.push(id);
    room -= rowsOnScreen(id, slot);
  });
  return wanted;
}

/**
 * Whether the top of Home can be shown: the first row that will be on screen has answered (tiles or an error). A row
 * that came back empty is hidden, so the one after it decides.
 */
export function topRowSettled(ids: readonly RowId[], slots: Partial<Record<RowId, RowSlot>>): boolean {
  for (const id of ids) {
    const slot = slots[id];
    if (slot === undefined || slot.status === 'loading') return false;
    if (slot.status === 'error' || slot.row.tiles.length > 0) return true;
  }
  return true;
}

/** Asks for the rows `rowsToLoad` names that nobody has asked for yet. */
export function loadPlannedRows(app: AppStore, ids: readonly RowId[], focused: RowId | undefined): void {
  for (const id of rowsToLoad(ids, app.getState().rows, focused)) void app.getState().loadRow(id);
}

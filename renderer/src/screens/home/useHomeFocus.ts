import { getCurrentFocusKey, setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, useRef } from 'react';
import type { RowId } from '../../../../shared/bridge';
import { tileFocusKey } from '../../components/Row';
import { focusIsLost } from '../../input/navigation';
import { SETTINGS_KEY } from './homeKeys';
import type { VisualRow } from './visualRows';

/** Where Home puts focus: back where it was, else on the first tile once it is there, never lost when rows change. */
export function useHomeFocus(list: readonly VisualRow[], ids: readonly RowId[], remembered: string | undefined): void {
  // The first tile in screen order: rows answer in any order, and focus must not land on a lower row just because it
  // answered first, so a row above that is still loading keeps the choice open.
  let firstTile: string | undefined;
  for (const row of list) {
    if (row.body.status === 'loading') break;
    if (row.body.status === 'ready' && row.body.tiles[0] !== undefined) {
      firstTile = tileFocusKey(row.key, row.body.tiles[0].key);
      break;
    }
  }
  // Where focus goes when it is nowhere: the first tile, else a retry button, else Settings.
  const failedRow = list.find((row) => row.body.status === 'error')?.key;
  const fallback = firstTile ?? (failedRow !== undefined ? `retry:${failedRow}` : SETTINGS_KEY);

  // A row that took focus while loading can arrive as several (one per category) or as none (empty, hidden): focus
  // goes to the first row now in its place.
  useEffect(() => {
    if (!focusIsLost()) return;
    const waiting = /^row:([^:]+)$/.exec(getCurrentFocusKey())?.[1];
    const at = ids.findIndex((id) => id === waiting);
    if (at < 0) return;
    const next = list.find((row) => ids.indexOf(row.source) >= at);
    if (next !== undefined) void setFocus(`row:${next.key}`);
  }, [ids, list]);

  const restored = useRef(false);
  // Focus waits on Settings because there was no tile yet (first load, rows reloaded for another territory).
  const parked = useRef(false);
  useEffect(() => {
    if (!restored.current && remembered !== undefined) {
      restored.current = true;
      void setFocus(remembered);
      return;
    }
    const current = getCurrentFocusKey();
    // Move from the header to the first tile once it appears, unless the person already went somewhere.
    if (focusIsLost() || (current === SETTINGS_KEY && firstTile !== undefined && (!restored.current || parked.current))) {
      if (firstTile !== undefined) restored.current = true;
      parked.current = fallback === SETTINGS_KEY;
      void setFocus(fallback);
    }
    // Voice guidance does not say a focus that only waits for the first tile ("Settings" before every Home).
    document.querySelector(`[data-focus-key="${SETTINGS_KEY}"]`)?.toggleAttribute('data-parked', parked.current);
  }, [remembered, firstTile, fallback]);
}

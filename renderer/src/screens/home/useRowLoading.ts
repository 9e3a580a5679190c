import { doesFocusableExist, getCurrentFocusKey } from '@noriginmedia/norigin-spatial-navigation';
import { useCallback, useEffect } from 'react';
import type { RowId } from '../../../../shared/bridge';
import { scheduleIdle } from '../../input/idle';
import type { AppStore, RowSlot } from '../../store/appStore';
import { loadPlannedRows } from './rowPlan';

/** The Home row a focus key is in (`tile:<row>:…`, `retry:<row>`, `row:<row>`; a category's row is `<row>:<category>`). */
function sourceOf(focusKey: string, ids: readonly RowId[]): RowId | undefined {
  const match = /^(?:tile|retry|row):([^:]+)/.exec(focusKey);
  return ids.find((id) => id === match?.[1]);
}

/** Home's rows asked for as focus comes near them; returns what the navigation calls when focus enters a row. */
export function useRowLoading(app: AppStore, ids: readonly RowId[], rows: Partial<Record<RowId, RowSlot>>) {
  // Rows load as focus comes near them: the first screenful now (and after a territory or account change cleared
  // them), more as each answers (an empty one is hidden, the next takes its place) and as focus moves down.
  const planRows = useCallback(() => {
    const current = getCurrentFocusKey();
    loadPlannedRows(app, ids, doesFocusableExist(current) ? sourceOf(current, ids) : undefined);
  }, [app, ids]);
  useEffect(() => planRows(), [planRows, rows]);
  // Called by the navigation when focus enters a row: in idle time, never in the press that moved it.
  return useCallback(() => scheduleIdle(planRows), [planRows]);
}

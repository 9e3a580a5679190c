import { setFocus, doesFocusableExist } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { DetailRef } from '../../../../shared/bridge';
import { focusIsLost } from '../../input/navigation';
import { useApp, useNav, useTunewall } from '../../store/context';
import type { DetailLoad, DetailModel } from './detailModel';
import type { PagedList } from './pagedList';

/**
 * The data of the detail screen at stack entry `entryId`: kept from the last visit when it is still for the same
 * territory and explicit setting, else fetched (again: a change of either reloads what is on screen, so a list read
 * with explicit tracks never stays on screen once they are hidden).
 */
export function useDetailModel(entryId: number, ref: DetailRef): { model: DetailModel; load: DetailLoad } {
  const { models } = useTunewall();
  const territory = useApp((s) => s.state?.territory);
  const explicit = useApp((s) => s.state?.household.explicit);
  const model = models.get(entryId, ref);
  const load = useSyncExternalStore(model.subscribe, model.getLoad);
  useEffect(() => {
    if (model.isCurrent(territory, explicit)) return;
    model.fetch(territory, false, explicit);
  }, [model, territory, explicit]);
  return { model, load };
}

const noList = (): (() => void) => () => undefined;
const none: readonly never[] = [];

/** The items of a paged list as React state. */
export function usePagedItems<T>(list: PagedList<T> | undefined): readonly (T | undefined)[] {
  return useSyncExternalStore(list?.subscribe ?? noList, () => list?.snapshot ?? none);
}

/** The focus key the viewer left this screen from, when coming back to it. */
export function useRememberedFocus(): string | undefined {
  return useNav((s) => s.stack[s.stack.length - 1]?.focusKey);
}

/**
 * Puts focus on the screen once its content is there (`content` changes when it arrives, or arrives again): the first
 * time where the viewer left it (`remembered`) when that is still there, else on `fallback`; later, only when focus was
 * lost with what it was on.
 */
export function useScreenFocus(content: unknown, remembered: string | undefined, fallback: string | undefined): void {
  const placed = useRef(false);
  useEffect(() => {
    if (content === undefined || fallback === undefined) return;
    if (!placed.current) {
      placed.current = true;
      void setFocus(remembered !== undefined && doesFocusableExist(remembered) ? remembered : fallback);
      return;
    }
    if (focusIsLost()) void setFocus(fallback);
  }, [content, remembered, fallback]);
}

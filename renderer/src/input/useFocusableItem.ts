import { FocusContext, SpatialNavigation, getCurrentFocusKey } from '@noriginmedia/norigin-spatial-navigation';
import { useCallback, useContext, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

export const FOCUSED_CLASS = 'is-focused';

const noop = (): void => undefined;
const allowArrow = (): boolean => true;

export interface FocusableItem<E extends HTMLElement> {
  ref: RefObject<E | null>;
  /** Moves focus here (the mouse hovering, for one). */
  focusSelf: () => void;
}

/**
 * A leaf the remote can focus (a tile, a track), registered with the spatial navigation like Norigin's useFocusable,
 * but showing focus as a class the navigation sets on the element rather than as React state: moving focus along a
 * row or down a list then renders no component at all, where useFocusable rendered the item that lost focus and the
 * one that gained it on every press (bench: remote press → focus painted). `className` is the element's class without
 * the focus class; when React writes it again (the item's data changed), the focus class is put back.
 */
export function useFocusableItem<E extends HTMLElement>(
  focusKey: string,
  className: string,
  handlers: { onEnter: () => void; onFocus?: (node: E) => void },
): FocusableItem<E> {
  const ref = useRef<E>(null);
  const parentFocusKey = useContext(FocusContext);
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const node = ref.current;
    if (node === null) return undefined;
    SpatialNavigation.addFocusable({
      focusKey,
      node,
      parentFocusKey,
      onEnterPress: () => latest.current.onEnter(),
      onEnterRelease: noop,
      onArrowPress: allowArrow,
      onArrowRelease: noop,
      onFocus: () => latest.current.onFocus?.(node),
      onBlur: noop,
      onUpdateFocus: (focused = false) => node.classList.toggle(FOCUSED_CLASS, focused),
      onUpdateHasFocusedChild: noop,
      saveLastFocusedChild: false,
      trackChildren: false,
      autoRestoreFocus: true,
      forceFocus: false,
      focusable: true,
      isFocusBoundary: false,
    });
    return () => SpatialNavigation.removeFocusable({ focusKey });
  }, [focusKey, parentFocusKey]);

  useLayoutEffect(() => {
    ref.current?.classList.toggle(FOCUSED_CLASS, getCurrentFocusKey() === focusKey);
  }, [className, focusKey]);

  const focusSelf = useCallback(() => void SpatialNavigation.setFocus(focusKey), [focusKey]);
  return { ref, focusSelf };
}

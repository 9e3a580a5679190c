import { FocusContext, SpatialNavigation, getCurrentFocusKey } from '@noriginmedia/norigin-spatial-navigation';
import { useCallback, useContext, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

export const FOCUSED_CLASS = 'is-focused';

const noop = (): void => undefined;

/** The item the navigation marked focused last. */
let marked: HTMLElement | undefined;

function mark(node: HTMLElement, focused: boolean): void {
  node.classList.toggle(FOCUSED_CLASS, focused);
  if (focused) marked = node;
  else if (marked === node) marked = undefined;
}

/** The item marked focused, while it is still on the page and marked: where focus is, without searching the page. */
export function lastMarked(): HTMLElement | undefined {
  return marked !== undefined && marked.isConnected && marked.classList.contains(FOCUSED_CLASS) ? marked : undefined;
}

/** What the navigation calls on an item, reading its handlers of the latest render. */
function itemCallbacks<E extends HTMLElement>(node: E, latest: RefObject<FocusableItemHandlers<E>>) {
  return {
    node,
    isFocusBoundary: false,
    onEnterPress: () => latest.current.onEnter(),
    onEnterRelease: noop,
    onArrowPress: (direction: string) => latest.current.onArrow?.(direction) ?? true,
    onArrowRelease: noop,
    onFocus: () => latest.current.onFocus?.(node),
    onBlur: noop,
  };
}

export interface FocusableItem<E extends HTMLElement> {
  ref: RefObject<E | null>;
  /** Moves focus here (the mouse hovering, for one). */
  focusSelf: () => void;
}

export interface FocusableItemHandlers<E extends HTMLElement> {
  onEnter: () => void;
  onFocus?: (node: E) => void;
  /** A press of an arrow on the item: false keeps focus where it is (the item used the press itself). */
  onArrow?: (direction: string) => boolean;
  /** False: shown but not reachable. */
  focusable?: boolean;
}

/**
 * A leaf the remote can focus (a tile, a track, a button), registered with the spatial navigation like Norigin's
 * useFocusable, but showing focus as a class the navigation sets on the element rather than as React state. Moving
 * focus then renders no component at all, where useFocusable rendered the item that lost focus and the one that gained
 * it on every press (bench: remote press → focus painted); and the focus leaves one element and reaches the next in the
 * same task, so no frame shows two focused items, as it could when one of them waited for React to render its state.
 * Every leaf uses it for that reason. `className` is the element's class without the focus class; when React writes it
 * again (the item's data changed), the focus class is put back.
 */
export function useFocusableItem<E extends HTMLElement>(focusKey: string, className: string, handlers: FocusableItemHandlers<E>): FocusableItem<E> {
  const ref = useRef<E>(null);
  const parentFocusKey = useContext(FocusContext);
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const focusable = handlers.focusable ?? true;

  useEffect(() => {
    const node = ref.current;
    if (node === null) return undefined;
    SpatialNavigation.addFocusable({
      ...itemCallbacks(node, latest),
      focusKey,
      parentFocusKey,
      onArrowRelease: noop,
      onUpdateFocus: (focused = false) => mark(node, focused),
      onUpdateHasFocusedChild: noop,
      saveLastFocusedChild: false,
      trackChildren: false,
      autoRestoreFocus: true,
      forceFocus: false,
      focusable: latest.current.focusable ?? true,
    });
    return () => SpatialNavigation.removeFocusable({ focusKey });
  }, [focusKey, parentFocusKey]);

  // Reachable or not (a choice that stops applying): told to the navigation in place, keeping the item registered.
  const registered = useRef(focusable);
  useEffect(() => {
    const node = ref.current;
    if (node === null || registered.current === focusable) return;
    registered.current = focusable;
    SpatialNavigation.updateFocusable(focusKey, { ...itemCallbacks(node, latest), focusable });
  }, [focusKey, focusable]);

  useLayoutEffect(() => {
    if (ref.current !== null) mark(ref.current, getCurrentFocusKey() === focusKey);
  }, [className, focusKey]);

  const focusSelf = useCallback(() => void SpatialNavigation.setFocus(focusKey), [focusKey]);
  return { ref, focusSelf };
}

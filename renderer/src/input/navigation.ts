import {
  GetBoundingClientRectAdapter,
  doesFocusableExist,
  getCurrentFocusKey,
  init,
  setFocus,
  type AddEventListenersOptions,
  type Direction,
  type FocusableComponent,
  type FocusableComponentLayout,
  type NextFocusResolver,
} from '@noriginmedia/norigin-spatial-navigation';
import { intents, type IntentHub } from './intents';

/**
 * A component's layout, measured when navigation first reads it rather than when Norigin asks for it. Norigin asks
 * on every focus change (for the blurred and the focused component, to hand their layouts to onBlur and onFocus) and
 * on every press (for the focused component and its siblings); measuring there forced a style and layout pass in the
 * middle of the press, before React had even drawn the new focus, and most of those layouts are never read (lists
 * navigate by order, below). Read once, the rectangle is kept, as Norigin's own measurement is.
 */
export function lazyLayout(node: HTMLElement): FocusableComponentLayout {
  let rect: { x: number; y: number; width: number; height: number } | undefined;
  // A component registered before its element exists measures as an empty box, as with Norigin's own measurement.
  const measure = () => (rect ??= node instanceof Element ? node.getBoundingClientRect() : { x: 0, y: 0, width: 0, height: 0 });
  return {
    node,
    get x() {
      return measure().x;
    },
    get y() {
      return measure().y;
    },
    get left() {
      return measure().x;
    },
    get top() {
      return measure().y;
    },
    get width() {
      return measure().width;
    },
    get height() {
      return measure().height;
    },
    get right() {
      return measure().x + measure().width;
    },
    get bottom() {
      return measure().y + measure().height;
    },
  };
}

/**
 * Navigation by order for a list whose children are laid out along one axis (a row of tiles, the rows of Home, a track
 * list): the press along the axis goes to the neighbour in `order()`, the press across it leaves the list (the parent
 * navigates, by order or by position). No child is measured, so a press costs no layout; and, unlike navigation by
 * position, it works without a layout engine (unit tests) and cannot pick a neighbour off by a few pixels.
 */
export function listNavigation(axis: 'horizontal' | 'vertical', order: () => readonly string[]): NextFocusResolver {
  const back: Direction = axis === 'horizontal' ? 'left' : 'up';
  const forward: Direction = axis === 'horizontal' ? 'right' : 'down';
  return (direction: Direction, focusKey: string, siblings: FocusableComponent[]): FocusableComponent | null => {
    if (direction !== back && direction !== forward) return null;
    const keys = order();
    const step = direction === forward ? 1 : -1;
    for (let i = keys.indexOf(focusKey) + step; i >= 0 && i < keys.length; i += step) {
      const next = siblings.find((component) => component.focusKey === keys[i]);
      if (next !== undefined) return next;
    }
    return null;
  };
}

const frameWork = new Map<string, () => void>();
let frameRequested = false;

/**
 * Runs `work` once, at the start of the next frame, before the browser computes styles and layout for it; a later call
 * for the same `slot` before then replaces the earlier one. For work that needs an up-to-date layout (scrolling focus
 * into view): done during the key press, before the new focus is drawn, it forced a style and layout pass of its own,
 * and the frame then computed them again. Without animation frames (tests), at once.
 */
export function beforeNextFrame(slot: string, work: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    work();
    return;
  }
  frameWork.set(slot, work);
  if (frameRequested) return;
  frameRequested = true;
  requestAnimationFrame(() => {
    frameRequested = false;
    const jobs = [...frameWork.values()];
    frameWork.clear();
    for (const job of jobs) job();
  });
}

let focusWork: (() => void) | undefined;
let focusTimer: ReturnType<typeof setTimeout> | undefined;

/** How long the remote must be still before DOM focus follows the drawn focus. */
const FOCUS_SETTLE_MS = 250;

/**
 * Runs `work` once presses have stopped for a moment and the page is idle after drawing; a later call before then
 * replaces the earlier one. For DOM focus: moving it dispatches focus, blur, focusin and focusout, which React's root
 * listeners all process, and none of it changes what is drawn (focus is shown by class). While a key is held that
 * work would land inside the next presses, and a screen reader would announce every tile passed over, so it waits
 * for the remote to rest. Without idle callbacks (tests), at once.
 */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback !== 'function') {
    work();
    return;
  }
  focusWork = work;
  if (focusTimer !== undefined) clearTimeout(focusTimer);
  focusTimer = setTimeout(() => {
    focusTimer = undefined;
    requestIdleCallback(
      () => {
        const job = focusWork;
        focusWork = undefined;
        job?.();
      },
      { timeout: 100 },
    );
  }, FOCUS_SETTLE_MS);
}

/**
 * Norigin does the spatial navigation; it gets its keys from the intent hub instead of listening to the window,
 * so every remote's codes, the held-key throttle and the bridge's Back all pass through one key map.
 */
class IntentAdapter extends GetBoundingClientRectAdapter {
  static hub: IntentHub = intents;

  override addEventListeners({ keyDown, keyUp }: AddEventListenersOptions): void {
    IntentAdapter.hub.setSink({
      keyDown: (key, event) => keyDown?.(key, event),
      keyUp: (key) => keyUp?.(key),
    });
  }

  override removeEventListeners(): void {
    IntentAdapter.hub.setSink(undefined);
  }

  override measureLayout = (component: FocusableComponent): Promise<FocusableComponentLayout> =>
    Promise.resolve(lazyLayout(component.node));

  /**
   * DOM focus follows (for assistive technology) once the new focus is drawn: focus() brings styles up to date at once
   * and dispatches four events, none of which changes what the press shows (whenIdle).
   */
  override focusNode = (component: FocusableComponent): void => {
    const { node, focusKey } = component;
    for (const listener of focusMoveListeners) listener();
    if (!(node instanceof HTMLElement)) return;
    const move = (): void => {
      if (node.isConnected && getCurrentFocusKey() === focusKey) node.focus({ preventScroll: true });
    };
    // DOM focus is nowhere (a screen opened, the element it was on went away): it follows at once, in the frame that
    // draws the new focus, so assistive technology is never left on the page's body. No key is held across a screen.
    if (domFocusIsLost()) beforeNextFrame('dom-focus', move);
    else whenIdle(move);
  };
}

const focusMoveListeners = new Set<() => void>();

/**
 * Calls `listener` each time the navigation moves focus, during the move (before the new focus is drawn): for work that
 * follows focus (voice guidance) without watching the page for it. Returns the way to stop.
 */
export function onFocusMoved(listener: () => void): () => void {
  focusMoveListeners.add(listener);
  return () => void focusMoveListeners.delete(listener);
}

function domFocusIsLost(): boolean {
  if (typeof document === 'undefined') return false;
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

let started = false;

export function startNavigation(hub: IntentHub = intents): void {
  IntentAdapter.hub = hub;
  if (started) return;
  started = true;
  init({
    layoutAdapter: IntentAdapter,
    // The hub already throttles held keys; a second throttle here would drop fresh presses.
    throttle: 0,
    // DOM focus is moved by the adapter (focusNode); left off, the base adapter's blurNode does nothing.
    shouldFocusDOMNode: false,
    distanceCalculationMethod: 'center',
  });
}

/** Focuses `key` when it exists, else `fallback`; used so focus is never lost after data or errors change the tree. */
export function focusOr(key: string | undefined, fallback: string): void {
  if (key !== undefined && doesFocusableExist(key)) {
    void setFocus(key);
  } else if (doesFocusableExist(fallback)) {
    void setFocus(fallback);
  }
}

export function focusIsLost(): boolean {
  const key = getCurrentFocusKey();
  return !key || !doesFocusableExist(key);
}

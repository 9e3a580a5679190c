import {
  GetBoundingClientRectAdapter,
  doesFocusableExist,
  getCurrentFocusKey,
  init,
  setFocus,
  type AddEventListenersOptions,
} from '@noriginmedia/norigin-spatial-navigation';
import { intents, type IntentHub } from './intents';

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
    shouldFocusDOMNode: true,
    domNodeFocusOptions: { preventScroll: true },
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

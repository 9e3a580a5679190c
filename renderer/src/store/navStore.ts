import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DetailRef } from '../../../shared/bridge';

export type Screen =
  | { name: 'home' }
  /** `focusTrackId`: the track focus arrives on; `panelTrackId`: whose panel opens on arrival (a phone's Show on TV). */
  | { name: 'detail'; ref: DetailRef; title: string; focusTrackId?: string | undefined; panelTrackId?: string | undefined }
  | { name: 'settings' }
  /** "Who's listening?", opened from the header's avatar. */
  | { name: 'chooser' };

export interface StackEntry {
  id: number;
  screen: Screen;
  /** The focus key the person left this screen from; Back puts focus there again. */
  focusKey: string | undefined;
}

export interface NavStoreState {
  stack: StackEntry[];
  push(screen: Screen, leavingFocusKey: string | undefined): void;
  /** Returns false on the bottom screen, where Back means something else (leaving the app). */
  pop(): boolean;
  /** Back to Home, forgetting what was stacked on it (idle mode, sign-out); `forgetFocus`: and where focus was on Home. */
  reset(forgetFocus?: boolean): void;
  remember(focusKey: string | undefined): void;
}

export type NavStore = StoreApi<NavStoreState>;

let nextId = 1;

/** `above`: screens already stacked on Home at start (deep links in the dev harness and tests). */
export function createNavStore(above: Screen[] = []): NavStore {
  return createStore<NavStoreState>()((set, get) => ({
    stack: [{ name: 'home' } as Screen, ...above].map((screen) => ({ id: nextId++, screen, focusKey: undefined })),
    push(screen, leavingFocusKey) {
      set((s) => {
        const stack = s.stack.slice();
        const top = stack[stack.length - 1];
        if (top !== undefined) stack[stack.length - 1] = { ...top, focusKey: leavingFocusKey };
        stack.push({ id: nextId++, screen, focusKey: undefined });
        return { stack };
      });
    },
    pop() {
      if (get().stack.length <= 1) return false;
      set((s) => ({ stack: s.stack.slice(0, -1) }));
      return true;
    },
    reset(forgetFocus = false) {
      set((s) => {
        const home = s.stack[0];
        if (home === undefined) return s;
        return { stack: [forgetFocus ? { ...home, focusKey: undefined } : home] };
      });
    },
    remember(focusKey) {
      set((s) => {
        const stack = s.stack.slice();
        const top = stack[stack.length - 1];
        if (top !== undefined) stack[stack.length - 1] = { ...top, focusKey };
        return { stack };
      });
    },
  }));
}

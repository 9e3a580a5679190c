import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppState, BootView, BridgeEvent, RowId, RowView, TunewallBridge, UiError } from '../../../shared/bridge';
import { ShellStoppedError } from '../transport/connection';

export type RowSlot =
  | { status: 'loading' }
  | { status: 'ready'; row: RowView }
  | { status: 'error'; error: UiError };

export interface AppStoreState {
  state: AppState | undefined;
  /** Set when the first getState failed: there is nothing to show but the reason. */
  startError: UiError | undefined;
  rows: Partial<Record<RowId, RowSlot>>;
  start(): Promise<void>;
  loadRow(id: RowId): Promise<void>;
  /** Asks again for every row that failed in a way trying again can help (the service is back). */
  retryFailedRows(): void;
  handleEvent(event: BridgeEvent): void;
}

export type AppStore = StoreApi<AppStoreState>;

/** Rows belong to one member in one territory, with explicit tracks shown or not; a change of any makes them stale. */
function rowsStillValid(before: AppState | undefined, after: AppState): boolean {
  if (before === undefined) return true;
  if (before.territory !== after.territory) return false;
  // Another member (or the guest) on screen: not one of the last member's rows may show, not even for a frame.
  if (before.household.active !== after.household.active) return false;
  if (before.household.explicit !== after.household.explicit) return false;
  const a = before.auth;
  const b = after.auth;
  if (a.status !== 'signed-in' || b.status !== 'signed-in') return a.status === b.status;
  return a.mode === b.mode && a.member?.name === b.member?.name;
}

function asUiError(error: unknown): UiError {
  if (error instanceof ShellStoppedError) return error.uiError;
  return {
    kind: 'unknown',
    message: error instanceof Error ? error.message : String(error),
    retryable: true,
  };
}

/**
 * `boot`: the state and cached rows the page was served with (kiosk shell), shown at once. They are what the shell
 * had when it sent the page, so start() still asks for the state, and for each row, which also has the core refresh
 * it in the background and push the fresh copy, as when the rows were loaded by Home.
 */
export function createAppStore(bridge: TunewallBridge, boot?: BootView): AppStore {
  const bootRows: Partial<Record<RowId, RowSlot>> = {};
  for (const row of boot?.rows ?? []) bootRows[row.id] = { status: 'ready', row };
  // Whether the state shown came from the core since the page started (an answer or a pushed event).
  let live = false;
  // Counts the times the rows were cleared: an answer asked for before then belongs to someone else's Home.
  let generation = 0;
  return createStore<AppStoreState>()((set, get) => ({
    state: boot?.state,
    startError: undefined,
    rows: bootRows,

    async start() {
      for (const id of Object.keys(bootRows) as RowId[]) void get().loadRow(id);
      try {
        const state = await bridge.getState();
        // An event may have raced ahead of the first answer; keep the newer one.
        if (!live) {
          live = true;
          get().handleEvent({ type: 'state', state });
        }
      } catch (error) {
        // With a boot state on screen there is something to show; the event stream brings the next state.
        if (get().state === undefined) set({ startError: asUiError(error) });
        else console.warn('getState failed after a boot view', error);
      }
    },

    async loadRow(id) {
      const current = get().rows[id];
      // Keep showing tiles while a fresh copy loads; only an empty slot shows skeletons.
      if (current?.status !== 'ready') set((s) => ({ rows: { ...s.rows, [id]: { status: 'loading' } } }));
      const asked = generation;
      let slot: RowSlot;
      try {
        const result = await bridge.loadRow(id);
        slot = result.ok ? { status: 'ready', row: result.value } : { status: 'error', error: result.error };
      } catch (error) {
        slot = { status: 'error', error: asUiError(error) };
      }
      if (asked !== generation) return;
      const latest = get().rows[id];
      // A pushed fresh copy beats a failed refresh of a row that is already on screen.
      if (slot.status === 'error' && latest?.status === 'ready') return;
      // The same fetch again (the boot view's rows, answered from the cache): nothing to render anew.
      if (slot.status === 'ready' && latest?.status === 'ready' && latest.row.fetchedAt === slot.row.fetchedAt) return;
      set((s) => ({ rows: { ...s.rows, [id]: slot } }));
    },

    retryFailedRows() {
      for (const [id, slot] of Object.entries(get().rows) as [RowId, RowSlot | undefined][]) {
        if (slot?.status === 'error' && slot.error.retryable) void get().loadRow(id);
      }
    },

    handleEvent(event) {
      switch (event.type) {
        case 'state': {
          live = true;
          const before = get().state;
          const valid = rowsStillValid(before, event.state);
          if (!valid) generation++;
          set((s) => ({ state: event.state, startError: undefined, rows: valid ? s.rows : {} }));
          return;
        }
        case 'row': {
          const existing = get().rows[event.row.id];
          // A cached copy never replaces a fresher one already shown.
          if (existing?.status === 'ready' && existing.row.fetchedAt > event.row.fetchedAt) return;
          set((s) => ({ rows: { ...s.rows, [event.row.id]: { status: 'ready', row: event.row } } }));
          return;
        }
        case 'intent':
          return;
      }
    },
  }));
}

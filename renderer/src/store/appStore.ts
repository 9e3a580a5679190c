import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppState, BridgeEvent, RowId, RowView, TunewallBridge, UiError } from '../../../shared/bridge';

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
  handleEvent(event: BridgeEvent): void;
}

export type AppStore = StoreApi<AppStoreState>;

/** Rows belong to one member in one territory; a change of either makes them stale. */
function rowsStillValid(before: AppState | undefined, after: AppState): boolean {
  if (before === undefined) return true;
  if (before.territory !== after.territory) return false;
  const a = before.auth;
  const b = after.auth;
  if (a.status !== 'signed-in' || b.status !== 'signed-in') return a.status === b.status;
  return a.mode === b.mode && a.member?.name === b.member?.name;
}

function asUiError(error: unknown): UiError {
  return {
    kind: 'unknown',
    message: error instanceof Error ? error.message : String(error),
    retryable: true,
  };
}

export function createAppStore(bridge: TunewallBridge): AppStore {
  return createStore<AppStoreState>()((set, get) => ({
    state: undefined,
    startError: undefined,
    rows: {},

    async start() {
      try {
        const state = await bridge.getState();
        // An event may have raced ahead of the first answer; keep the newer one.
        if (get().state === undefined) set({ state, startError: undefined });
      } catch (error) {
        set({ startError: asUiError(error) });
      }
    },

    async loadRow(id) {
      const current = get().rows[id];
      // Keep showing tiles while a fresh copy loads; only an empty slot shows skeletons.
      if (current?.status !== 'ready') set((s) => ({ rows: { ...s.rows, [id]: { status: 'loading' } } }));
      let slot: RowSlot;
      try {
        const result = await bridge.loadRow(id);
        slot = result.ok ? { status: 'ready', row: result.value } : { status: 'error', error: result.error };
      } catch (error) {
        slot = { status: 'error', error: asUiError(error) };
      }
      const latest = get().rows[id];
      // A pushed fresh copy beats a failed refresh of a row that is already on screen.
      if (slot.status === 'error' && latest?.status === 'ready') return;
      set((s) => ({ rows: { ...s.rows, [id]: slot } }));
    },

    handleEvent(event) {
      switch (event.type) {
        case 'state': {
          const before = get().state;
          const valid = rowsStillValid(before, event.state);
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

import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { TunewallBridge } from '../../../shared/bridge';
import type { Territory } from '../../../shared/territory';
import type { StationArtLoader } from '../components/stationArt';
import type { AppStore, AppStoreState } from './appStore';
import type { NavStore, NavStoreState } from './navStore';
import type { Reconnects } from './reconnects';
import type { ScreenModels } from './screenModels';

export interface Tunewall {
  bridge: TunewallBridge;
  app: AppStore;
  nav: NavStore;
  /** The data of the detail screens in the navigation stack. */
  models: ScreenModels;
  stationArt: StationArtLoader;
  /** The service reachable again after a fault: what failed meanwhile is fetched again. */
  reconnects: Reconnects;
  /** Leaving the app (the leave dialog's "Leave"); the shell decides what that means. */
  quit: () => void;
}

const TunewallContext = createContext<Tunewall | undefined>(undefined);

export function TunewallProvider({ value, children }: { value: Tunewall; children: ReactNode }) {
  return <TunewallContext.Provider value={value}>{children}</TunewallContext.Provider>;
}

export function useTunewall(): Tunewall {
  const value = useContext(TunewallContext);
  if (value === undefined) throw new Error('useTunewall outside TunewallProvider');
  return value;
}

/** The reconnect signal, where there is an app around the component (a component drawn on its own has none). */
export function useReconnects(): Reconnects | undefined {
  return useContext(TunewallContext)?.reconnects;
}

const noSubscription = (): (() => void) => () => undefined;

/** The territory on screen, where there is an app around the component (a component drawn on its own has none). */
export function useTerritoryIfAny(): Territory | undefined {
  const app = useContext(TunewallContext)?.app;
  const territory = (): Territory | undefined => app?.getState().state?.territory;
  // The same on the first screen the kiosk shell draws ahead (hydrated): the store is already there.
  return useSyncExternalStore(app?.subscribe ?? noSubscription, territory, territory);
}

export function useApp<T>(selector: (s: AppStoreState) => T): T {
  return useStore(useTunewall().app, selector);
}

export function useNav<T>(selector: (s: NavStoreState) => T): T {
  return useStore(useTunewall().nav, selector);
}

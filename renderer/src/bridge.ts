import type { TunewallBridge } from '../../shared/bridge';
import { createHttpBridge } from './transport/httpBridge';

declare global {
  interface Window {
    /** Set by the Electron preload through contextBridge. */
    tunewall?: TunewallBridge;
  }
}

export type BridgeFactory = () => TunewallBridge;

let kioskFactory: BridgeFactory | undefined = createHttpBridge;

/** The kiosk shell's HTTP + SSE client registers itself here, behind the same type as the preload's bridge. */
export function registerKioskBridge(factory: BridgeFactory): void {
  kioskFactory = factory;
}

/** The preload's bridge when there is one, else the kiosk client; undefined when neither is available. */
export function pickBridge(win: Window = window): TunewallBridge | undefined {
  if (win.tunewall !== undefined) return win.tunewall;
  return kioskFactory?.();
}

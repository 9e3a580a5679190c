/**
 * The renderer's side of the IPC transport, built over the few ipcRenderer calls it needs. The renderer receives only
 * this object: never ipcRenderer itself, never an IpcRendererEvent.
 */
import { BRIDGE_METHODS, type BridgeEvent, type BridgeHandlers, type TunewallBridge } from '../../shared/bridge';
import { EVENT_CHANNEL, channelFor } from './channels';

/** The subset of Electron's ipcRenderer the bridge uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export function createIpcBridge(ipc: IpcRendererLike): TunewallBridge {
  const methods = Object.fromEntries(
    BRIDGE_METHODS.map((method) => {
      const channel = channelFor(method);
      // A fresh array of the arguments only: the renderer's own objects are structured-cloned by IPC anyway.
      const call = (...args: unknown[]): Promise<unknown> => ipc.invoke(channel, ...args);
      return [method, call];
    }),
  ) as unknown as BridgeHandlers;

  const subscribe = (listener: (event: BridgeEvent) => void): (() => void) => {
    if (typeof listener !== 'function') throw new TypeError('subscribe needs a function');
    // The IpcRendererEvent stays here; the page sees the payload alone.
    const onEvent = (_event: unknown, payload: unknown): void => {
      listener(payload as BridgeEvent);
    };
    ipc.on(EVENT_CHANNEL, onEvent);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      ipc.removeListener(EVENT_CHANNEL, onEvent);
    };
  };

  return Object.freeze({ ...methods, subscribe });
}

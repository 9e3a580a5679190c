/**
 * The bridge over the kiosk shell's loopback server: each method is a same-origin POST, pushed events arrive as
 * server-sent events. The session cookie (set by the launch URL) authenticates both; this code never sees a secret.
 */
import type { BridgeEvent, BridgeMethod, TunewallBridge } from '../../../shared/bridge';

async function call<T>(method: BridgeMethod, args: unknown[]): Promise<T> {
  const response = await fetch(`/api/call/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(args),
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`The Tunewall shell refused ${method} (HTTP ${response.status}).`);
  const body = (await response.json()) as { value: T };
  return body.value;
}

export function createHttpBridge(): TunewallBridge {
  const listeners = new Set<(event: BridgeEvent) => void>();
  let source: EventSource | undefined;
  const connect = () => {
    source = new EventSource('/api/events');
    source.onmessage = (message: MessageEvent<string>) => {
      let event: BridgeEvent;
      try {
        event = JSON.parse(message.data) as BridgeEvent;
      } catch (error) {
        console.warn('Ignored an unreadable event from the Tunewall shell', error);
        return;
      }
      for (const listener of listeners) listener(event);
    };
    // EventSource reconnects by itself after a dropped connection; nothing to do on error but let it.
  };
  return {
    getState: () => call('getState', []),
    startPairing: () => call('startPairing', []),
    browseAsGuest: () => call('browseAsGuest', []),
    signOut: () => call('signOut', []),
    loadRow: (id) => call('loadRow', [id]),
    getDetail: (ref) => call('getDetail', [ref]),
    getTracks: (ref, offset, limit) => call('getTracks', [ref, offset, limit]),
    getTiles: (ref, offset, limit) => call('getTiles', [ref, offset, limit]),
    stationArt: (stationId) => call('stationArt', [stationId]),
    favoriteState: (trackId) => call('favoriteState', [trackId]),
    addFavorite: (trackId) => call('addFavorite', [trackId]),
    qrCode: (text) => call('qrCode', [text]),
    setTerritory: (territory) => call('setTerritory', [territory]),
    setLanguage: (language) => call('setLanguage', [language]),
    diagnostics: () => call('diagnostics', []),
    subscribe(listener) {
      listeners.add(listener);
      if (!source) connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          source?.close();
          source = undefined;
        }
      };
    },
  };
}

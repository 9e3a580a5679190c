/**
 * The bridge over the kiosk shell's loopback server: each method is a same-origin POST, pushed events arrive as
 * server-sent events. The session cookie (set by the launch URL) authenticates both; this code never sees a secret.
 * When the shell stops, calls answer SHELL_STOPPED (never a raw "Failed to fetch"), `shellConnection` says so, and the
 * event stream keeps trying until the shell is back.
 */
import type { BridgeEvent, BridgeMethod, TunewallBridge } from '../../../shared/bridge';
import { SHELL_STOPPED, ShellStoppedError, shellConnection } from './connection';

/** Methods that answer a Result: while the shell is away they answer SHELL_STOPPED as a value. */
const RESULT_METHODS: ReadonlySet<BridgeMethod> = new Set<BridgeMethod>([
  'browseAsGuest',
  'loadRow',
  'getDetail',
  'getTracks',
  'getTiles',
  'stationArt',
  'favoriteState',
  'addFavorite',
  'qrCode',
  'setTerritory',
  'companionOffer',
  'companionRemovePhone',
  'sendToPhone',
]);

/** Between attempts to open the event stream again once the browser has given up on it. */
const RECONNECT_MS = { first: 1000, max: 10_000 };

function markLost(lost: boolean): void {
  if (shellConnection.getState().lost !== lost) shellConnection.setState({ lost });
}

function stopped<T>(method: BridgeMethod): T {
  markLost(true);
  if (RESULT_METHODS.has(method)) return { ok: false, error: SHELL_STOPPED } as T;
  throw new ShellStoppedError();
}

async function call<T>(method: BridgeMethod, args: unknown[]): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/call/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(args),
      credentials: 'same-origin',
    });
  } catch {
    // fetch rejects only when nothing answered at all: the shell's process is gone, which the page now says.
    return stopped<T>(method);
  }
  // 403: this page's session is not one the process on this port knows.
  if (response.status === 403) return stopped<T>(method);
  if (!response.ok) throw new Error(`The Tunewall shell refused ${method} (HTTP ${response.status}).`);
  markLost(false);
  const body = (await response.json()) as { value: T };
  return body.value;
}

export function createHttpBridge(): TunewallBridge {
  const listeners = new Set<(event: BridgeEvent) => void>();
  let source: EventSource | undefined;
  let retry: number | undefined;
  let delay = RECONNECT_MS.first;
  const connect = () => {
    const current = new EventSource('/api/events');
    source = current;
    current.onopen = () => {
      delay = RECONNECT_MS.first;
      markLost(false);
    };
    current.onmessage = (message: MessageEvent<string>) => {
      let event: BridgeEvent;
      try {
        event = JSON.parse(message.data) as BridgeEvent;
      } catch (error) {
        console.warn('Ignored an unreadable event from the Tunewall shell', error);
        return;
      }
      for (const listener of listeners) listener(event);
    };
    current.onerror = () => {
      markLost(true);
      // The browser retries a dropped stream by itself; one it closed (a refused answer) is opened again here.
      if (current.readyState !== EventSource.CLOSED || source !== current) return;
      retry = window.setTimeout(() => {
        retry = undefined;
        if (source === current) connect();
      }, delay);
      delay = Math.min(delay * 2, RECONNECT_MS.max);
    };
  };
  return {
    getState: () => call('getState', []),
    startPairing: () => call('startPairing', []),
    browseAsGuest: () => call('browseAsGuest', []),
    signOut: (pin) => call('signOut', pin === undefined ? [] : [pin]),
    chooseProfile: (key, pin) => call('chooseProfile', pin === undefined ? [key] : [key, pin]),
    addMember: (pin) => call('addMember', pin === undefined ? [] : [pin]),
    cancelAddMember: () => call('cancelAddMember', []),
    signOutMember: (key, pin) => call('signOutMember', pin === undefined ? [key] : [key, pin]),
    setChild: (key, child, pin) => call('setChild', pin === undefined ? [key, child] : [key, child, pin]),
    setPin: (pin, currentPin) => call('setPin', currentPin === undefined ? [pin] : [pin, currentPin]),
    setExplicit: (explicit) => call('setExplicit', [explicit]),
    setSkipChooser: (skip, pin) => call('setSkipChooser', pin === undefined ? [skip] : [skip, pin]),
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
    setVoiceGuidance: (enabled) => call('setVoiceGuidance', [enabled]),
    speak: (request) => call('speak', [request]),
    stopSpeaking: () => call('stopSpeaking', []),
    setDisplay: (display) => call('setDisplay', [display]),
    diagnostics: () => call('diagnostics', []),
    companionOffer: (pin) => call('companionOffer', pin === undefined ? [] : [pin]),
    companionCancelOffer: () => call('companionCancelOffer', []),
    companionRemovePhone: (id, pin) => call('companionRemovePhone', pin === undefined ? [id] : [id, pin]),
    sendToPhone: (item) => call('sendToPhone', [item]),
    companionScreen: (screen) => call('companionScreen', [screen]),
    subscribe(listener) {
      listeners.add(listener);
      if (!source) connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          source?.close();
          source = undefined;
          window.clearTimeout(retry);
        }
      };
    },
  };
}

/** Small doubles shared by the shell tests. */
import { vi } from 'vitest';
import type { AppCore } from '../../../main/core/appCore';
import type { Logger } from '../../../main/core/ports';
import type { AppState, BridgeEvent, BridgeHandlers, DiagnosticsView, HouseholdView } from '../../../shared/bridge';

export function fakeLogger(): Logger & { entries: { level: string; message: string }[] } {
  const entries: { level: string; message: string }[] = [];
  const at = (level: string) => (message: string) => {
    entries.push({ level, message });
  };
  return { entries, info: at('info'), warn: at('warn'), error: at('error') };
}

export function emptyHousehold(): HouseholdView {
  return { members: [], guest: { available: false, child: false }, active: undefined, lastChosen: undefined, skipChooser: false, pinSet: false, explicit: 'show', adding: undefined };
}

export function appState(overrides: Partial<AppState> = {}): AppState {
  return {
    auth: { status: 'starting' },
    configProblems: [],
    network: { online: true, retryAt: undefined },
    storage: { protection: 'os-keyring', reason: undefined },
    territory: 'TW',
    language: 'auto',
    display: { textSize: 100, highContrast: false },
    systemLocale: 'en-US',
    guestModeAvailable: false,
    sandbox: undefined,
    kiosk: { enabled: false, idleSeconds: 0 },
    household: emptyHousehold(),
    voiceGuidance: { enabled: false, shellEngine: undefined, shellLanguages: [], shellVoices: [] },
    companion: { available: true, listening: false, pinRequired: false, phones: [] },
    version: '0.1.0',
    ...overrides,
  };
}

const diagnosticsView: DiagnosticsView = {
  serviceReachable: true,
  latencyMs: 12,
  tokenValidUntil: undefined,
  apiOrigin: 'https://api.example.test',
  sandbox: false,
};

export function fakeHandlers(state: AppState = appState()) {
  return {
    getState: vi.fn(async () => state),
    startPairing: vi.fn(async () => undefined),
    browseAsGuest: vi.fn(async () => ({ ok: true as const, value: undefined })),
    signOut: vi.fn(async () => ({ ok: true as const, value: undefined })),
    chooseProfile: vi.fn(async () => ({ ok: true as const, value: undefined })),
    addMember: vi.fn(async () => ({ ok: true as const, value: undefined })),
    cancelAddMember: vi.fn(async () => undefined),
    signOutMember: vi.fn(async () => ({ ok: true as const, value: undefined })),
    setChild: vi.fn(async () => ({ ok: true as const, value: undefined })),
    setPin: vi.fn(async () => ({ ok: true as const, value: undefined })),
    setExplicit: vi.fn(async () => ({ ok: true as const, value: undefined })),
    setSkipChooser: vi.fn(async () => ({ ok: true as const, value: undefined })),
    loadRow: vi.fn(async () => ({ ok: false as const, error: { kind: 'network' as const, message: 'offline', retryable: true } })),
    getDetail: vi.fn(async () => ({ ok: false as const, error: { kind: 'not-found' as const, message: 'gone', retryable: false } })),
    getTracks: vi.fn(async (_ref: unknown, offset: number) => ({ ok: true as const, value: { offset, total: 0, tracks: [] } })),
    getTiles: vi.fn(async (_ref: unknown, offset: number) => ({ ok: true as const, value: { offset, total: 0, tiles: [] } })),
    stationArt: vi.fn(async () => ({ ok: true as const, value: [] })),
    favoriteState: vi.fn(async () => ({ ok: true as const, value: 'not-favorite' as const })),
    addFavorite: vi.fn(async () => ({ ok: true as const, value: 'favorite' as const })),
    qrCode: vi.fn(async () => ({ ok: true as const, value: { size: 1, modules: '1' } })),
    setTerritory: vi.fn(async () => ({ ok: true as const, value: undefined })),
    setLanguage: vi.fn(async () => undefined),
    setVoiceGuidance: vi.fn(async () => undefined),
    speak: vi.fn(async () => undefined),
    stopSpeaking: vi.fn(async () => undefined),
    setDisplay: vi.fn(async () => undefined),
    diagnostics: vi.fn(async () => diagnosticsView),
    companionOffer: vi.fn(async () => ({ ok: false as const, error: { kind: 'denied' as const, message: 'off', retryable: false } })),
    companionCancelOffer: vi.fn(async () => undefined),
    companionRemovePhone: vi.fn(async () => ({ ok: true as const, value: undefined })),
    sendToPhone: vi.fn(async () => ({ ok: true as const, value: 0 })),
    companionScreen: vi.fn(async () => undefined),
  } satisfies BridgeHandlers;
}

export function fakeCore(state: AppState = appState()) {
  const listeners = new Set<(event: BridgeEvent) => void>();
  const core = {
    handlers: fakeHandlers(state),
    subscribe: vi.fn((listener: (event: BridgeEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
    resume: vi.fn(),
    online: vi.fn(),
    intent: vi.fn(),
    platformChanged: vi.fn(),
    dispose: vi.fn(async () => undefined),
    emit(event: BridgeEvent) {
      for (const listener of listeners) listener(event);
    },
    listenerCount: () => listeners.size,
  } satisfies AppCore & Record<string, unknown>;
  return core;
}

/**
 * createAppCore: the whole of Tunewall's main side wired together, the same in Electron and in the kiosk shell.
 * Configuration → service (or the embedded sandbox) → vault → sign-in session → catalog → the features, whose bridge
 * handlers answer the renderer. Each feature lives in features/<name>/ with its own state and tests.
 */
import { join } from 'node:path';
import type { AppState, AuthState, BridgeEvent, BridgeHandlers } from '../../shared/bridge';
import { firstScreenRows } from '../../shared/homeRows';
import type { AppCoreDeps, RunningAppCore } from './appCore';
import { AuthSession } from './auth/session';
import { createRowCache } from './cache';
import { createCatalogClient } from './catalog';
import { serviceEndpoints } from './config/service';
import { loadConfiguration } from './config/startup';
import { createArtwork } from './features/artwork/artwork';
import { createArtworkCache } from './features/artwork/artworkCache';
import { folderArtworkFiles } from './features/artwork/artworkFiles';
import { createDetails } from './features/details/details';
import { createNetworkStatus } from './features/network/networkStatus';
import { createQrCodes } from './features/pairing/qrCodes';
import { featureErrors } from './features/errors';
import { createRows } from './features/rows/rows';
import { createMemberProfile } from './features/settings/memberProfile';
import { createSettings } from './features/settings/settings';
import { createShellSpeaker } from './features/speech/shellSpeaker';
import { createSpeech } from './features/speech/speech';
import { createStationArt } from './features/stationArt/stationArt';
import { createTrackActions } from './features/trackActions/trackActions';
import { systemClock } from './timers';
import { TokenVault } from './vault/tokenVault';

export type { AppCoreDeps, RunningAppCore } from './appCore';
export type { EmbeddedSandbox } from './config/startup';

export async function createAppCore(deps: AppCoreDeps): Promise<RunningAppCore> {
  const clock = deps.clock ?? systemClock;
  const { logger, store, fetch } = deps;
  const { config, problems, sandbox } = await loadConfiguration(deps);
  const endpoints = serviceEndpoints(config, sandbox);
  const listeners = new Set<(event: BridgeEvent) => void>();
  const emit = (event: BridgeEvent): void => listeners.forEach((listener) => listener(event));
  const pushState = (): void => emit({ type: 'state', state: state() });

  const settings = createSettings({ store, logger, defaults: config, screenReader: deps.screenReader, changed: pushState });
  const speech = createSpeech({ settings, speaker: deps.speaker ?? createShellSpeaker({ logger, path: deps.env['PATH'], changed: pushState }) });
  const { cipher, reason } = deps.resolveCipher?.(config) ?? { cipher: deps.cipher, reason: deps.noCipherReason };
  const vault = new TokenVault({ store, cipher, policy: config.storagePolicy, logger, noCipherReason: reason });
  const generatorUrl = config.service.useSandbox ? undefined : config.service.qrUrl;
  const qr = createQrCodes({ fetch, generatorUrl, logger, changed: pushState });
  const session = endpoints
    ? new AuthSession({ fetch, clock, logger, service: endpoints.token, vault, qrMatrix: qr.draw, guestMode: config.guestMode })
    : undefined;
  const catalog =
    session && endpoints
      ? createCatalogClient({
          fetch: (url, init) => session.authorizedFetch(url, init),
          apiBase: endpoints.apiUrl,
          territory: settings.territory,
          logger,
        })
      : undefined;
  const cache = createRowCache({ store, clock, logger });
  const network = createNetworkStatus({
    fetch,
    apiUrl: endpoints?.apiUrl,
    territory: settings.territory,
    clock,
    logger,
    changed: pushState,
    reconnected: () => session?.online(),
    tokenValidUntil: () => session?.tokenValidUntil,
    signInRenews: () => session?.renewsItself,
    sandbox: sandbox !== undefined,
  });
  const profile = createMemberProfile({ settings, session, catalog, cache, network, logger, changed: pushState });
  // The household decides (a child, or a member who set "hide"); until it is wired, explicit tracks are shown.
  const hideExplicit = (): boolean => false;
  const rows = createRows({ catalog, cache, clock, profile, network, emit, hideExplicit });
  const details = createDetails({ catalog, network, territory: settings.territory, knownTitle: rows.knownTitle, hideExplicit });
  const trackActions = createTrackActions({ catalog, profile, rows, network, logger });
  const artwork = createArtwork({
    // A picture is fetched as it is, without the member's token: the contract's Image is a plain URL.
    fetch,
    cache: createArtworkCache({
      files: deps.artworkFiles ?? folderArtworkFiles(join(deps.userDataDir, 'artwork')),
      logger,
      maxBytes: deps.artworkMaxBytes,
    }),
    logger,
  });
  const stationArt = createStationArt({ catalog, store, clock, logger, territory: settings.territory, network });
  const forgetScoped = (): void => {
    rows.reset();
    details.reset();
  };
  settings.onTerritoryChange(forgetScoped);
  profile.onForget(forgetScoped);

  function state(): AppState {
    return {
      auth: session ? qr.withImage(session.state) : { status: 'error', error: featureErrors.noService() },
      configProblems: problems,
      network: network.view(),
      storage: vault.status,
      territory: settings.territory(),
      language: settings.language(),
      display: settings.display(),
      systemLocale: deps.systemLocale,
      guestModeAvailable: config.guestMode,
      sandbox: sandbox ? { approveUrl: `${sandbox.urls.auth}/d` } : undefined,
      kiosk: { enabled: config.kiosk.enabled, idleSeconds: config.kiosk.idleSeconds },
      // Placeholder until the household lands: one member at most, nobody added or chosen.
      household: {
        members: [],
        guest: { available: config.guestMode, child: false },
        active: undefined,
        lastChosen: undefined,
        skipChooser: false,
        pinSet: false,
        explicit: 'show',
        adding: undefined,
      },
      voiceGuidance: speech.view(),
      version: deps.version,
    };
  }

  let lastAuth: AuthState['status'] = 'starting';
  session?.subscribe((auth) => {
    // A sign-in that completed just now (a code approved, guest mode chosen), not one the vault restored at start.
    const signedInNow = auth.status === 'signed-in' && lastAuth !== 'signed-in' && lastAuth !== 'starting';
    lastAuth = auth.status;
    profile.follow(auth);
    // Home's first rows leave with the member's profile, rather than after the screen has drawn and asked for them.
    if (signedInNow) rows.prefetch(firstScreenRows(auth.mode === 'member'));
    network.followPairing(auth);
    pushState();
  });

  const handlers: BridgeHandlers = {
    getState: async () => state(),
    startPairing: async () => session?.startPairing(),
    browseAsGuest: async () => (session ? session.browseAsGuest() : { ok: false, error: featureErrors.noService() }),
    signOut: async () => {
      profile.forget();
      await session?.signOut();
    },
    chooseProfile: async () => ({ ok: false, error: featureErrors.noService() }),
    addMember: async () => ({ ok: false, error: featureErrors.noService() }),
    cancelAddMember: async () => undefined,
    signOutMember: async () => undefined,
    setChild: async () => ({ ok: false, error: featureErrors.noService() }),
    setPin: async () => ({ ok: false, error: featureErrors.noService() }),
    setExplicit: async () => ({ ok: false, error: featureErrors.noService() }),
    setSkipChooser: async () => undefined,
    ...rows.handlers,
    ...details.handlers,
    ...trackActions.handlers,
    ...stationArt.handlers,
    ...qr.handlers,
    ...settings.handlers,
    ...network.handlers,
    ...speech.handlers,
  };

  session?.start();

  return {
    config,
    endpoints,
    handlers,
    bootView: () => ({ state: state(), rows: rows.cachedRows() }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    resume: () => {
      session?.resume();
      network.resume();
    },
    online: () => {
      session?.online();
      network.recheck();
    },
    artwork: (request) => artwork.serve(request),
    intent: (intent) => emit({ type: 'intent', intent }),
    platformChanged: pushState,
    dispose: async () => {
      network.dispose();
      speech.dispose();
      stationArt.flush();
      session?.dispose();
      listeners.clear();
      await sandbox?.close();
    },
  };
}

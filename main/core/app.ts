/**
 * createAppCore: the whole of Tunewall's main side wired together, the same in Electron and in the kiosk shell.
 * Configuration → service (or the embedded sandbox) → vault → sign-in session → catalog → the features, whose bridge
 * handlers answer the renderer. Each feature lives in features/<name>/ with its own state and tests.
 */
import { join } from 'node:path';
import type { AppState, BridgeEvent, BridgeHandlers } from '../../shared/bridge';
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
import { createHousehold } from './features/household/household';
import { createHouseholdStore } from './features/household/householdStore';
import { followOnScreen } from './features/household/switching';
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
import { MemberVault } from './vault/memberVault';

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

  const { cipher, reason } = deps.resolveCipher?.(config) ?? { cipher: deps.cipher, reason: deps.noCipherReason };
  const vault = new MemberVault({ store, cipher, policy: config.storagePolicy, logger, noCipherReason: reason });
  const generatorUrl = config.service.useSandbox ? undefined : config.service.qrUrl;
  const qr = createQrCodes({ fetch, generatorUrl, logger, changed: pushState });
  const session = endpoints
    ? new AuthSession({ fetch, clock, logger, service: endpoints.token, vault, qrMatrix: qr.draw, guestMode: config.guestMode })
    : undefined;
  const cache = createRowCache({ store, clock, logger });
  const household = createHousehold({ store: createHouseholdStore(store, logger), session, cache, config, logger, changed: pushState });
  const settings = createSettings({
    store,
    logger,
    defaults: config,
    screenReader: deps.screenReader,
    changed: pushState,
    member: household.memberSlot,
  });
  const speech = createSpeech({ settings, speaker: deps.speaker ?? createShellSpeaker({ logger, path: deps.env['PATH'], changed: pushState }) });
  const catalog =
    session && endpoints
      ? createCatalogClient({
          fetch: (url, init) => session.authorizedFetch(url, init),
          apiBase: endpoints.apiUrl,
          territory: settings.territory,
          logger,
        })
      : undefined;
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
  // The household decides: a child, or a member who set "hide".
  const hideExplicit = (): boolean => household.hideExplicit();
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
  // Rows and details kept for the one on screen were made with explicit tracks shown or hidden as they were.
  household.onExplicitChange(forgetScoped);

  function state(): AppState {
    return {
      auth: session ? qr.withImage(session.state) : { status: 'error', error: featureErrors.noService() },
      configProblems: [...problems, ...household.problems()],
      network: network.view(),
      storage: vault.status,
      territory: settings.territory(),
      language: settings.language(),
      display: settings.display(),
      systemLocale: deps.systemLocale,
      guestModeAvailable: config.guestMode,
      sandbox: sandbox ? { approveUrl: `${sandbox.urls.auth}/d` } : undefined,
      kiosk: { enabled: config.kiosk.enabled, idleSeconds: config.kiosk.idleSeconds, home: household.kioskHome() },
      household: householdView(),
      voiceGuidance: speech.view(),
      version: deps.version,
    };
  }

  function householdView(): AppState['household'] {
    const view = household.view();
    return view.adding === undefined ? view : { ...view, adding: { ...view.adding, pairing: qr.withImage(view.adding.pairing) } };
  }

  const onScreen = followOnScreen({ household, profile, rows, forgetScoped });
  session?.subscribe((auth) => {
    onScreen(auth);
    network.followPairing(auth);
    pushState();
  });
  session?.onHouseholdChange(pushState);

  const handlers: BridgeHandlers = {
    getState: async () => state(),
    startPairing: async () => session?.startPairing(),
    browseAsGuest: async () => (session ? session.browseAsGuest() : { ok: false, error: featureErrors.noService() }),
    signOut: async (pin) => {
      const refused = household.childRefuses(pin);
      if (refused !== undefined) return { ok: false, error: refused };
      profile.forget();
      await session?.signOut();
      return { ok: true, value: undefined };
    },
    ...household.handlers,
    ...rows.handlers,
    ...details.handlers,
    ...trackActions.handlers,
    ...stationArt.handlers,
    ...qr.handlers,
    ...settings.handlers,
    ...network.handlers,
    ...speech.handlers,
  };

  session?.start(
    (keys) => household.startChoice(keys),
    (keys) => household.leftChoice(keys),
  );

  return {
    config,
    endpoints,
    handlers,
    bootView: () => ({ state: state(), rows: rows.cachedRows() }),
    hideExplicit: () => household.hideExplicit(),
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

/**
 * createAppCore: the whole of Tunewall's main side wired together, the same in Electron and in the kiosk shell.
 * Configuration → service (or the embedded sandbox) → vault → sign-in session → catalog → the features, whose bridge
 * handlers answer the renderer. Each feature lives in features/<name>/ with its own state and tests.
 */
import type { BridgeHandlers } from '../../shared/bridge';
import type { AppCoreDeps, RunningAppCore } from './appCore';
import { createAppState } from './appState';
import { AuthSession } from './auth/session';
import { createRowCache } from './cache';
import { createCatalogClient } from './catalog';
import { serviceEndpoints } from './config/service';
import { loadConfiguration } from './config/startup';
import { createCoreEvents } from './coreEvents';
import { createKeptArtwork } from './features/artwork/keptArtwork';
import { createCompanionFeature } from './features/companion/companionFeature';
import { createDetails } from './features/details/details';
import { createExplicitHiding } from './features/explicit/explicitHiding';
import { createHousehold } from './features/household/household';
import { createHouseholdStore } from './features/household/householdStore';
import { signInHandlers } from './features/household/signInHandlers';
import { followTheScreen } from './features/household/switching';
import { createNetworkStatus } from './features/network/networkStatus';
import { createQrCodes } from './features/pairing/qrCodes';
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
  const configuration = await loadConfiguration(deps);
  const { config, sandbox } = configuration;
  const endpoints = serviceEndpoints(config, sandbox);
  const events = createCoreEvents();
  const pushState = (): void => events.emit({ type: 'state', state: state() });

  const { cipher, reason } = deps.resolveCipher?.(config) ?? { cipher: deps.cipher, reason: deps.noCipherReason };
  const vault = new MemberVault({ store, cipher, policy: config.storagePolicy, logger, noCipherReason: reason });
  const generatorUrl = config.service.useSandbox ? undefined : config.service.qrUrl;
  const qr = createQrCodes({ fetch, generatorUrl, logger, changed: pushState });
  const session = endpoints
    ? new AuthSession({ fetch, clock, logger, service: endpoints.token, vault, qrMatrix: qr.draw, guestMode: config.guestMode })
    : undefined;
  const cache = createRowCache({ store, clock, logger });
  const household = createHousehold({ store: createHouseholdStore(store, logger), session, cache, config, logger, changed: pushState });
  const settings = createSettings({ store, logger, defaults: config, screenReader: deps.screenReader, changed: pushState, member: household.memberSlot });
  const speech = createSpeech({ settings, speaker: deps.speaker ?? createShellSpeaker({ logger, path: deps.env['PATH'], changed: pushState }) });
  const catalog =
    session && endpoints
      ? createCatalogClient({ fetch: (url, init) => session.authorizedFetch(url, init), apiBase: endpoints.apiUrl, territory: settings.territory, logger })
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
  const explicit = createExplicitHiding(household);
  const rows = createRows({ catalog, cache, clock, profile, network, emit: events.emit, hideExplicit: explicit.hidden });
  const details = createDetails({ catalog, network, territory: settings.territory, knownTitle: rows.knownTitle, hideExplicit: explicit.hidden });
  const trackActions = createTrackActions({ catalog, profile, rows, network, logger });
  const artwork = createKeptArtwork({ fetch, logger, userDataDir: deps.userDataDir, files: deps.artworkFiles, maxBytes: deps.artworkMaxBytes });
  const stationArt = createStationArt({ catalog, store, clock, logger, territory: settings.territory, network });
  const views = { ...rows.handlers, ...details.handlers };
  const companion = createCompanionFeature({ config, views, artwork, household, session, trackActions, emit: events.emit, store, clock, logger, changed: pushState, options: { page: deps.phonePage } });
  const state = createAppState({ deps, configuration, session, qr, vault, household, network, settings, speech, companion });
  const forgetScoped = (): void => {
    rows.reset();
    details.reset();
  };
  settings.onTerritoryChange(forgetScoped);
  profile.onForget(forgetScoped);
  explicit.forgetWhenChanged(forgetScoped);

  const handlers: BridgeHandlers = {
    getState: async () => state(),
    ...signInHandlers({ session, household, profile }),
    ...household.handlers,
    ...rows.handlers,
    ...details.handlers,
    ...trackActions.handlers,
    ...stationArt.handlers,
    ...qr.handlers,
    ...settings.handlers,
    ...network.handlers,
    ...speech.handlers,
    ...companion.handlers,
  };

  followTheScreen({ session, household, profile, rows, forgetScoped, alsoFollows: (auth) => network.followPairing(auth), changed: pushState });

  return {
    config,
    endpoints,
    handlers,
    bootView: () => ({ state: state(), rows: rows.cachedRows() }),
    hideExplicit: explicit.hidden,
    subscribe: events.subscribe,
    resume: () => {
      session?.resume();
      network.resume();
    },
    online: () => {
      session?.online();
      network.recheck();
    },
    artwork: (request) => artwork.serve(request),
    intent: (intent) => events.emit({ type: 'intent', intent }),
    platformChanged: pushState,
    dispose: async () => {
      network.dispose();
      speech.dispose();
      stationArt.flush();
      session?.dispose();
      await companion.dispose();
      events.clear();
      await sandbox?.close();
    },
  };
}

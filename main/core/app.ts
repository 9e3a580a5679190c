/**
 * createAppCore: the whole of Tunewall's main side wired together, the same in Electron and in the kiosk shell.
 * Configuration → service (or the embedded sandbox) → vault → sign-in session → catalog → views, exposed as the
 * bridge handlers and a stream of events. Every handler checks its arguments (they come from the renderer) and
 * answers failures as values.
 */
import { z } from 'zod';
import type {
  AppState,
  AuthState,
  BridgeEvent,
  BridgeHandlers,
  DetailRef,
  DetailView,
  DiagnosticsView,
  Language,
  MemberView,
  QrMatrix,
  Result,
  RowId,
  RowView,
  TileView,
  TrackPageView,
  TracksDetailView,
  UiError,
} from '../../shared/bridge';
import {
  DetailRefSchema,
  LanguageSettingSchema,
  QrTextSchema,
  RowIdSchema,
  TrackLimitSchema,
  TrackOffsetSchema,
} from '../../shared/bridgeArgs';
import { TerritorySchema, type Territory } from '../../shared/territory';
import type { AppCore } from './appCore';
import { AuthSession } from './auth/session';
import { accountKey, createRowCache, type CacheScope } from './cache';
import { CatalogError, createCatalogClient, collectAll, type CatalogClient, type Me } from './catalog';
import { loadConfig, configFilePath, readConfigFile } from './config/load';
import type { TunewallConfig } from './config/config';
import { configProblem } from './config/problems';
import { serviceEndpoints, type SandboxEndpoints, type ServiceEndpoints } from './config/service';
import { CoreError, toUiError, type CoreText } from './errors';
import { backoffDelay } from './net/backoff';
import type { Cipher, Clock, FetchLike, KeyValueStore, Logger } from './ports';
import { qrMatrix, remoteQrDataUrl } from './qr';
import { setSafeTimeout, systemClock, type TimerHandle } from './timers';
import { TokenVault } from './vault/tokenVault';
import {
  chartDetailView,
  chartTile,
  favoriteTrackTile,
  genreStationDetailView,
  genreStationTile,
  imageViews,
  moodStationDetailView,
  moodStationTile,
  playlistDetailView,
  playlistTile,
  rowView,
  trackPageView,
  trackView,
} from './views';

/** A running embedded sandbox, as much of it as the core needs. */
export interface EmbeddedSandbox extends SandboxEndpoints {
  origin: string;
  close(): Promise<void>;
}

export interface AppCoreDeps {
  env: Record<string, string | undefined>;
  argv: readonly string[];
  /** The app's data folder (config.json lives there unless --config or TUNEWALL_CONFIG say otherwise). */
  userDataDir: string;
  fetch: FetchLike;
  clock?: Clock;
  /** Undefined when no encryption is available; `noCipherReason` says why, in plain words. */
  cipher: Cipher | undefined;
  noCipherReason?: CoreText | undefined;
  /** Picks the cipher once the configuration is known (the kiosk shell's key file is a setting); wins over `cipher`. */
  resolveCipher?: (config: TunewallConfig) => { cipher: Cipher | undefined; reason: CoreText | undefined };
  store: KeyValueStore;
  logger: Logger;
  systemLocale: string;
  version: string;
  /** Starts the embedded sandbox; used when no credentials are configured. */
  startSandbox: () => Promise<EmbeddedSandbox>;
  /** Reads the config file (tests pass their own). */
  readFile?: (path: string) => string;
}

export interface RunningAppCore extends AppCore {
  config: TunewallConfig;
  endpoints: ServiceEndpoints | undefined;
}

type PlaylistSource = 'shared' | 'new-hits' | 'chart';
const PLAYLIST_SOURCES: readonly PlaylistSource[] = ['shared', 'new-hits', 'chart'];

const SETTINGS_KEY = 'settings';
const MEMBER_KEY = 'member';
const SettingsSchema = z.object({
  territory: TerritorySchema.optional(),
  language: LanguageSettingSchema.optional(),
});
const StoredMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.object({ url: z.string(), width: z.number(), height: z.number() }).optional(),
  territory: TerritorySchema,
});
type StoredMember = z.infer<typeof StoredMemberSchema>;

const badArgument = (what: string): { ok: false; error: UiError } => ({
  ok: false,
  error: { kind: 'unknown', message: `Tunewall could not understand the request (${what}).`, retryable: false },
});

/** What the bridge contract names but this core does not serve yet: a plain failure, never a crash. */
function notYetShown(): CoreError {
  return new CoreError({ kind: 'invalid-response', message: 'Tunewall cannot show this yet.', retryable: false });
}

function failure(error: unknown): { ok: false; error: UiError } {
  return { ok: false, error: toUiError(error) };
}

export async function createAppCore(deps: AppCoreDeps): Promise<RunningAppCore> {
  const clock = deps.clock ?? systemClock;
  const { logger, store } = deps;
  const path = configFilePath({ env: deps.env, argv: deps.argv, userDataDir: deps.userDataDir });
  const { config, problems } = loadConfig({
    env: deps.env,
    argv: deps.argv,
    ...readConfigFile(path, deps.readFile),
  });
  for (const problem of problems) logger.warn('config problem', { key: problem.key, message: problem.message });

  let sandbox: EmbeddedSandbox | undefined;
  if (config.service.useSandbox) {
    try {
      sandbox = await deps.startSandbox();
      logger.info('no credentials configured: using the embedded sandbox', { origin: sandbox.origin });
    } catch (error) {
      logger.error('the embedded sandbox did not start', { error: String(error) });
      problems.push(configProblem('clientId', 'sandboxFailed', 'sandboxFailed'));
    }
  }
  const endpoints = serviceEndpoints(config, sandbox);

  const settings = readStored(store, SETTINGS_KEY, SettingsSchema, logger) ?? {};
  let storedMember = readStored(store, MEMBER_KEY, StoredMemberSchema, logger);

  const chosen = deps.resolveCipher?.(config) ?? { cipher: deps.cipher, reason: deps.noCipherReason };
  const vault = new TokenVault({
    store,
    cipher: chosen.cipher,
    policy: config.storagePolicy,
    logger,
    noCipherReason: chosen.reason,
  });
  const listeners = new Set<(event: BridgeEvent) => void>();
  const emit = (event: BridgeEvent) => {
    for (const listener of listeners) listener(event);
  };

  // The service's QR generator, when one is configured for a real service: the code is drawn locally at once and
  // replaced by the generator's image when it answers (a failure leaves the local drawing, which is just as good).
  const remoteQrBase = config.service.useSandbox ? undefined : config.service.qrUrl;
  const qrContents = new WeakMap<QrMatrix, string>();
  const qrImages = new Map<string, string>();
  const drawQr = (text: string): QrMatrix => {
    const matrix = qrMatrix(text);
    if (remoteQrBase !== undefined) {
      qrContents.set(matrix, text);
      if (!qrImages.has(text)) {
        remoteQrDataUrl({ fetch: deps.fetch, qrBase: remoteQrBase, content: text, imageSize: 600 }).then(
          (image) => {
            qrImages.clear();
            qrImages.set(text, image);
            pushState();
          },
          (error: unknown) => logger.warn('QR generator did not answer; the QR code is drawn locally', { error: String(error) }),
        );
      }
    }
    return matrix;
  };

  const session = endpoints
    ? new AuthSession({
        fetch: deps.fetch,
        clock,
        logger,
        service: endpoints.token,
        vault,
        qrMatrix: drawQr,
        guestMode: config.guestMode,
      })
    : undefined;

  const territory = (): Territory => settings.territory ?? storedMember?.territory ?? config.territory;
  const catalog: CatalogClient | undefined =
    session && endpoints
      ? createCatalogClient({
          fetch: (url, init) => session.authorizedFetch(url, init),
          apiBase: endpoints.apiUrl,
          territory,
          logger,
        })
      : undefined;
  const cache = createRowCache({ store, clock, logger });

  // Network state: a failed request marks the service unreachable; a probe with backoff brings it back by itself.
  let online = true;
  let retryAt: number | undefined;
  let probeTimer: TimerHandle | undefined;
  let probeAttempt = 0;
  let disposed = false;
  const revalidated = new Set<RowId>();
  const stationTracks = new Map<string, TrackPageView['tracks']>();
  const playlistSources = new Map<string, PlaylistSource>();

  const withQrImage = (auth: AuthState): AuthState => {
    if (auth.status !== 'pairing') return auth;
    const content = qrContents.get(auth.code.qr);
    const image = content === undefined ? undefined : qrImages.get(content);
    return image === undefined ? auth : { ...auth, code: { ...auth.code, qrImage: image } };
  };

  const state = (): AppState => ({
    auth: session ? withQrImage(session.state) : {
      status: 'error',
      error: { kind: 'config', message: 'Tunewall has no service to sign in to: see the configuration problems.', retryable: false },
    },
    configProblems: problems,
    network: { online, retryAt },
    storage: vault.status,
    territory: territory(),
    language: settings.language ?? config.language,
    systemLocale: deps.systemLocale,
    guestModeAvailable: config.guestMode,
    sandbox: sandbox ? { approveUrl: `${sandbox.urls.auth}/d` } : undefined,
    kiosk: { enabled: config.kiosk.enabled, idleSeconds: config.kiosk.idleSeconds },
    version: deps.version,
  });
  const pushState = () => emit({ type: 'state', state: state() });

  async function probe(): Promise<number | undefined> {
    if (!endpoints) return undefined;
    const started = clock.monotonic();
    try {
      // Any answer (a 401 without a token included) means the service is reachable.
      const response = await deps.fetch(`${endpoints.apiUrl.replace(/\/v1\.1\/?$/, '')}/v1.1/charts?territory=${territory()}&limit=1`, {
        signal: AbortSignal.timeout(5000),
      });
      await response.body?.cancel();
      return response.status >= 500 ? undefined : clock.monotonic() - started;
    } catch {
      return undefined;
    }
  }

  function markOffline(): void {
    // A request or probe that fails after dispose must not arm a timer that outlives the core.
    if (probeTimer || disposed) return;
    const delay = backoffDelay(probeAttempt++, { initialMs: 2000, maxMs: 30_000 });
    online = false;
    retryAt = clock.now() + delay;
    pushState();
    probeTimer = setSafeTimeout(() => {
      probeTimer = undefined;
      void probe().then((latency) => {
        if (latency === undefined) markOffline();
        else markOnline();
      });
    }, delay);
  }

  function markOnline(): void {
    probeTimer?.cancel();
    probeTimer = undefined;
    probeAttempt = 0;
    if (online) return;
    online = true;
    retryAt = undefined;
    session?.online();
    pushState();
  }

  function noteOutcome(error: unknown): void {
    const ui = toUiError(error);
    if (ui.kind === 'network' || (ui.kind === 'server' && ui.retryable)) markOffline();
  }

  /** `reachedService` says whether a value came over the network: one from the cache says nothing of the service. */
  async function guarded<T>(work: () => Promise<T>, reachedService: (value: T) => boolean = () => true): Promise<Result<T>> {
    try {
      const value = await work();
      if (reachedService(value)) markOnline();
      return { ok: true, value };
    } catch (error) {
      logger.warn('request failed', { error: String(error) });
      noteOutcome(error);
      return failure(error);
    }
  }

  function scope(): CacheScope | undefined {
    const auth = session?.state;
    if (auth?.status !== 'signed-in') return undefined;
    if (auth.mode === 'guest') return { account: { kind: 'guest' }, territory: territory() };
    if (!storedMember) return undefined;
    return { account: { kind: 'member', id: storedMember.id }, territory: territory() };
  }

  async function fetchRow(client: CatalogClient, id: RowId, memberId: string | undefined): Promise<RowView> {
    const now = clock.now();
    let tiles: TileView[];
    switch (id) {
      case 'charts':
        tiles = (await client.charts({ limit: 100 })).data.map(chartTile);
        break;
      case 'mood-stations':
        tiles = (await client.moodStations({ limit: 100 })).data.map(moodStationTile);
        break;
      case 'genre-stations':
        tiles = (await client.genreStations({ limit: 500 })).data.map(genreStationTile);
        break;
      case 'favorites':
        tiles = (await client.favorites({ limit: 100 })).data.map(favoriteTrackTile);
        break;
      case 'collected-playlists':
        if (memberId === undefined) throw new Error('collected playlists need a member');
        tiles = (await client.playlistCollection(memberId, { limit: 100 })).data.map(playlistTile);
        break;
      case 'new-hits':
      case 'new-releases':
      case 'kids':
      case 'album-collection':
      case 'shared-playlists':
        throw notYetShown();
    }
    return rowView(id, tiles, now, false);
  }

  // The profile in flight: rows asked for between the tokens and the profile wait for it instead of failing.
  let memberLoad: Promise<void> | undefined;
  function loadMember(): Promise<void> {
    memberLoad ??= fetchMember().finally(() => {
      memberLoad = undefined;
    });
    return memberLoad;
  }

  /** A signed-in member whose profile has not arrived yet is waited for, so their rows get the right scope. */
  async function settledScope(): Promise<CacheScope | undefined> {
    const auth = session?.state;
    if (auth?.status === 'signed-in' && auth.mode === 'member' && !storedMember) await loadMember();
    return scope();
  }

  async function fetchMember(): Promise<void> {
    if (!catalog) return;
    try {
      const me: Me = await catalog.me();
      const image = imageViews(me.images).sort((a, b) => a.width - b.width).find((i) => i.width >= 180);
      const changed = storedMember?.id !== me.id;
      storedMember = { id: me.id, name: me.name, image, territory: me.territory };
      store.set(MEMBER_KEY, storedMember);
      session?.setMember(memberView(storedMember));
      markOnline();
      if (changed) pushState();
    } catch (error) {
      logger.warn('could not read the member profile', { error: String(error) });
      noteOutcome(error);
    }
  }

  function forgetMember(): void {
    if (storedMember) cache.clear({ account: { kind: 'member', id: storedMember.id } });
    storedMember = undefined;
    store.delete(MEMBER_KEY);
    stationTracks.clear();
    revalidated.clear();
  }

  let lastAuthStatus: string | undefined;
  session?.subscribe((auth) => {
    const memberNow = auth.status === 'signed-in' && auth.mode === 'member';
    const previous = lastAuthStatus;
    // Updated before setMember, which calls this listener again: the inner call must see the member as signed in.
    lastAuthStatus = auth.status === 'signed-in' ? `signed-in:${auth.mode}` : auth.status;
    if (memberNow && previous !== 'signed-in:member') {
      if (storedMember) session.setMember(memberView(storedMember));
      void loadMember();
    }
    // Signed out by the service (a refused refresh): the member's profile and rows go, as on a sign-out of their own,
    // so the next person to pair never sees them.
    if (previous === 'signed-in:member' && auth.status !== 'signed-in') forgetMember();
    if (auth.status === 'pairing' && auth.poll === 'retrying') {
      online = false;
      retryAt = auth.retryAt;
    } else if (auth.status === 'pairing' && !online && !probeTimer) {
      online = true;
      retryAt = undefined;
    }
    pushState();
  });

  async function detail(ref: DetailRef): Promise<DetailView> {
    if (!catalog) throw new Error('no catalog');
    switch (ref.kind) {
      case 'chart':
        return chartDetailView(ref.id, await catalog.chart(ref.id), knownTitle(ref));
      case 'playlist':
        return playlistDetail(catalog, ref);
      case 'mood-station': {
        const station = await catalog.moodStation(ref.id);
        const view = moodStationDetailView(station);
        return withAllStationTracks(ref, view, station.tracks);
      }
      case 'genre-station': {
        const station = await catalog.genreStation(ref.id);
        const view = genreStationDetailView(station);
        return withAllStationTracks(ref, view, station.tracks);
      }
      case 'new-hits':
      case 'album':
      case 'artist':
      case 'new-release-category':
      case 'kids-category':
      case 'recommended':
        throw notYetShown();
    }
  }

  /**
   * A collected playlist may be a member's shared playlist, a new-hits playlist or a chart, and its tile does not say
   * which: each is tried in turn on not-found, and the one that answered is remembered for paging its tracks.
   */
  async function fromPlaylistSource<T>(id: string, call: (source: PlaylistSource) => Promise<T>): Promise<T> {
    const known = playlistSources.get(id);
    let notFound: unknown;
    for (const source of known === undefined ? PLAYLIST_SOURCES : [known]) {
      try {
        const value = await call(source);
        playlistSources.set(id, source);
        return value;
      } catch (error) {
        if (!(error instanceof CatalogError && error.kind === 'not-found')) throw error;
        notFound = error;
      }
    }
    throw notFound;
  }

  function playlistDetail(client: CatalogClient, ref: DetailRef): Promise<TracksDetailView> {
    return fromPlaylistSource(ref.id, async (source) => {
      switch (source) {
        case 'shared':
          return playlistDetailView(await client.sharedPlaylist(ref.id));
        case 'new-hits':
          return { ...playlistDetailView(await client.newHitsPlaylist(ref.id)), ref };
        case 'chart':
          return { ...chartDetailView(ref.id, await client.chart(ref.id), knownTitle(ref)), ref };
      }
    });
  }

  /** Station tracks come in a new order on every call, so one call's whole list is kept and paged locally. */
  async function withAllStationTracks<V extends { tracks: TrackPageView['tracks']; totalTracks: number }>(
    ref: DetailRef,
    view: V,
    first: Parameters<typeof collectAll>[0],
  ): Promise<V> {
    const all = (await collectAll(first)).map((t) => trackView(t as Parameters<typeof trackView>[0]));
    stationTracks.set(`${ref.kind}:${ref.id}`, all);
    return { ...view, tracks: all.slice(0, 100), totalTracks: all.length };
  }

  /** A chart detail may come without its title: the tile it was opened from has it. */
  function knownTitle(ref: DetailRef): string | undefined {
    const s = scope();
    if (!s) return undefined;
    const row: RowId = ref.kind === 'playlist' ? 'collected-playlists' : 'charts';
    return cache.read(s, row)?.row.tiles.find((t) => t.ref?.kind === ref.kind && t.ref.id === ref.id)?.title;
  }

  async function tracks(ref: DetailRef, offset: number, limit: number): Promise<TrackPageView> {
    if (!catalog) throw new Error('no catalog');
    if (ref.kind === 'chart') return trackPageView(await catalog.chartTracks(ref.id, { offset, limit }));
    if (ref.kind === 'playlist') {
      return fromPlaylistSource(ref.id, async (source) => {
        const page = { offset, limit };
        switch (source) {
          case 'shared':
            return trackPageView(await catalog.sharedPlaylistTracks(ref.id, page));
          case 'new-hits':
            return trackPageView(await catalog.newHitsPlaylistTracks(ref.id, page));
          case 'chart':
            return trackPageView(await catalog.chartTracks(ref.id, page));
        }
      });
    }
    if (ref.kind !== 'mood-station' && ref.kind !== 'genre-station') throw notYetShown();
    let all = stationTracks.get(`${ref.kind}:${ref.id}`);
    if (!all) {
      await detail(ref);
      all = stationTracks.get(`${ref.kind}:${ref.id}`) ?? [];
    }
    return { offset, total: all.length, tracks: all.slice(offset, offset + limit) };
  }

  const handlers: BridgeHandlers = {
    getState: async () => state(),
    startPairing: async () => session?.startPairing(),
    browseAsGuest: async () => (session ? session.browseAsGuest() : badArgument('no service')),
    signOut: async () => {
      forgetMember();
      await session?.signOut();
    },
    loadRow: async (id) => {
      const parsed = RowIdSchema.safeParse(id);
      if (!parsed.success) return badArgument('row');
      const rowId = parsed.data;
      const s = await settledScope();
      if (!catalog || !s) {
        return { ok: false, error: { kind: 'auth', message: 'Sign in to see this row.', retryable: false } };
      }
      const memberId = s.account.kind === 'member' ? s.account.id : undefined;
      if (memberId === undefined && (rowId === 'favorites' || rowId === 'collected-playlists')) {
        return { ok: false, error: { kind: 'auth', message: 'Sign in to see your own music.', retryable: false } };
      }
      const firstSinceStart = !revalidated.has(rowId);
      revalidated.add(rowId);
      return guarded(
        () =>
          cache.load(s, rowId, () => fetchRow(catalog, rowId, memberId), {
            revalidate: firstSinceStart,
            onRevalidated: (row) => {
              markOnline();
              // A refresh that started before a territory change or another sign-in is not what the screen shows.
              if (sameScope(s, scope())) emit({ type: 'row', row });
            },
            onRevalidateError: (error) => noteOutcome(error),
          }),
        (row) => !row.fromCache,
      );
    },
    getDetail: async (ref) => {
      const parsed = DetailRefSchema.safeParse(ref);
      if (!parsed.success) return badArgument('item');
      return guarded(() => detail(parsed.data));
    },
    getTracks: async (ref, offset, limit) => {
      const parsed = DetailRefSchema.safeParse(ref);
      const page = z
        .object({ offset: TrackOffsetSchema, limit: TrackLimitSchema })
        .safeParse({ offset, limit });
      if (!parsed.success || !page.success) return badArgument('tracks');
      return guarded(() => tracks(parsed.data, page.data.offset, page.data.limit));
    },
    getTiles: async () => failure(notYetShown()),
    stationArt: async () => failure(notYetShown()),
    favoriteState: async () => failure(notYetShown()),
    addFavorite: async () => failure(notYetShown()),
    qrCode: async (text) => {
      const parsed = QrTextSchema.safeParse(text);
      if (!parsed.success) return badArgument('QR text');
      try {
        return { ok: true, value: qrMatrix(parsed.data) };
      } catch (error) {
        return failure(error);
      }
    },
    setTerritory: async (value) => {
      const parsed = TerritorySchema.safeParse(value);
      if (!parsed.success) return badArgument('territory');
      settings.territory = parsed.data;
      store.set(SETTINGS_KEY, settings);
      stationTracks.clear();
      revalidated.clear();
      pushState();
      return { ok: true, value: undefined };
    },
    setLanguage: async (value) => {
      const parsed = LanguageSettingSchema.safeParse(value);
      if (!parsed.success) return;
      settings.language = parsed.data as Language | 'auto';
      store.set(SETTINGS_KEY, settings);
      pushState();
    },
    diagnostics: async (): Promise<DiagnosticsView> => {
      const latency = await probe();
      if (latency === undefined) markOffline();
      else markOnline();
      const until = session?.tokenValidUntil;
      return {
        serviceReachable: latency !== undefined,
        latencyMs: latency === undefined ? undefined : Math.round(latency),
        tokenValidUntil: until === undefined ? undefined : new Date(until).toISOString(),
        signInRenews: session?.renewsItself,
        apiOrigin: endpoints ? new URL(endpoints.apiUrl).origin : '',
        sandbox: sandbox !== undefined,
      };
    },
  };

  session?.start();

  return {
    config,
    endpoints,
    handlers,
    bootView: () => {
      const s = scope();
      const rows: RowView[] = [];
      if (s) {
        for (const id of RowIdSchema.options) {
          const cached = cache.read(s, id);
          if (cached) rows.push(cached.row);
        }
      }
      return { state: state(), rows };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    resume: () => {
      session?.resume();
      if (!online) void probe().then((latency) => (latency === undefined ? undefined : markOnline()));
    },
    online: () => {
      session?.online();
      void probe().then((latency) => (latency === undefined ? undefined : markOnline()));
    },
    intent: (intent) => emit({ type: 'intent', intent }),
    dispose: async () => {
      disposed = true;
      probeTimer?.cancel();
      probeTimer = undefined;
      session?.dispose();
      listeners.clear();
      await sandbox?.close();
    },
  };
}

function sameScope(a: CacheScope, b: CacheScope | undefined): boolean {
  return b !== undefined && a.territory === b.territory && accountKey(a.account) === accountKey(b.account);
}

function memberView(member: StoredMember): MemberView {
  return { name: member.name, image: member.image, territory: member.territory };
}

function readStored<T>(store: KeyValueStore, key: string, schema: z.ZodType<T>, logger: Logger): T | undefined {
  const raw = store.get(key);
  if (raw === undefined) return undefined;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  logger.warn('stored value unreadable, ignored', { key });
  store.delete(key);
  return undefined;
}

/**
 * A scripted, in-memory bridge with realistic data: for renderer tests and screenshots while the core is built.
 * Dev only: the production entry never imports it.
 */
import QRCode from 'qrcode';
import type {
  AppState,
  AuthState,
  BridgeEvent,
  DetailRef,
  QrMatrix,
  Result,
  RowId,
  RowView,
  TunewallBridge,
  UiError,
} from '../../shared/bridge';
import { TERRITORIES, type Territory } from '../../shared/territory';
import { makeDetail, makeTracks, memberFor, rowTiles } from './fakeData';

export type FakeScenario =
  | 'pairing'
  | 'pairing-retrying'
  | 'denied'
  | 'expired'
  | 'signed-out'
  | 'sign-in-expired'
  | 'requesting'
  | 'home'
  | 'guest'
  | 'offline'
  | 'row-error'
  | 'config';

export const FAKE_SCENARIOS: readonly FakeScenario[] = [
  'pairing', 'pairing-retrying', 'denied', 'expired', 'signed-out', 'sign-in-expired', 'requesting', 'home', 'guest', 'offline', 'row-error', 'config',
];

export interface FakeOptions {
  scenario?: FakeScenario;
  territory?: Territory;
  language?: AppState['language'];
  kiosk?: boolean;
  /** Kiosk idle time (default 120 s). */
  idleSeconds?: number;
  /** Configuration problems on any scenario (the 'config' scenario is Home with them). */
  configProblems?: boolean;
  /** Tokens under the kiosk shell's key file instead of in memory only. */
  keyFile?: boolean;
  now?: () => number;
  /** Delay of every answer, to see loading states. */
  latencyMs?: number;
}

export interface FakeCall {
  method: string;
  args: unknown[];
}

export interface FakeBridge {
  bridge: TunewallBridge;
  calls: FakeCall[];
  state(): AppState;
  emit(event: BridgeEvent): void;
  setState(patch: Partial<AppState>): void;
  /** The next `loadRow(id)` answers this error. */
  failRow(id: RowId, error?: UiError): void;
  /** Holds every `loadRow` answer until `release()`, to see skeletons. */
  holdRows(): { release(): void };
  /** Holds the answers for one row only, so rows can answer out of screen order. */
  holdRow(id: RowId): { release(): void };
  callsOf(method: string): FakeCall[];
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  let bits = '';
  for (let i = 0; i < modules.data.length; i++) bits += modules.data[i] ? '1' : '0';
  return { size: modules.size, modules: bits };
}

const NETWORK_ERROR: UiError = {
  kind: 'network',
  message: 'Tunewall cannot reach the music service. Check the network connection.',
  messageKey: 'network',
  retryable: true,
};

function pairingAuth(now: number, poll: 'waiting' | 'retrying' = 'waiting'): Extract<AuthState, { status: 'pairing' }> {
  const verificationUrl = 'https://account.example.com/device';
  return {
    status: 'pairing',
    code: {
      userCode: 'WDJBMJHT',
      verificationUrl,
      shortVerificationUrl: 'https://exm.pl/d',
      qr: qrMatrix(`${verificationUrl}?user_code=WDJB-MJHT`),
      expiresAt: now + 9 * 60_000 + 41_000,
    },
    poll,
    retryAt: poll === 'retrying' ? now + 8_000 : undefined,
    renewals: 0,
  };
}

export function createFakeBridge(options: FakeOptions = {}): FakeBridge {
  const now = options.now ?? (() => Date.now());
  const scenario = options.scenario ?? 'home';
  const territory = options.territory ?? 'TW';
  const listeners = new Set<(event: BridgeEvent) => void>();
  const calls: FakeCall[] = [];
  const failing = new Map<RowId, UiError>();
  let held: Promise<void> | undefined;
  const heldRows = new Map<RowId, Promise<void>>();
  let shuffles = 0;

  const authFor = (): AuthState => {
    switch (scenario) {
      case 'pairing':
        return pairingAuth(now());
      case 'pairing-retrying':
        return pairingAuth(now(), 'retrying');
      case 'denied':
        return { status: 'denied', message: 'Sign-in was declined on the other device. Press OK to get a new code.', messageKey: 'denied' };
      case 'expired':
        return { status: 'expired', message: 'The sign-in code expired. Press OK to get a new one.', messageKey: 'codeExpired' };
      case 'signed-out':
        return {
          ...pairingAuth(now()),
          notice: { reason: 'signed-out', message: 'You were signed out by the music service. Scan the code to sign in again.' },
        };
      case 'sign-in-expired':
        return { ...pairingAuth(now()), notice: { reason: 'expired', message: 'Your sign-in expired. Scan the code to sign in again.' } };
      case 'requesting':
        return { status: 'requesting-code', attempt: 1 };
      case 'guest':
        return { status: 'signed-in', mode: 'guest', member: undefined };
      default:
        return { status: 'signed-in', mode: 'member', member: memberFor(territory) };
    }
  };

  let state: AppState = {
    auth: authFor(),
    configProblems:
      scenario === 'config' || options.configProblems === true
        ? [
            {
              key: 'TUNEWALL_API_URL',
              message: 'is not a URL; using the default.',
              fix: 'Give the catalog API address as https://host, without /v1.1 (http:// only for this machine).',
              messageKey: 'config.notUrl',
              fixKey: 'configFix.apiUrl',
              params: { context: 'default' },
            },
            {
              key: 'TUNEWALL_TERRITORY',
              message: 'is not one of the accepted values; using the default.',
              fix: 'Use one of TW, HK, SG, MY, JP.',
              messageKey: 'config.notAccepted',
              fixKey: 'configFix.territory',
              params: { context: 'default', territories: 'TW, HK, SG, MY, JP' },
            },
          ]
        : [],
    network: scenario === 'offline' ? { online: false, retryAt: now() + 12_000 } : { online: true, retryAt: undefined },
    storage: options.keyFile === true ? {
      protection: 'key-file',
      reason: undefined,
      params: { path: '/run/credentials/tunewall.service/tunewall-vault-key' },
    } : {
      protection: 'memory',
      reason: 'This system has no keyring to protect the sign-in, so Tunewall keeps it in memory only and you sign in again after each restart. To keep it across restarts with weaker protection, set the storage policy to allow-weak (TUNEWALL_STORAGE_POLICY=allow-weak or --storage-policy=allow-weak).',
      reasonKey: 'storage.noKeyring',
    },
    territory,
    language: options.language ?? 'auto',
    systemLocale: 'en-US',
    guestModeAvailable: true,
    sandbox: { approveUrl: 'http://192.168.1.20:4780/device' },
    kiosk: { enabled: options.kiosk ?? false, idleSeconds: options.idleSeconds ?? 120 },
    version: '0.1.0',
  };
  if (scenario === 'row-error') failing.set('mood-stations', NETWORK_ERROR);

  const emit = (event: BridgeEvent): void => {
    for (const listener of listeners) listener(event);
  };
  const setState = (patch: Partial<AppState>): void => {
    state = { ...state, ...patch };
    emit({ type: 'state', state });
  };
  const answer = async <T,>(value: T): Promise<T> => {
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    return value;
  };
  const record = (method: string, ...args: unknown[]): void => {
    calls.push({ method, args });
  };
  const titleOf = (ref: DetailRef): string => {
    for (const id of ['charts', 'mood-stations', 'genre-stations', 'favorites', 'collected-playlists'] as const) {
      const found = rowTiles(id, state.territory).find((t) => t.ref?.id === ref.id);
      if (found) return found.title;
    }
    return ref.id;
  };

  const bridge: TunewallBridge = {
    async getState() {
      record('getState');
      return answer(state);
    },
    async startPairing() {
      record('startPairing');
      setState({ auth: { status: 'requesting-code', attempt: 1 } });
      setState({ auth: pairingAuth(now()) });
    },
    async browseAsGuest() {
      record('browseAsGuest');
      setState({ auth: { status: 'signed-in', mode: 'guest', member: undefined } });
      return { ok: true, value: undefined };
    },
    async signOut() {
      record('signOut');
      setState({ auth: pairingAuth(now()) });
    },
    async loadRow(id) {
      record('loadRow', id);
      if (held) await held;
      const rowHold = heldRows.get(id);
      if (rowHold) await rowHold;
      const error = failing.get(id);
      if (error !== undefined) {
        failing.delete(id);
        return answer<Result<RowView>>({ ok: false, error });
      }
      return answer<Result<RowView>>({
        ok: true,
        value: { id, tiles: rowTiles(id, state.territory), fetchedAt: now(), fromCache: false },
      });
    },
    async getDetail(ref) {
      record('getDetail', ref);
      shuffles++;
      return answer({ ok: true, value: makeDetail(ref, state.territory, titleOf(ref), shuffles) });
    },
    async getTracks(ref, offset, limit) {
      record('getTracks', ref, offset, limit);
      const detail = makeDetail(ref, state.territory, titleOf(ref), shuffles);
      return answer({
        ok: true,
        value: { offset, total: detail.totalTracks, tracks: makeTracks(ref, state.territory, offset, limit, shuffles) },
      });
    },
    async getTiles(ref, offset) {
      record('getTiles', ref, offset);
      return answer({ ok: true, value: { offset, total: 0, tiles: [] } });
    },
    async stationArt(stationId) {
      record('stationArt', stationId);
      return answer({ ok: true, value: [] });
    },
    async favoriteState(trackId) {
      record('favoriteState', trackId);
      return answer({ ok: true, value: 'not-favorite' });
    },
    async addFavorite(trackId) {
      record('addFavorite', trackId);
      return answer({ ok: true, value: 'favorite' });
    },
    async qrCode(text) {
      record('qrCode', text);
      return answer({ ok: true, value: qrMatrix(text) });
    },
    async setTerritory(value) {
      record('setTerritory', value);
      if (!TERRITORIES.includes(value)) return { ok: false, error: { kind: 'territory', message: 'Unknown territory', retryable: false } };
      const auth = state.auth.status === 'signed-in' && state.auth.mode === 'member'
        ? { ...state.auth, member: memberFor(value) }
        : state.auth;
      setState({ territory: value, auth });
      return { ok: true, value: undefined };
    },
    async setLanguage(language) {
      record('setLanguage', language);
      setState({ language });
    },
    async diagnostics() {
      record('diagnostics');
      return answer({
        serviceReachable: state.network.online,
        latencyMs: state.network.online ? 42 : undefined,
        tokenValidUntil: state.auth.status === 'signed-in' ? new Date(now() + 3_600_000).toISOString() : undefined,
        signInRenews: state.auth.status === 'signed-in' ? true : undefined,
        apiOrigin: 'http://127.0.0.1:4780',
        sandbox: true,
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  return {
    bridge,
    calls,
    state: () => state,
    emit,
    setState,
    failRow(id, error = NETWORK_ERROR) {
      failing.set(id, error);
    },
    holdRows() {
      let release = (): void => undefined;
      held = new Promise<void>((resolve) => {
        release = () => {
          held = undefined;
          resolve();
        };
      });
      return { release: () => release() };
    },
    holdRow(id) {
      let release = (): void => undefined;
      heldRows.set(
        id,
        new Promise<void>((resolve) => {
          release = () => {
            heldRows.delete(id);
            resolve();
          };
        }),
      );
      return { release: () => release() };
    },
    callsOf(method) {
      return calls.filter((c) => c.method === method);
    },
  };
}

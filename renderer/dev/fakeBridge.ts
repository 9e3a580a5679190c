/**
 * A scripted, in-memory bridge with realistic data: for renderer tests and screenshots while the core is built.
 * Dev only: the production entry never imports it.
 */
import type { AppState, BridgeEvent, BridgeMethod, RowId, TunewallBridge, UiError } from '../../shared/bridge';
import type { PhoneView } from '../../shared/companion';
import type { Territory } from '../../shared/territory';
import { catalogCalls, favoriteCalls, settingsCalls, signInCalls, type FakeContext } from './fakeCalls';
import { companionCalls, pairFakePhone } from './fakeCompanion';
import { FAKE_PIN, householdCalls, initialHousehold } from './fakeHousehold';
import { householdScenarioOf, initialState, NETWORK_ERROR, pairingAuth } from './fakeState';

export type FakeScenario =
  | 'pairing'
  | 'pairing-retrying'
  | 'denied'
  | 'expired'
  | 'signed-out'
  | 'sign-in-expired'
  | 'sign-in-interrupted'
  | 'requesting'
  | 'home'
  | 'guest'
  | 'offline'
  | 'row-error'
  | 'config'
  /** "Who's listening?": four members signed in (one without a picture, a child, one to pair again), nobody on screen. */
  | 'chooser'
  /** Adding a member from Home: the pairing of the new one. */
  | 'add-member'
  /** Pairing again a member whose sign-in ended. */
  | 'add-again'
  /** A child's profile on screen, a PIN set. */
  | 'child'
  /** Home of the first of four members (the others as in 'chooser'). */
  | 'household';

export const FAKE_SCENARIOS: readonly FakeScenario[] = [
  'pairing', 'pairing-retrying', 'denied', 'expired', 'signed-out', 'sign-in-expired', 'sign-in-interrupted', 'requesting', 'home', 'guest', 'offline', 'row-error', 'config', 'chooser', 'add-member',
  'add-again', 'child', 'household',
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
  /** Rows that answer with no tiles (a member with no favourites yet). */
  emptyRows?: RowId[];
  /** Members signed in (default four; 'home' has one): six is the most one TV keeps. */
  members?: number;
  /** The household's PIN (default: '1234' on 'chooser' and 'child', none elsewhere). */
  pin?: string;
  /** Voice guidance on (default off); `shellLanguages`: what the shell can say (default: every language). */
  voiceGuidance?: boolean;
  shellLanguages?: AppState['voiceGuidance']['shellLanguages'];
  /** Explicit tracks for the one on screen (default shown); the fake hides them as the core does while `household.explicit` is 'hide'. */
  explicit?: 'show' | 'hide';
  /** Phones paired for the member on screen (default none). */
  phones?: number;
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
  /** The next call of `method` answers this error. */
  fail(method: BridgeMethod, error?: UiError): void;
  /** A phone approves the code on Add a member: the member is added (or signed in again) and put on screen. */
  approveAdding(name: string): void;
  /** A phone pairs with "Use your phone"'s offer, for the member on screen. */
  pairPhone(name?: string): PhoneView;
  callsOf(method: string): FakeCall[];
}

export { qrMatrix } from './fakeState';

export function createFakeBridge(options: FakeOptions = {}): FakeBridge {
  const now = options.now ?? (() => Date.now());
  const scenario = options.scenario ?? 'home';
  const territory = options.territory ?? 'TW';
  const household = initialHousehold(householdScenarioOf(scenario), territory, options.members);
  const pin = { value: options.pin ?? (scenario === 'chooser' || scenario === 'child' ? FAKE_PIN : undefined) };
  if (options.pin !== undefined) household.view.pinSet = true;
  let state: AppState = initialState(options, scenario, now, household, territory);
  const ctx: FakeContext = {
    options,
    now,
    calls: [],
    listeners: new Set(),
    state: () => state,
    setState: (patch) => {
      state = { ...state, ...patch };
      ctx.emit({ type: 'state', state });
    },
    emit: (event) => {
      for (const listener of ctx.listeners) listener(event);
    },
    failing: new Map(),
    failingNext: new Map(),
    holds: { all: undefined, rows: new Map() },
    shuffles: { count: 0 },
    added: new Map(),
    tracksSeen: new Map(),
  };
  if (scenario === 'row-error') ctx.failing.set('charts', NETWORK_ERROR);

  const members = householdCalls({ state: ctx.state, setState: (patch) => ctx.setState(patch), pairing: () => pairingAuth(now()) }, household.members, pin);
  if (scenario === 'add-member') void members.addMember();
  if (scenario === 'add-again') void members.chooseProfile(household.members.find((m) => m.needsPairing)?.key ?? '');

  const bridge: TunewallBridge = { ...signInCalls(ctx, members), ...catalogCalls(ctx), ...favoriteCalls(ctx), ...settingsCalls(ctx), ...companionCalls(ctx, pin) };
  return { bridge, calls: ctx.calls, state: ctx.state, emit: ctx.emit, setState: ctx.setState, ...testControls(ctx, members) };
}

/** What a test or the screenshots steer the fake with: failures, held rows, a phone approving, the calls made. */
function testControls(ctx: FakeContext, members: ReturnType<typeof householdCalls>): Omit<FakeBridge, 'bridge' | 'calls' | 'state' | 'emit' | 'setState'> {
  return {
    failRow(id, error = NETWORK_ERROR) {
      ctx.failing.set(id, error);
    },
    holdRows() {
      let release = (): void => undefined;
      ctx.holds.all = new Promise<void>((resolve) => {
        release = () => {
          ctx.holds.all = undefined;
          resolve();
        };
      });
      return { release: () => release() };
    },
    holdRow(id) {
      let release = (): void => undefined;
      ctx.holds.rows.set(
        id,
        new Promise<void>((resolve) => {
          release = () => {
            ctx.holds.rows.delete(id);
            resolve();
          };
        }),
      );
      return { release: () => release() };
    },
    fail(method, error = NETWORK_ERROR) {
      ctx.failingNext.set(method, error);
    },
    approveAdding(name) {
      members.approveAdding(name);
    },
    pairPhone: (name) => pairFakePhone(ctx, name),
    callsOf(method) {
      return ctx.calls.filter((c) => c.method === method);
    },
  };
}

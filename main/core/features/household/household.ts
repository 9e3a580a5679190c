/**
 * The household: everyone who can be on screen on this TV (the members signed in here and the guest), who is, and
 * what each may see. It decides who comes on screen at start (the one member; with several, the chooser, or the last
 * chosen when the chooser is skipped; in a kiosk never the chooser), keeps the child marks, the PIN and the explicit
 * setting, and answers the chooser's and Settings' calls. The sign-ins themselves are the session's.
 */
import { GUEST_KEY, MAX_MEMBERS, type BridgeHandlers, type ConfigProblem, type HouseholdView, type Result, type UiError } from '../../../../shared/bridge';
import { PinSchema, ProfileKeySchema } from '../../../../shared/bridgeArgs';
import type { AuthSession } from '../../auth/session';
import type { RowCache } from '../../cache';
import { SETTINGS, type KioskConfig } from '../../config/config';
import { configProblem } from '../../config/problems';
import type { Logger } from '../../ports';
import { badArgument } from '../results';
import type { MemberSlot, StoredMember } from '../settings/settings';
import { memberView } from '../settings/settings';
import type { HouseholdStore } from './householdStore';
import { householdError } from './householdErrors';
import { checkPin, hashPin } from './pin';

export type HouseholdSession = Pick<
  AuthSession,
  | 'household'
  | 'activeMember'
  | 'isGuest'
  | 'adding'
  | 'choose'
  | 'chooseGuest'
  | 'addMember'
  | 'cancelAdding'
  | 'signOutMember'
  | 'merge'
  | 'onMemberRemoved'
>;

export interface HouseholdDeps {
  store: HouseholdStore;
  session: HouseholdSession | undefined;
  cache: Pick<RowCache, 'clear'>;
  config: { guestMode: boolean; skipChooser: boolean; resetPin?: boolean; kiosk: Pick<KioskConfig, 'enabled' | 'member'> };
  logger: Logger;
  changed: () => void;
}

export interface Household {
  view(): HouseholdView;
  /** Who comes on screen at start, of the members signed in (session.start's choice). */
  startChoice(keys: readonly string[]): string | undefined;
  /** Who comes on screen when the one on screen signs out and several remain: the chooser, but never in a kiosk. */
  leftChoice(keys: readonly string[]): string | undefined;
  /** What is wrong with the household's configuration as it stands: a kiosk member nobody here is named. */
  problems(): ConfigProblem[];
  /** Explicit tracks became hidden or shown for the one on screen (a child mark, their setting). */
  onExplicitChange(listener: () => void): void;
  /** Whether explicit tracks are hidden for the one on screen: a child's always, else as they set it. */
  hideExplicit(): boolean;
  /** The profile slot the settings read: the member on screen's, with a second pairing of a member recognised. */
  memberSlot: MemberSlot;
  /** In a kiosk, the configured kiosk member signed in here (or GUEST_KEY): who idle mode returns to. */
  kioskHome(): string | undefined;
  /** Who is on screen now (a member's key, GUEST_KEY or undefined); remembered as the last chosen. */
  onScreen(): string | undefined;
  /**
   * Why a change to the household may not go ahead with `pin` (a child's profile on screen, and the PIN missing or
   * wrong); undefined when it may. Every call that signs a member in or out asks it first.
   */
  childRefuses(pin: string | undefined): UiError | undefined;
  handlers: Pick<
    BridgeHandlers,
    'chooseProfile' | 'addMember' | 'cancelAddMember' | 'signOutMember' | 'setChild' | 'setPin' | 'setExplicit' | 'setSkipChooser'
  >;
}

const OK: Result<void> = { ok: true, value: undefined };

export function createHousehold(deps: HouseholdDeps): Household {
  const { store, session, config } = deps;
  const explicitListeners: Array<() => void> = [];
  if (config.resetPin === true && store.pin() !== undefined) {
    // An adult's way out of a forgotten or damaged PIN. The child marks stay; nothing guards them until a new PIN is set.
    store.clearPin();
    deps.logger.warn('household: the PIN was reset at start (reset-pin); set a new one in Settings and remove the setting');
  }
  /** Runs `change`, telling the listeners when it turned explicit tracks on or off for the one on screen. */
  const changing = (change: () => void): void => {
    const before = hideExplicit();
    change();
    if (hideExplicit() !== before) for (const listener of explicitListeners) listener();
    deps.changed();
  };

  session?.onMemberRemoved((key) => {
    // Their cached rows go with them; the next to sign in never sees them.
    const id = store.record(key).profile?.id;
    if (id !== undefined) deps.cache.clear({ account: { kind: 'member', id } });
    store.remove(key);
  });

  function onScreen(): string | undefined {
    if (session?.isGuest === true) return GUEST_KEY;
    return session?.activeMember;
  }

  const skipChooser = (): boolean => store.skipChooser() ?? config.skipChooser;
  const childOf = (key: string | undefined): boolean =>
    key === GUEST_KEY ? store.guest().child : key !== undefined && store.record(key).child === true;
  const pinSet = (): boolean => store.pin() !== undefined;

  /** undefined when `pin` opens the PIN; otherwise why not. */
  function pinRefused(pin: string | undefined): UiError | undefined {
    const hash = store.pin();
    if (hash === undefined) return undefined;
    if (pin === undefined) return householdError('pinNeeded');
    if (!PinSchema.safeParse(pin).success) return householdError('pinWrong');
    const checked = checkPin(pin, hash);
    if (checked === 'unusable') {
      deps.logger.warn('household: the stored PIN hash cannot be checked; an adult resets it with reset-pin');
      return householdError('pinDamaged');
    }
    return checked === 'match' ? undefined : householdError('pinWrong');
  }

  function childRefuses(pin: string | undefined): UiError | undefined {
    return childOf(onScreen()) ? pinRefused(pin) : undefined;
  }

  function known(key: string): boolean {
    return key === GUEST_KEY ? config.guestMode : (session?.household.some((m) => m.key === key) ?? false);
  }

  /** The member the kiosk configuration names, or undefined (none named, or nobody here of that name). */
  function kioskNamed(keys: readonly string[]): string | undefined {
    const wanted = config.kiosk.member?.trim();
    return wanted === undefined ? undefined : keys.find((key) => store.record(key).profile?.name === wanted);
  }

  function kioskHome(): string | undefined {
    const wanted = config.kiosk.member?.trim();
    if (!config.kiosk.enabled || wanted === undefined) return undefined;
    if (wanted.toLowerCase() === GUEST_KEY) return config.guestMode ? GUEST_KEY : undefined;
    return kioskNamed((session?.household ?? []).filter((m) => !m.needsPairing).map((m) => m.key));
  }

  function kioskChoice(keys: readonly string[]): string | undefined {
    const wanted = config.kiosk.member?.trim();
    if (wanted !== undefined && wanted.toLowerCase() === GUEST_KEY && config.guestMode) return GUEST_KEY;
    const named = kioskNamed(keys);
    if (named !== undefined) return named;
    if (wanted !== undefined) deps.logger.warn('household: no member signed in here has the configured kiosk member name; using the default');
    if (wanted === undefined && keys.length === 1) return keys[0];
    if (config.guestMode) return GUEST_KEY;
    const last = store.lastChosen();
    return last !== undefined && keys.includes(last) ? last : keys[0];
  }

  const memberSlot: MemberSlot = {
    current: () => store.current(session?.activeMember),
    setCurrent(member: StoredMember) {
      const key = session?.activeMember;
      if (key === undefined) return;
      const twin = store.keyOfMember(member.id, key);
      store.updateRecord(twin ?? key, { profile: member });
      if (twin === undefined) return;
      // The same member approved a second time: one member, with the newer tokens, under the key they had.
      deps.logger.info('household: a member paired again while still signed in here; keeping one');
      store.remove(key);
      session?.merge(key, twin);
    },
    forgetCurrent() {
      const key = session?.activeMember;
      if (key !== undefined) store.updateRecord(key, { profile: undefined });
    },
    chosenTerritory() {
      const key = session?.activeMember;
      return key === undefined ? undefined : store.record(key).territory;
    },
    chooseTerritory(territory) {
      const key = session?.activeMember;
      if (key === undefined) return false;
      store.updateRecord(key, { territory });
      return true;
    },
  };

  function view(): HouseholdView {
    const active = onScreen();
    const explicitHidden = hideExplicit();
    return {
      members: (session?.household ?? []).map(({ key, needsPairing }) => {
        const record = store.record(key);
        const profile = record.profile === undefined ? undefined : memberView(record.profile);
        return { key, name: profile?.name ?? '', images: profile?.images ?? [], child: record.child === true, needsPairing };
      }),
      guest: { available: config.guestMode, child: store.guest().child },
      active,
      // The one on screen is the last chosen, whether or not it is stored yet (it is on the next switch listener's call).
      lastChosen: active ?? store.lastChosen(),
      skipChooser: skipChooser(),
      pinSet: pinSet(),
      explicit: explicitHidden ? 'hide' : 'show',
      adding: session?.adding,
    };
  }

  function hideExplicit(): boolean {
    const active = onScreen();
    if (active === undefined) return false;
    if (childOf(active)) return true;
    const explicit = active === GUEST_KEY ? store.guest().explicit : store.record(active).explicit;
    return explicit === 'hide';
  }

  const handlers: Household['handlers'] = {
    chooseProfile: async (key, pin) => {
      if (!ProfileKeySchema.safeParse(key).success) return badArgument('profile');
      if (session === undefined || !known(key)) return { ok: false, error: householdError('noSuchProfile') };
      const leaving = onScreen();
      // A kiosk's own member is where idle mode returns, whoever a passer-by chose: no PIN to go back there.
      if (leaving !== undefined && leaving !== key && childOf(leaving) && key !== kioskHome()) {
        const refused = pinRefused(pin);
        if (refused !== undefined) return { ok: false, error: refused };
      }
      if (key === GUEST_KEY) return session.chooseGuest();
      session.choose(key);
      return OK;
    },
    addMember: async (pin) => {
      if (session === undefined) return { ok: false, error: householdError('noSuchProfile') };
      const refused = childRefuses(pin);
      if (refused !== undefined) return { ok: false, error: refused };
      return session.addMember() ? OK : { ok: false, error: householdError('full', { max: MAX_MEMBERS }) };
    },
    cancelAddMember: async () => session?.cancelAdding(),
    signOutMember: async (key, pin) => {
      if (!ProfileKeySchema.safeParse(key).success || key === GUEST_KEY) return badArgument('profile');
      if (session === undefined || !known(key)) return { ok: false, error: householdError('noSuchProfile') };
      const refused = childRefuses(pin);
      if (refused !== undefined) return { ok: false, error: refused };
      session.signOutMember(key);
      return OK;
    },
    setChild: async (key, child, pin) => {
      if (!ProfileKeySchema.safeParse(key).success || typeof child !== 'boolean') return badArgument('profile');
      if (!known(key)) return { ok: false, error: householdError('noSuchProfile') };
      if (child && !pinSet()) return { ok: false, error: householdError('pinFirst') };
      const refused = pinRefused(pin);
      if (refused !== undefined) return { ok: false, error: refused };
      changing(() => (key === GUEST_KEY ? store.updateGuest({ child }) : store.updateRecord(key, { child })));
      return OK;
    },
    setPin: async (pin, currentPin) => {
      if (!PinSchema.safeParse(pin).success) return badArgument('PIN');
      const refused = pinRefused(currentPin);
      if (refused !== undefined) return { ok: false, error: refused };
      store.setPin(hashPin(pin));
      deps.changed();
      return OK;
    },
    setExplicit: async (explicit) => {
      if (explicit !== 'show' && explicit !== 'hide') return badArgument('explicit');
      const active = onScreen();
      if (active === undefined) return { ok: false, error: householdError('noSuchProfile') };
      if (childOf(active) && explicit === 'show') return { ok: false, error: householdError('childExplicit') };
      changing(() => (active === GUEST_KEY ? store.updateGuest({ explicit }) : store.updateRecord(active, { explicit })));
      return OK;
    },
    setSkipChooser: async (skip, pin) => {
      if (typeof skip !== 'boolean') return badArgument('skipChooser');
      const refused = childRefuses(pin);
      if (refused !== undefined) return { ok: false, error: refused };
      store.setSkipChooser(skip);
      deps.changed();
      return OK;
    },
  };

  return {
    view,
    startChoice(keys) {
      if (config.kiosk.enabled) return kioskChoice(keys);
      if (keys.length === 1) return keys[0];
      const last = store.lastChosen();
      if (!skipChooser() || last === undefined) return undefined;
      if (last === GUEST_KEY) return config.guestMode ? GUEST_KEY : undefined;
      return keys.includes(last) ? last : undefined;
    },
    problems() {
      const wanted = config.kiosk.member?.trim();
      const keys = session?.household.map((m) => m.key) ?? [];
      if (!config.kiosk.enabled || wanted === undefined || keys.length === 0) return [];
      if (wanted.toLowerCase() === GUEST_KEY ? config.guestMode : kioskNamed(keys) !== undefined) return [];
      return [configProblem(SETTINGS.kioskMember.env, 'kioskMemberUnknown', 'kioskMember')];
    },
    leftChoice: (keys) => (config.kiosk.enabled ? kioskChoice(keys) : undefined),
    onExplicitChange(listener) {
      explicitListeners.push(listener);
    },
    hideExplicit,
    childRefuses,
    kioskHome,
    memberSlot,
    onScreen() {
      const now = onScreen();
      if (now !== undefined) store.setLastChosen(now);
      return now;
    },
    handlers,
  };
}

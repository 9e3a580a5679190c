/**
 * The household: everyone who can be on screen on this TV (the members signed in here and the guest), who is, and
 * what each may see. It decides who comes on screen at start (the one member; with several, the chooser, or the last
 * chosen when the chooser is skipped; in a kiosk never the chooser), keeps the child marks, the PIN and the explicit
 * setting, and answers the chooser's and Settings' calls. The sign-ins themselves are the session's.
 */
import { GUEST_KEY, type BridgeHandlers, type ConfigProblem, type HouseholdView, type UiError } from '../../../../shared/bridge';
import type { AuthSession } from '../../auth/session';
import type { RowCache } from '../../cache';
import type { KioskConfig } from '../../config/config';
import type { Logger } from '../../ports';
import type { MemberSlot } from '../settings/settings';
import { memberView } from '../settings/settings';
import { householdHandlers } from './householdHandlers';
import type { HouseholdStore } from './householdStore';
import { createMemberSlot } from './memberSlot';
import { createPinGuard, resetPinAtStart, type PinGuard } from './pinGuard';
import { createStartChoice } from './startChoice';

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
  /** The one on screen is a child's profile (a member's or the guest's). */
  childOnScreen(): boolean;
  /** The household's PIN, for a feature that asks it itself (pairing a phone). */
  pins: PinGuard;
  handlers: Pick<
    BridgeHandlers,
    'chooseProfile' | 'addMember' | 'cancelAddMember' | 'signOutMember' | 'setChild' | 'setPin' | 'setExplicit' | 'setSkipChooser'
  >;
}

export function createHousehold(deps: HouseholdDeps): Household {
  const { store, session, config } = deps;
  const explicitListeners: Array<() => void> = [];
  resetPinAtStart(store, config.resetPin, deps.logger);
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
  const pins = createPinGuard(store, deps.logger);
  const choice = createStartChoice({ store, session, config, logger: deps.logger, skipChooser });

  function childRefuses(pin: string | undefined): UiError | undefined {
    return childOf(onScreen()) ? pins.pinRefused(pin) : undefined;
  }

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
      pinSet: pins.pinSet(),
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

  return {
    view,
    startChoice: choice.startChoice,
    problems: choice.problems,
    leftChoice: choice.leftChoice,
    onExplicitChange(listener) {
      explicitListeners.push(listener);
    },
    hideExplicit,
    childRefuses,
    childOnScreen: () => childOf(onScreen()),
    pins,
    kioskHome: choice.kioskHome,
    memberSlot: createMemberSlot({ store, session, logger: deps.logger }),
    onScreen() {
      const now = onScreen();
      if (now !== undefined) store.setLastChosen(now);
      return now;
    },
    handlers: householdHandlers({
      store, session, config, pins, onScreen, childOf, childRefuses, kioskHome: choice.kioskHome, changing, changed: deps.changed,
    }),
  };
}

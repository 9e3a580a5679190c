/** The chooser's and Settings' calls on the household: choosing, adding and signing out members, the child marks, the PIN. */
import { GUEST_KEY, MAX_MEMBERS, type Result } from '../../../../shared/bridge';
import { PinSchema, ProfileKeySchema } from '../../../../shared/bridgeArgs';
import { badArgument } from '../results';
import type { Household, HouseholdDeps, HouseholdSession } from './household';
import type { HouseholdStore } from './householdStore';
import { householdError } from './householdErrors';
import { hashPin } from './pin';
import type { PinGuard } from './pinGuard';

export interface HouseholdHandlersDeps {
  store: Pick<HouseholdStore, 'updateGuest' | 'updateRecord' | 'setPin' | 'setSkipChooser'>;
  session: HouseholdSession | undefined;
  config: Pick<HouseholdDeps['config'], 'guestMode'>;
  pins: PinGuard;
  onScreen: () => string | undefined;
  childOf: (key: string | undefined) => boolean;
  childRefuses: Household['childRefuses'];
  kioskHome: Household['kioskHome'];
  /** Runs a change that may turn explicit tracks on or off for the one on screen, then pushes the state. */
  changing: (change: () => void) => void;
  /** Pushes the state to the screen. */
  changed: () => void;
}

const OK: Result<void> = { ok: true, value: undefined };

/** Each call checks its arguments, then who may make it (a child's profile asks the PIN), then changes the household. */
export function householdHandlers(deps: HouseholdHandlersDeps): Household['handlers'] {
  const { store, session, config, pins, onScreen, childOf, childRefuses } = deps;
  const known = (key: string): boolean =>
    key === GUEST_KEY ? config.guestMode : (session?.household.some((m) => m.key === key) ?? false);

  return {
    chooseProfile: async (key, pin) => {
      if (!ProfileKeySchema.safeParse(key).success) return badArgument('profile');
      if (session === undefined || !known(key)) return { ok: false, error: householdError('noSuchProfile') };
      const leaving = onScreen();
      // A kiosk's own member is where idle mode returns, whoever a passer-by chose: no PIN to go back there.
      if (leaving !== undefined && leaving !== key && childOf(leaving) && key !== deps.kioskHome()) {
        const refused = pins.pinRefused(pin);
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
      if (child && !pins.pinSet()) return { ok: false, error: householdError('pinFirst') };
      const refused = pins.pinRefused(pin);
      if (refused !== undefined) return { ok: false, error: refused };
      deps.changing(() => (key === GUEST_KEY ? store.updateGuest({ child }) : store.updateRecord(key, { child })));
      return OK;
    },
    setPin: async (pin, currentPin) => {
      if (!PinSchema.safeParse(pin).success) return badArgument('PIN');
      const refused = pins.pinRefused(currentPin);
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
      deps.changing(() => (active === GUEST_KEY ? store.updateGuest({ explicit }) : store.updateRecord(active, { explicit })));
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
}

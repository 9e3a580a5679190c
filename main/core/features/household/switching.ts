/**
 * What follows a change of who is on screen: what the core holds in memory for the one before (rows' revalidation,
 * details, favourites) is dropped before the new one's state reaches the screen, the new member's profile is read,
 * and their first rows leave at once rather than after the screen has drawn and asked for them.
 */
import { GUEST_KEY, type AuthState } from '../../../../shared/bridge';
import { onScreenIsChild, rowsBeforeFirstPress } from '../../../../shared/homeRows';
import type { AuthSession } from '../../auth/session';
import type { Rows } from '../rows/rows';
import type { MemberProfile } from '../settings/memberProfile';
import type { Household } from './household';

export interface SwitchingDeps {
  household: Pick<Household, 'onScreen' | 'view'>;
  profile: Pick<MemberProfile, 'follow' | 'switched'>;
  rows: Pick<Rows, 'prefetch'>;
  /** Drops what the core keeps in memory for the one on screen. */
  forgetScoped: () => void;
}

/** The session's state listener for who is on screen; call it before the state is pushed. */
export function followOnScreen(deps: SwitchingDeps): (auth: AuthState) => void {
  let lastAuth: AuthState['status'] = 'starting';
  let lastOnScreen: string | undefined;
  const isMember = (key: string | undefined): boolean => key !== undefined && key !== GUEST_KEY;

  return (auth) => {
    // A sign-in that completed just now (a code approved, a profile chosen), not one the vault restored at start.
    const signedInNow = auth.status === 'signed-in' && lastAuth !== 'signed-in' && lastAuth !== 'starting';
    lastAuth = auth.status;
    const before = lastOnScreen;
    lastOnScreen = deps.household.onScreen();
    const switched = lastOnScreen !== before;
    if (switched) deps.forgetScoped();
    deps.profile.follow(auth);
    if (switched && isMember(before) && isMember(lastOnScreen)) deps.profile.switched();
    if (auth.status === 'signed-in' && (signedInNow || (switched && before !== undefined))) {
      deps.rows.prefetch(rowsBeforeFirstPress(auth.mode === 'member', onScreenIsChild(deps.household.view())));
    }
  };
}

export interface ScreenFollowingDeps extends SwitchingDeps {
  household: Pick<Household, 'onScreen' | 'view' | 'startChoice' | 'leftChoice'>;
  session: Pick<AuthSession, 'subscribe' | 'onHouseholdChange' | 'start'> | undefined;
  /** Hears each auth state after the household has followed it, before the state is pushed. */
  alsoFollows: (auth: AuthState) => void;
  /** Pushes the state to the screen. */
  changed: () => void;
}

/** Wires the household to the session: what follows each change of who is on screen, then who comes on screen first. */
export function followTheScreen(deps: ScreenFollowingDeps): void {
  const { session, household } = deps;
  const onScreen = followOnScreen(deps);
  session?.subscribe((auth) => {
    onScreen(auth);
    deps.alsoFollows(auth);
    deps.changed();
  });
  session?.onHouseholdChange(deps.changed);
  session?.start(
    (keys) => household.startChoice(keys),
    (keys) => household.leftChoice(keys),
  );
}

/** The screen's calls that start or end a sign-in: pairing, the guest, and signing out (a child's profile asks the PIN). */
import type { BridgeHandlers } from '../../../../shared/bridge';
import type { AuthSession } from '../../auth/session';
import { featureErrors } from '../errors';
import type { MemberProfile } from '../settings/memberProfile';
import type { Household } from './household';

export interface SignInHandlersDeps {
  session: Pick<AuthSession, 'startPairing' | 'browseAsGuest' | 'signOut'> | undefined;
  household: Pick<Household, 'childRefuses'>;
  profile: Pick<MemberProfile, 'forget'>;
}

export function signInHandlers(deps: SignInHandlersDeps): Pick<BridgeHandlers, 'startPairing' | 'browseAsGuest' | 'signOut'> {
  const { session, household, profile } = deps;
  return {
    startPairing: async () => session?.startPairing(),
    browseAsGuest: async () => (session ? session.browseAsGuest() : { ok: false, error: featureErrors.noService() }),
    signOut: async (pin) => {
      const refused = household.childRefuses(pin);
      if (refused !== undefined) return { ok: false, error: refused };
      profile.forget();
      await session?.signOut();
      return { ok: true, value: undefined };
    },
  };
}

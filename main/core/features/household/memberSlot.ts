/** The profile slot the settings read and write: the member on screen's record, with a second pairing recognised. */
import type { Logger } from '../../ports';
import type { MemberSlot, StoredMember } from '../settings/settings';
import type { HouseholdSession } from './household';
import type { HouseholdStore } from './householdStore';

export interface MemberSlotDeps {
  store: Pick<HouseholdStore, 'current' | 'keyOfMember' | 'updateRecord' | 'remove' | 'record'>;
  session: Pick<HouseholdSession, 'activeMember' | 'merge'> | undefined;
  logger: Logger;
}

/** The slot of whoever is the active member at each call; with nobody active it reads nothing and keeps nothing. */
export function createMemberSlot(deps: MemberSlotDeps): MemberSlot {
  const { store, session } = deps;
  return {
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
}

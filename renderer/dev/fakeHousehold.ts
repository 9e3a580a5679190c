/**
 * The fake bridge's household: members signed in on the TV, the guest, who is on screen, adding one, the PIN and the
 * child marks, answering as the bridge contract's comments say (shared/bridge.ts).
 */
import { GUEST_KEY, MAX_MEMBERS, type AppState, type AuthState, type HouseholdView, type MemberView, type Result, type UiError } from '../../shared/bridge';
import type { Territory } from '../../shared/territory';
import { householdFor, type FakeMember } from './fakeData';

/** 'signed-in': one member, as before several could be; 'household': the first of four on screen. */
export type HouseholdScenario = 'signed-in' | 'household' | 'guest' | 'chooser' | 'add-member' | 'add-again' | 'child' | 'nobody';

export interface HouseholdPort {
  state(): AppState;
  setState(patch: Partial<AppState>): void;
  /** A fresh pairing, as the pairing screen shows it. */
  pairing(): Extract<AuthState, { status: 'pairing' }>;
}

/** Explicit tracks each member chose (a child's are always hidden). */
type ExplicitByKey = Map<string, 'show' | 'hide'>;

export const pinError = (key: 'pinNeeded' | 'pinWrong' | 'pinFirst'): { ok: false; error: UiError } => {
  const message = {
    pinNeeded: 'Enter the PIN: it guards leaving a child’s profile, the child marks, and who is signed in on this TV.',
    pinWrong: 'That PIN is not right. Try again.',
    pinFirst: 'Set a PIN first: it keeps a child’s profile from being changed or left.',
  }[key];
  return { ok: false, error: { kind: 'denied', message, messageKey: `household.${key}`, retryable: false } };
};

export const FAKE_PIN = '1234';

export function initialHousehold(scenario: HouseholdScenario, territory: Territory, count = 4): { members: FakeMember[]; view: HouseholdView } {
  const members = scenario === 'nobody' ? [] : householdFor(territory, scenario === 'signed-in' ? 1 : count);
  const first = members[0]?.key;
  const child = members.find((m) => m.child)?.key;
  const active =
    scenario === 'guest' ? GUEST_KEY : scenario === 'child' ? child : scenario === 'chooser' || scenario === 'nobody' ? undefined : first;
  const pairing = undefined;
  return {
    members,
    view: {
      members: members.map(summary),
      guest: { available: true, child: false },
      active,
      lastChosen: scenario === 'chooser' ? members[1]?.key : active,
      skipChooser: false,
      pinSet: scenario === 'child' || scenario === 'chooser',
      explicit: scenario === 'child' ? 'hide' : 'show',
      adding: pairing,
    },
  };
}

function summary(member: FakeMember): HouseholdView['members'][number] {
  return { key: member.key, name: member.name, images: member.images, child: member.child, needsPairing: member.needsPairing };
}

export function memberView(member: FakeMember, territory: Territory): MemberView {
  return { name: member.name, images: member.images, territory };
}

/** What every household call reads and changes: the view, who is a child, the PIN, who is on screen. */
interface HouseholdModel {
  household(): HouseholdView;
  update(patch: Partial<HouseholdView>, auth?: AuthState): void;
  isChild(key: string | undefined): boolean;
  checkPin(given: string | undefined): { ok: false; error: UiError } | undefined;
  /** While a child's profile is on screen, signing anyone in or out needs the PIN. */
  childRefuses(given: string | undefined): { ok: false; error: UiError } | undefined;
  explicitOf(key: string): 'show' | 'hide';
  /** Explicit tracks each member chose. */
  explicit: ExplicitByKey;
  putOnScreen(key: string): void;
  /** After the one on screen went: the chooser while someone is left, else pairing. */
  nobodyOnScreen(): void;
}

const OK: Result<void> = { ok: true, value: undefined };

/** The household's state and rules over the fake's own list of members and its PIN. */
function householdModel(port: HouseholdPort, members: FakeMember[], pin: { value: string | undefined }): HouseholdModel {
  const explicit: ExplicitByKey = new Map();
  const household = (): HouseholdView => port.state().household;
  const update = (patch: Partial<HouseholdView>, auth?: AuthState): void => {
    const next = { ...household(), ...patch, members: members.map(summary) };
    port.setState(auth === undefined ? { household: next } : { household: next, auth });
  };
  const isChild = (key: string | undefined): boolean =>
    key === GUEST_KEY ? household().guest.child : members.some((m) => m.key === key && m.child);
  const checkPin = (given: string | undefined): { ok: false; error: UiError } | undefined => {
    if (pin.value === undefined) return undefined;
    if (given === undefined) return pinError('pinNeeded');
    return given === pin.value ? undefined : pinError('pinWrong');
  };
  const childRefuses = (given: string | undefined): { ok: false; error: UiError } | undefined =>
    isChild(household().active) ? checkPin(given) : undefined;
  const explicitOf = (key: string): 'show' | 'hide' => (isChild(key) ? 'hide' : (explicit.get(key) ?? 'show'));
  const putOnScreen = (key: string): void => {
    const member = members.find((m) => m.key === key);
    const auth: AuthState =
      member === undefined
        ? { status: 'signed-in', mode: 'guest', member: undefined }
        : { status: 'signed-in', mode: 'member', member: memberView(member, port.state().territory) };
    update({ active: key, lastChosen: key, explicit: explicitOf(key), adding: undefined }, auth);
  };
  const nobodyOnScreen = (): void => {
    update({ active: undefined, adding: undefined }, members.length > 0 ? { status: 'choosing' } : port.pairing());
  };
  return { household, update, isChild, checkPin, childRefuses, explicitOf, explicit, putOnScreen, nobodyOnScreen };
}

/** Who is on screen: choosing a profile, adding a member (and a phone approving it), signing out. */
function memberCalls(model: HouseholdModel, port: HouseholdPort, members: FakeMember[]) {
  const { household, update, isChild, checkPin, childRefuses, putOnScreen, nobodyOnScreen } = model;
  return {
    async chooseProfile(key: string, given?: string): Promise<Result<void>> {
      const { active } = household();
      const known = key === GUEST_KEY ? household().guest.available : members.some((m) => m.key === key);
      if (!known) return { ok: false, error: { kind: 'not-found', message: 'Nobody of that name is signed in here.', retryable: false } };
      if (active !== undefined && active !== key && isChild(active)) {
        const refused = checkPin(given);
        if (refused) return refused;
      }
      const member = members.find((m) => m.key === key);
      if (member?.needsPairing === true) {
        update({ adding: { again: key, pairing: port.pairing() } });
        return { ok: true, value: undefined };
      }
      putOnScreen(key);
      return { ok: true, value: undefined };
    },
    async addMember(given?: string): Promise<Result<void>> {
      const refused = childRefuses(given);
      if (refused) return refused;
      if (members.length >= MAX_MEMBERS) {
        return { ok: false, error: { kind: 'denied', message: `This TV keeps ${MAX_MEMBERS} members at most.`, messageKey: 'household.full', params: { max: MAX_MEMBERS }, retryable: false } };
      }
      update({ adding: { again: undefined, pairing: port.pairing() } });
      return { ok: true, value: undefined };
    },
    async cancelAddMember(): Promise<void> {
      update({ adding: undefined });
    },
    /** As a phone approving the code on Add a member: the member joins (or signs in again) and is put on screen. */
    approveAdding(name: string): void {
      const again = household().adding?.again;
      const existing = members.find((m) => m.key === again);
      if (existing !== undefined) existing.needsPairing = false;
      const key = existing?.key ?? `member-${members.length + 1}-${name.length}`;
      if (existing === undefined) members.push({ key, name, images: [], child: false, needsPairing: false });
      putOnScreen(key);
    },
    async signOutMember(key: string, given?: string): Promise<Result<void>> {
      const at = members.findIndex((m) => m.key === key);
      if (at < 0) return { ok: false, error: { kind: 'not-found', message: 'Nobody of that name is signed in here.', retryable: false } };
      const refused = childRefuses(given);
      if (refused) return refused;
      members.splice(at, 1);
      model.explicit.delete(key);
      if (household().active === key) nobodyOnScreen();
      else update({ lastChosen: household().lastChosen === key ? undefined : household().lastChosen });
      return OK;
    },
    async signOut(given?: string): Promise<Result<void>> {
      const refused = childRefuses(given);
      if (refused) return refused;
      const { active } = household();
      if (active !== undefined && active !== GUEST_KEY) {
        const at = members.findIndex((m) => m.key === active);
        if (at >= 0) members.splice(at, 1);
      }
      nobodyOnScreen();
      return OK;
    },
  };
}

/** What the PIN guards: the child marks, the PIN itself, explicit tracks and skipping the chooser. */
function guardedCalls(model: HouseholdModel, members: FakeMember[], pin: { value: string | undefined }) {
  const { household, update, isChild, checkPin, childRefuses, explicitOf } = model;
  return {
    async setChild(key: string, child: boolean, given?: string): Promise<Result<void>> {
      if (child && pin.value === undefined) return pinError('pinFirst');
      const refused = checkPin(given);
      if (refused) return refused;
      if (key === GUEST_KEY) {
        update({ guest: { ...household().guest, child } });
      } else {
        const member = members.find((m) => m.key === key);
        if (member === undefined) return { ok: false, error: { kind: 'not-found', message: 'Nobody of that name is signed in here.', retryable: false } };
        member.child = child;
      }
      update(household().active === key ? { explicit: explicitOf(key) } : {});
      return { ok: true, value: undefined };
    },
    async setPin(next: string, current?: string): Promise<Result<void>> {
      const refused = checkPin(current);
      if (refused) return refused;
      pin.value = next;
      update({ pinSet: true });
      return { ok: true, value: undefined };
    },
    async setExplicit(value: 'show' | 'hide'): Promise<Result<void>> {
      const { active } = household();
      if (active === undefined) return { ok: false, error: { kind: 'denied', message: 'Nobody is on screen.', retryable: false } };
      if (isChild(active)) return { ok: false, error: { kind: 'denied', message: 'A child’s profile always hides explicit tracks.', messageKey: 'household.childExplicit', retryable: false } };
      model.explicit.set(active, value);
      update({ explicit: value });
      return { ok: true, value: undefined };
    },
    async setSkipChooser(skip: boolean, given?: string): Promise<Result<void>> {
      const refused = childRefuses(given);
      if (refused) return refused;
      update({ skipChooser: skip });
      return OK;
    },
  };
}

/** The household's calls of the bridge; `members` is the fake's own list, changed in place. */
export function householdCalls(port: HouseholdPort, members: FakeMember[], pin: { value: string | undefined }) {
  const model = householdModel(port, members, pin);
  return { ...memberCalls(model, port, members), ...guardedCalls(model, members, pin) };
}

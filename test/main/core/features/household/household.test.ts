import { describe, expect, it } from 'vitest';
import { createHousehold, type HouseholdSession } from '../../../../../main/core/features/household/household';
import { createHouseholdStore } from '../../../../../main/core/features/household/householdStore';
import { GUEST_KEY, type AddingMember, type Result } from '../../../../../shared/bridge';
import { memoryLogger, MemoryStore } from '../../support/fakes';

/** A session's household as the chooser sees it: who is signed in, who is on screen, and every call made. */
function fakeSession(keys: string[]) {
  const calls: string[] = [];
  const removed: Array<(key: string) => void> = [];
  let members = keys.map((key) => ({ key, needsPairing: false }));
  const session = {
    active: undefined as string | undefined,
    guest: false,
    adding: undefined as AddingMember | undefined,
    get household() {
      return members;
    },
    get activeMember() {
      return session.guest ? undefined : session.active;
    },
    get isGuest() {
      return session.guest;
    },
    choose(key: string) {
      calls.push(`choose ${key}`);
      session.active = key;
      session.guest = false;
      return true;
    },
    async chooseGuest(): Promise<Result<void>> {
      calls.push('guest');
      session.guest = true;
      return { ok: true, value: undefined };
    },
    addMember: () => members.length < 6,
    cancelAdding: () => calls.push('cancel'),
    signOutMember(key: string) {
      members = members.filter((m) => m.key !== key);
      for (const listener of removed) listener(key);
    },
    merge: (from: string, into: string) => calls.push(`merge ${from} ${into}`),
    onMemberRemoved: (listener: (key: string) => void) => removed.push(listener),
  };
  return { session: session satisfies HouseholdSession, calls };
}

function setup(
  keys: string[],
  config: Partial<{ guestMode: boolean; skipChooser: boolean; kioskEnabled: boolean; kioskMember: string; resetPin: boolean }> = {},
  store = new MemoryStore(),
) {
  const { session, calls } = fakeSession(keys);
  const cleared: unknown[] = [];
  let changed = 0;
  const household = createHousehold({
    store: createHouseholdStore(store, memoryLogger()),
    session,
    cache: { clear: (filter) => cleared.push(filter) },
    config: {
      guestMode: config.guestMode ?? true,
      skipChooser: config.skipChooser ?? false,
      resetPin: config.resetPin ?? false,
      kiosk: { enabled: config.kioskEnabled ?? false, member: config.kioskMember },
    },
    logger: memoryLogger(),
    changed: () => (changed += 1),
  });
  const name = (key: string, memberName: string) => {
    session.active = key;
    household.memberSlot.setCurrent({ id: `id-${memberName}`, name: memberName, territory: 'TW', images: [] });
  };
  return { household, session, calls, cleared, store, name, changed: () => changed };
}

const error = (result: Result<void>) => (result.ok ? undefined : { kind: result.error.kind, messageKey: result.error.messageKey });

describe('the household', () => {
  it('starts on the one member, on the chooser with several, on the last chosen when the chooser is skipped', async () => {
    expect(setup(['a']).household.startChoice(['a'])).toBe('a');
    const h = setup(['a', 'b']);
    expect(h.household.startChoice(['a', 'b'])).toBeUndefined();
    await h.household.handlers.chooseProfile('b');
    h.household.onScreen();
    expect(h.household.startChoice(['a', 'b'])).toBeUndefined();
    await h.household.handlers.setSkipChooser(true);
    expect(h.household.startChoice(['a', 'b'])).toBe('b');
    expect(h.household.view()).toMatchObject({ lastChosen: 'b', skipChooser: true });
    // Skipping is also the configuration's, until Settings says otherwise; it survives a restart.
    expect(setup(['a', 'b'], { skipChooser: true }).household.startChoice(['a', 'b'])).toBeUndefined();
    expect(setup(['a', 'b'], {}, h.store).household.startChoice(['a', 'b'])).toBe('b');
  });

  it('a kiosk never starts on the chooser: the configured member by name, else the guest, else the last chosen', () => {
    const h = setup(['a', 'b'], { kioskEnabled: true, kioskMember: 'Ben' });
    h.name('a', 'Anna');
    h.name('b', 'Ben');
    expect(h.household.startChoice(['a', 'b'])).toBe('b');
    expect(setup(['a', 'b'], { kioskEnabled: true, kioskMember: 'GUEST' }).household.startChoice(['a', 'b'])).toBe(GUEST_KEY);
    expect(setup(['a', 'b'], { kioskEnabled: true }).household.startChoice(['a', 'b'])).toBe(GUEST_KEY);
    expect(setup(['a', 'b'], { kioskEnabled: true, guestMode: false }).household.startChoice(['a', 'b'])).toBe('a');
    expect(setup(['a'], { kioskEnabled: true }).household.startChoice(['a'])).toBe('a');
  });

  it('says when the kiosk member names nobody signed in here, with the way out', () => {
    const h = setup(['a', 'b'], { kioskEnabled: true, kioskMember: 'Bert' });
    h.name('a', 'Anna');
    h.name('b', 'Ben');
    expect(h.household.problems()).toMatchObject([
      { key: 'TUNEWALL_KIOSK_MEMBER', messageKey: 'config.kioskMemberUnknown', fixKey: 'configFix.kioskMember' },
    ]);
    expect(h.household.startChoice(['a', 'b'])).toBe(GUEST_KEY);
    expect(setup(['a'], { kioskEnabled: true, kioskMember: 'guest' }).household.problems()).toEqual([]);
    const named = setup(['a'], { kioskEnabled: true, kioskMember: 'Anna' });
    named.name('a', 'Anna');
    expect(named.household.problems()).toEqual([]);
  });

  it('keeps the PIN as a salted hash only; marking a child needs a PIN first, and changing a mark needs the PIN', async () => {
    const h = setup(['a', 'b']);
    expect(error(await h.household.handlers.setChild('a', true))).toEqual({ kind: 'denied', messageKey: 'household.pinFirst' });
    expect((await h.household.handlers.setPin('4821')).ok).toBe(true);
    expect(h.store.dump()).not.toContain('4821');
    expect(h.store.get('household')).toMatchObject({ pin: { salt: expect.any(String), hash: expect.any(String) } });
    expect(error(await h.household.handlers.setChild('a', true))).toEqual({ kind: 'denied', messageKey: 'household.pinNeeded' });
    expect(error(await h.household.handlers.setChild('a', true, '0000'))).toEqual({ kind: 'denied', messageKey: 'household.pinWrong' });
    expect((await h.household.handlers.setChild('a', true, '4821')).ok).toBe(true);
    expect((await h.household.handlers.setChild(GUEST_KEY, true, '4821')).ok).toBe(true);
    expect(h.household.view()).toMatchObject({ pinSet: true, guest: { child: true }, members: [{ key: 'a', child: true }, { key: 'b', child: false }] });
    // Changing the PIN needs the one set.
    expect(error(await h.household.handlers.setPin('1111'))).toEqual({ kind: 'denied', messageKey: 'household.pinNeeded' });
    expect(error(await h.household.handlers.setPin('1111', '0000'))).toEqual({ kind: 'denied', messageKey: 'household.pinWrong' });
    expect((await h.household.handlers.setPin('1111', '4821')).ok).toBe(true);
    expect(error(await h.household.handlers.setChild('a', false, '4821'))).toEqual({ kind: 'denied', messageKey: 'household.pinWrong' });
  });

  it("leaving a child's profile asks for the PIN; entering one does not", async () => {
    const h = setup(['kid', 'mum']);
    await h.household.handlers.setPin('2468');
    await h.household.handlers.setChild('kid', true, '2468');
    expect((await h.household.handlers.chooseProfile('kid')).ok).toBe(true);
    expect(h.household.hideExplicit()).toBe(true);
    expect(h.household.view().explicit).toBe('hide');
    expect(error(await h.household.handlers.chooseProfile('mum'))).toEqual({ kind: 'denied', messageKey: 'household.pinNeeded' });
    expect(error(await h.household.handlers.chooseProfile(GUEST_KEY, '1357'))).toEqual({ kind: 'denied', messageKey: 'household.pinWrong' });
    expect(h.calls).toEqual(['choose kid']);
    expect((await h.household.handlers.chooseProfile('mum', '2468')).ok).toBe(true);
    expect(h.session.activeMember).toBe('mum');
    expect(h.household.hideExplicit()).toBe(false);
    expect(error(await h.household.handlers.chooseProfile('nobody'))).toEqual({ kind: 'not-found', messageKey: 'household.noSuchProfile' });
  });

  it('the explicit setting is per member; a child cannot show explicit tracks', async () => {
    const h = setup(['a', 'b']);
    await h.household.handlers.chooseProfile('a');
    expect((await h.household.handlers.setExplicit('hide')).ok).toBe(true);
    expect(h.household.hideExplicit()).toBe(true);
    await h.household.handlers.chooseProfile('b');
    expect(h.household.hideExplicit()).toBe(false);
    expect(h.household.view().explicit).toBe('show');
    await h.household.handlers.setPin('1234');
    await h.household.handlers.setChild('b', true, '1234');
    expect(error(await h.household.handlers.setExplicit('show'))).toEqual({ kind: 'denied', messageKey: 'household.childExplicit' });
  });

  it("lists members with their profile's name and pictures; one signed out leaves with their profile and cached rows", async () => {
    const h = setup(['a', 'b']);
    h.name('a', 'Anna');
    h.name('b', 'Ben');
    expect(h.household.view().members.map((m) => [m.key, m.name])).toEqual([
      ['a', 'Anna'],
      ['b', 'Ben'],
    ]);
    await h.household.handlers.signOutMember('a');
    expect(h.cleared).toEqual([{ account: { kind: 'member', id: 'id-Anna' } }]);
    expect(h.household.view().members.map((m) => m.key)).toEqual(['b']);
    expect(JSON.stringify(h.store.get('household'))).not.toContain('Anna');
  });

  it('recognises a member who approved a second time (same member id) and keeps one', () => {
    const h = setup(['a', 'b', 'c']);
    h.name('a', 'Anna');
    h.name('c', 'Anna');
    expect(h.calls).toContain('merge c a');
    expect(JSON.stringify(h.store.get('household'))).not.toContain('"c"');
  });

  it('a kiosk puts someone on screen when the one there signs out; elsewhere the chooser comes', () => {
    expect(setup(['a', 'b'], { kioskEnabled: true }).household.leftChoice(['a', 'b'])).toBe(GUEST_KEY);
    expect(setup(['a', 'b']).household.leftChoice(['a', 'b'])).toBeUndefined();
  });

  it('tells when explicit tracks turn hidden or shown for the one on screen, and only then', async () => {
    const h = setup(['a', 'b']);
    let told = 0;
    h.household.onExplicitChange(() => (told += 1));
    await h.household.handlers.chooseProfile('a');
    await h.household.handlers.setExplicit('hide');
    await h.household.handlers.setExplicit('hide');
    expect(told).toBe(1);
    await h.household.handlers.setPin('1234');
    await h.household.handlers.setChild('b', true, '1234');
    expect(told).toBe(1);
    await h.household.handlers.setExplicit('show');
    expect(told).toBe(2);
  });

  it('says when the household is full', async () => {
    const h = setup(['1', '2', '3', '4', '5', '6']);
    expect(await h.household.handlers.addMember()).toMatchObject({ ok: false, error: { kind: 'denied', messageKey: 'household.full', params: { max: 6 } } });
  });
  it('a stored PIN hash that cannot be checked is refused with how an adult resets it, never a throw; reset-pin clears it at start', async () => {
    const h = setup(['kid', 'mum']);
    await h.household.handlers.setPin('2468');
    await h.household.handlers.setChild('kid', true, '2468');
    await h.household.handlers.chooseProfile('kid');
    const stored = h.store.get('household') as { pin: { salt: string; hash: string } };
    // A hash of the wrong length (a damaged file, or one another program wrote).
    for (const hash of [Buffer.alloc(16, 1).toString('base64'), Buffer.alloc(64, 1).toString('base64'), '!!']) {
      h.store.set('household', { ...stored, pin: { ...stored.pin, hash } });
      const again = setup(['kid', 'mum'], {}, h.store);
      again.session.active = 'kid';
      const refused = { kind: 'denied', messageKey: 'household.pinDamaged' };
      expect(error(await again.household.handlers.chooseProfile('mum', '2468'))).toEqual(refused);
      expect(error(await again.household.handlers.setPin('1111', '2468'))).toEqual(refused);
      expect(error(await again.household.handlers.setChild('kid', false, '2468'))).toEqual(refused);
      expect(again.session.activeMember).toBe('kid');
    }
    // The adult starts Tunewall once with reset-pin: no PIN, the child mark kept, and a new PIN can be set.
    const reset = setup(['kid', 'mum'], { resetPin: true }, h.store);
    expect(reset.household.view()).toMatchObject({ pinSet: false, members: [{ key: 'kid', child: true }, { key: 'mum', child: false }] });
    expect((await reset.household.handlers.setPin('1357')).ok).toBe(true);
    reset.session.active = 'kid';
    expect(error(await reset.household.handlers.chooseProfile('mum', '1357'))).toBeUndefined();
  });
  it("while a child's profile is on screen, signing a member out or adding one needs the PIN; elsewhere it does not", async () => {
    const h = setup(['kid', 'mum', 'dad']);
    let adds = 0;
    h.session.addMember = () => (adds += 1) > 0;
    await h.household.handlers.setPin('2468');
    await h.household.handlers.setChild('kid', true, '2468');
    await h.household.handlers.chooseProfile('kid');
    const needed = { kind: 'denied', messageKey: 'household.pinNeeded' };
    const wrong = { kind: 'denied', messageKey: 'household.pinWrong' };
    expect(error(await h.household.handlers.signOutMember('mum'))).toEqual(needed);
    expect(error(await h.household.handlers.signOutMember('kid'))).toEqual(needed);
    expect(error(await h.household.handlers.signOutMember('mum', '1111'))).toEqual(wrong);
    expect(error(await h.household.handlers.addMember())).toEqual(needed);
    expect(error(await h.household.handlers.addMember('1111'))).toEqual(wrong);
    expect(error(await h.household.handlers.setSkipChooser(true))).toEqual(needed);
    expect(h.household.view().skipChooser).toBe(false);
    expect(h.household.childRefuses(undefined)?.messageKey).toBe('household.pinNeeded');
    expect(h.household.view().members.map((m) => m.key)).toEqual(['kid', 'mum', 'dad']);
    expect(adds).toBe(0);
    // With the PIN, the change goes ahead.
    expect((await h.household.handlers.signOutMember('dad', '2468')).ok).toBe(true);
    expect((await h.household.handlers.addMember('2468')).ok).toBe(true);
    expect(h.household.view().members.map((m) => m.key)).toEqual(['kid', 'mum']);
    expect(adds).toBe(1);
    // An adult on screen signs out and adds without it.
    await h.household.handlers.chooseProfile('mum', '2468');
    expect(h.household.childRefuses(undefined)).toBeUndefined();
    expect((await h.household.handlers.addMember()).ok).toBe(true);
    expect((await h.household.handlers.signOutMember('kid')).ok).toBe(true);
    expect(error(await h.household.handlers.signOutMember('nobody'))).toEqual({ kind: 'not-found', messageKey: 'household.noSuchProfile' });
  });
  it("a kiosk names its member for idle mode, and going back to them needs no PIN, even from a child's profile", async () => {
    const h = setup(['a', 'b', 'kid'], { kioskEnabled: true, kioskMember: 'Ben' });
    h.name('a', 'Anna');
    h.name('b', 'Ben');
    h.name('kid', 'Kim');
    expect(h.household.kioskHome()).toBe('b');
    expect(setup(['a'], { kioskEnabled: true, kioskMember: 'guest' }).household.kioskHome()).toBe(GUEST_KEY);
    expect(setup(['a'], { kioskEnabled: true }).household.kioskHome()).toBeUndefined();
    expect(setup(['a'], { kioskEnabled: false, kioskMember: 'Ben' }).household.kioskHome()).toBeUndefined();
    await h.household.handlers.setPin('2468');
    await h.household.handlers.setChild('kid', true, '2468');
    // A passer-by chose the child's profile: leaving it for anyone else asks the PIN; for the kiosk's member it does not.
    await h.household.handlers.chooseProfile('kid');
    expect(error(await h.household.handlers.chooseProfile('a'))).toEqual({ kind: 'denied', messageKey: 'household.pinNeeded' });
    expect((await h.household.handlers.chooseProfile('b')).ok).toBe(true);
    expect(h.session.activeMember).toBe('b');
  });
});

/**
 * Several members on one TV, over real HTTP against the sandbox: two demo members approve one after the other, each
 * sees their own favourites, a favourite added by one never shows for the other, a restart keeps both (the chooser,
 * or the last chosen when the chooser is skipped), signing one out leaves the other, and a member whose grant the
 * service revoked is asked alone to pair again.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import type { AppState, Result, RowView } from '../../shared/bridge';
import { MemoryStore } from '../main/core/support/fakes';
import { disposeCores, isMember, NO_FAULTS, pairMember, recordingCipher, sealedTokens, startCore, tokenEntries, type Harness } from '../main/core/app/harness';

const ANNA = 'member-demo';
const HANAKO = 'member-hanako';
const ANNA_NAME = '林語彤';
const HANAKO_NAME = '佐藤花音';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.control.setFaults(NO_FAULTS);
  sandbox.control.setLifetimes({ deviceIntervalSeconds: 1, accessTokenSeconds: 3600 });
});
afterEach(async () => {
  await disposeCores();
});

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

const memberNamed = (name: string) => (s: AppState) => isMember(s) && s.auth.status === 'signed-in' && s.auth.member?.name === name;

function favoriteIds(row: RowView): string[] {
  return row.tiles.flatMap((tile) => (tile.track === undefined ? [] : [tile.track.id]));
}

function keyOf(state: AppState, name: string): string {
  const member = state.household.members.find((m) => m.name === name);
  if (member === undefined) throw new Error(`no member ${name} in ${JSON.stringify(state.household.members)}`);
  return member.key;
}

/** Adds a member through Add a member, approved in the sandbox as `memberId`; resolves once they are on screen. */
async function addMember(h: Harness, memberId: string, name: string): Promise<AppState> {
  value(await h.core.handlers.addMember());
  const adding = await h.until((s) => s.household.adding?.pairing.status === 'pairing');
  const pairing = adding.household.adding?.pairing;
  if (pairing?.status !== 'pairing') throw new Error('not pairing');
  expect(adding.household.adding?.again).toBeUndefined();
  expect(sandbox.control.approve(pairing.code.userCode, memberId)).toBe(true);
  return h.until(memberNamed(name));
}

/** Chooses a member on the chooser; resolves with their favourites row as the core answers it. */
async function choose(h: Harness, key: string, name: string): Promise<string[]> {
  value(await h.core.handlers.chooseProfile(key));
  await h.until(memberNamed(name));
  return favoriteIds(value(await h.core.handlers.loadRow('favorites')));
}

describe('several members on one TV', () => {
  it("each member browses their own territory: a member added later gets their account's, not the one the first chose", async () => {
    const store = new MemoryStore();
    const cipher = recordingCipher();
    const h = await startCore({ sandbox, store, cipher });
    await pairMember(h, sandbox, ANNA);
    expect((await h.core.handlers.getState()).territory).toBe('TW');
    // The first member chooses another territory in Settings.
    value(await h.core.handlers.setTerritory('HK'));
    expect((await h.core.handlers.getState()).territory).toBe('HK');
    // A JP account added afterwards browses JP.
    const both = await addMember(h, HANAKO, HANAKO_NAME);
    await h.until((s) => s.territory === 'JP');
    expect((await h.core.handlers.getState()).territory).toBe('JP');
    expect(value(await h.core.handlers.loadRow('charts')).tiles.length).toBeGreaterThan(0);
    // Back to the first member: their own choice; and both hold across a restart.
    await choose(h, keyOf(both, ANNA_NAME), ANNA_NAME);
    expect((await h.core.handlers.getState()).territory).toBe('HK');
    await h.core.dispose();
    const again = await startCore({ sandbox, store, cipher });
    value(await again.core.handlers.chooseProfile(keyOf(both, HANAKO_NAME)));
    await again.until((s) => memberNamed(HANAKO_NAME)(s) && s.territory === 'JP');
    value(await again.core.handlers.chooseProfile(keyOf(both, ANNA_NAME)));
    await again.until((s) => memberNamed(ANNA_NAME)(s) && s.territory === 'HK');
  });

  it("a child's profile signs nobody out and adds nobody without the PIN", async () => {
    const h = await startCore({ sandbox, store: new MemoryStore(), cipher: recordingCipher() });
    await pairMember(h, sandbox, ANNA);
    const both = await addMember(h, HANAKO, HANAKO_NAME);
    const anna = keyOf(both, ANNA_NAME);
    const hanako = keyOf(both, HANAKO_NAME);
    value(await h.core.handlers.setPin('2468'));
    value(await h.core.handlers.setChild(hanako, true, '2468'));
    const refusal = (result: Result<void>) => (result.ok ? 'ok' : result.error.messageKey);
    // As the child: the parent, then the child itself, then a new member; each refused.
    expect(refusal(await h.core.handlers.signOutMember(anna))).toBe('household.pinNeeded');
    expect(refusal(await h.core.handlers.signOutMember(anna, '1357'))).toBe('household.pinWrong');
    expect(refusal(await h.core.handlers.signOut())).toBe('household.pinNeeded');
    expect(refusal(await h.core.handlers.signOutMember(hanako))).toBe('household.pinNeeded');
    expect(refusal(await h.core.handlers.addMember())).toBe('household.pinNeeded');
    const after = await h.core.handlers.getState();
    expect(after.household.members.map((m) => m.name)).toEqual([ANNA_NAME, HANAKO_NAME]);
    expect(after.household.active).toBe(hanako);
    expect(after.household.adding).toBeUndefined();
    expect(after.auth).toMatchObject({ status: 'signed-in', member: { name: HANAKO_NAME } });
    // The PIN lets the change through.
    expect(refusal(await h.core.handlers.signOutMember(anna, '2468'))).toBe('ok');
    expect((await h.core.handlers.getState()).household.members.map((m) => m.name)).toEqual([HANAKO_NAME]);
    expect(refusal(await h.core.handlers.signOut('2468'))).toBe('ok');
    await h.until((s) => s.auth.status === 'pairing');
  });

  it('two members pair one after the other, keep their own favourites, survive a restart, and sign out one by one', async () => {
    const store = new MemoryStore();
    const cipher = recordingCipher();
    const h = await startCore({ sandbox, store, cipher });
    await pairMember(h, sandbox, ANNA);
    const annaFavorites = favoriteIds(value(await h.core.handlers.loadRow('favorites')));
    expect(annaFavorites.length).toBeGreaterThan(0);

    const both = await addMember(h, HANAKO, HANAKO_NAME);
    expect(both.household.members.map((m) => m.name)).toEqual([ANNA_NAME, HANAKO_NAME]);
    const anna = keyOf(both, ANNA_NAME);
    const hanako = keyOf(both, HANAKO_NAME);
    expect(both.household.active).toBe(hanako);
    const hanakoFavorites = favoriteIds(value(await h.core.handlers.loadRow('favorites')));
    expect(hanakoFavorites.length).toBeGreaterThan(0);
    expect(hanakoFavorites).not.toEqual(annaFavorites);
    // No token on the bridge, none in plaintext at rest; one sealed entry per member.
    expect(tokenEntries(store)).toHaveLength(2);
    const tokens = sealedTokens(cipher);
    for (const token of tokens) expect(JSON.stringify(both)).not.toContain(token);
    for (const token of tokens) expect(store.dump()).not.toContain(token);
    expect(JSON.stringify(both)).not.toContain(HANAKO);

    // A favourite added as Anna never shows for Hanako.
    expect(await choose(h, anna, ANNA_NAME)).toEqual(annaFavorites);
    const charts = value(await h.core.handlers.loadRow('charts'));
    const chart = charts.tiles.find((t) => t.ref?.kind === 'chart')?.ref;
    if (chart === undefined) throw new Error('no chart');
    const page = value(await h.core.handlers.getTracks(chart, 0, 50));
    const fresh = page.tracks.find((t) => !annaFavorites.includes(t.id) && !hanakoFavorites.includes(t.id));
    if (fresh === undefined) throw new Error('no track outside both favourites');
    expect(value(await h.core.handlers.addFavorite(fresh.id))).toBe('favorite');
    await h.until(() => h.events.some((e) => e.type === 'row' && e.row.id === 'favorites' && favoriteIds(e.row).includes(fresh.id)));
    const switchedAt = h.events.length;
    const hanakoNow = await choose(h, hanako, HANAKO_NAME);
    expect(hanakoNow).not.toContain(fresh.id);
    // Not even a row pushed late, after the switch, carries Anna's favourites.
    await h.core.handlers.loadRow('charts');
    const pushed = h.events.slice(switchedAt).flatMap((e) => (e.type === 'row' && e.row.id === 'favorites' ? [favoriteIds(e.row)] : []));
    for (const ids of pushed) expect(ids).not.toContain(fresh.id);
    expect(value(await h.core.handlers.favoriteState(fresh.id))).toBe('not-favorite');
    await h.core.dispose();

    // A restart with the same key: both are there, on the chooser.
    const again = await startCore({ sandbox, store, cipher });
    const choosing = await again.until((s) => s.auth.status === 'choosing');
    expect(choosing.household.members.map((m) => [m.key, m.name])).toEqual([
      [anna, ANNA_NAME],
      [hanako, HANAKO_NAME],
    ]);
    expect(choosing.household.lastChosen).toBe(hanako);
    expect(await choose(again, anna, ANNA_NAME)).toContain(fresh.id);
    expect(await choose(again, hanako, HANAKO_NAME)).not.toContain(fresh.id);

    // Signing Hanako out leaves Anna signed in, on screen.
    await again.core.handlers.signOutMember(hanako);
    const alone = await again.until(memberNamed(ANNA_NAME));
    expect(alone.household.members.map((m) => m.key)).toEqual([anna]);
    expect(tokenEntries(store)).toHaveLength(1);
    expect(favoriteIds(value(await again.core.handlers.loadRow('favorites')))).toContain(fresh.id);
    expect(store.dump()).not.toContain(`member:${HANAKO}`);
  });

  it('with the chooser skipped, a restart opens the last chosen member directly', async () => {
    const store = new MemoryStore();
    const cipher = recordingCipher();
    const h = await startCore({ sandbox, store, cipher });
    await pairMember(h, sandbox, ANNA);
    await addMember(h, HANAKO, HANAKO_NAME);
    await h.core.dispose();
    const skipping = await startCore({ sandbox, store, cipher, env: { TUNEWALL_SKIP_CHOOSER: 'on' } });
    const state = await skipping.until(memberNamed(HANAKO_NAME));
    expect(state.household).toMatchObject({ skipChooser: true, active: keyOf(state, HANAKO_NAME) });
    expect(skipping.states().some((s) => s.auth.status === 'choosing')).toBe(false);
  });

  it("the service revokes one member's grant: the other is unaffected, and choosing the revoked one asks them alone to pair", async () => {
    const h = await startCore({ sandbox });
    await pairMember(h, sandbox, ANNA);
    const both = await addMember(h, HANAKO, HANAKO_NAME);
    const anna = keyOf(both, ANNA_NAME);
    const hanako = keyOf(both, HANAKO_NAME);
    expect(sandbox.control.revokeMember(ANNA)).toBeGreaterThan(0);
    // Hanako goes on as before.
    await h.core.handlers.loadRow('charts');
    expect(favoriteIds(value(await h.core.handlers.loadRow('favorites'))).length).toBeGreaterThan(0);
    expect(await h.core.handlers.getState()).toMatchObject({ auth: { status: 'signed-in' }, household: { active: hanako } });

    value(await h.core.handlers.chooseProfile(anna));
    const asked = await h.until((s) => s.household.adding?.again === anna && s.household.adding.pairing.status === 'pairing');
    expect(asked.auth.status).toBe('choosing');
    expect(asked.household.adding?.pairing).toMatchObject({ notice: { reason: 'signed-out' } });
    expect(asked.household.members).toEqual([
      expect.objectContaining({ key: anna, name: ANNA_NAME, needsPairing: true }),
      expect.objectContaining({ key: hanako, name: HANAKO_NAME, needsPairing: false }),
    ]);

    // Anna approves again: the same key, signed in again, on screen.
    const pairing = asked.household.adding?.pairing;
    if (pairing?.status !== 'pairing') throw new Error('not pairing');
    expect(sandbox.control.approve(pairing.code.userCode, ANNA)).toBe(true);
    const back = await h.until(memberNamed(ANNA_NAME));
    expect(back.household).toMatchObject({ active: anna, adding: undefined });
    expect(back.household.members.map((m) => [m.key, m.needsPairing])).toEqual([
      [anna, false],
      [hanako, false],
    ]);
    expect(favoriteIds(value(await h.core.handlers.loadRow('favorites'))).length).toBeGreaterThan(0);
  });

  it('a member whose sign-in the service ended stays listed with "Sign in again" after a restart, and pairs again alone', async () => {
    const store = new MemoryStore();
    const cipher = recordingCipher();
    const h = await startCore({ sandbox, store, cipher });
    await pairMember(h, sandbox, ANNA);
    const both = await addMember(h, HANAKO, HANAKO_NAME);
    const anna = keyOf(both, ANNA_NAME);
    const hanako = keyOf(both, HANAKO_NAME);
    expect(sandbox.control.revokeMember(ANNA)).toBeGreaterThan(0);
    value(await h.core.handlers.chooseProfile(anna));
    await h.until((s) => s.household.adding?.again === anna && s.household.members.some((m) => m.key === anna && m.needsPairing));
    await h.core.handlers.cancelAddMember();
    await h.core.dispose();

    const again = await startCore({ sandbox, store, cipher });
    // The one still signed in comes on screen; the other is listed, by name, to sign in again.
    const restarted = await again.until(memberNamed(HANAKO_NAME));
    expect(restarted.household.members).toEqual([
      expect.objectContaining({ key: anna, name: ANNA_NAME, needsPairing: true }),
      expect.objectContaining({ key: hanako, name: HANAKO_NAME, needsPairing: false }),
    ]);
    value(await again.core.handlers.chooseProfile(anna));
    const asked = await again.until((s) => s.household.adding?.again === anna && s.household.adding.pairing.status === 'pairing');
    expect(asked.household.adding?.pairing).toMatchObject({ notice: { reason: 'signed-out' } });
    const pairing = asked.household.adding?.pairing;
    if (pairing?.status !== 'pairing') throw new Error('not pairing');
    expect(sandbox.control.approve(pairing.code.userCode, ANNA)).toBe(true);
    await again.until(memberNamed(ANNA_NAME));
    await again.core.dispose();
    // Signed in again, they are no longer marked: a third start lists both signed in.
    const third = await startCore({ sandbox, store, cipher, env: { TUNEWALL_SKIP_CHOOSER: 'on' } });
    const settled = await third.until(memberNamed(ANNA_NAME));
    expect(settled.household.members.map((m) => [m.key, m.needsPairing])).toEqual([
      [anna, false],
      [hanako, false],
    ]);
  });

  it('the same member approving a second time is recognised, not added twice', async () => {
    const h = await startCore({ sandbox });
    await pairMember(h, sandbox, ANNA);
    const first = await h.core.handlers.getState();
    const anna = keyOf(first, ANNA_NAME);
    value(await h.core.handlers.addMember());
    const adding = await h.until((s) => s.household.adding?.pairing.status === 'pairing');
    const pairing = adding.household.adding?.pairing;
    if (pairing?.status !== 'pairing') throw new Error('not pairing');
    expect(sandbox.control.approve(pairing.code.userCode, ANNA)).toBe(true);
    const state = await h.until((s) => s.household.adding === undefined && s.household.members.length === 1 && s.household.active === anna && isMember(s));
    expect(state.household.members.map((m) => m.name)).toEqual([ANNA_NAME]);
  });
});

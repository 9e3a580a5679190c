import { describe, expect, it } from 'vitest';
import { createRowCache } from '../../../../../main/core/cache';
import { createMemberProfile } from '../../../../../main/core/features/settings/memberProfile';
import { createSettings } from '../../../../../main/core/features/settings/settings';
import type { AuthState, MemberView } from '../../../../../shared/bridge';
import { image } from '../../catalog/fixtures';
import { MemoryStore, memoryLogger } from '../../support/fakes';
import { fakeService, manualClock, recordingNetwork } from '../support';

const me = { id: 'm1', url: 'u', name: 'Mei', description: '', images: [image(75), image(300), image(180)], territory: 'HK' };
const memberSignedIn: AuthState = { status: 'signed-in', mode: 'member', member: undefined };

function setup(routes: Record<string, unknown> = { '/me': me }) {
  const store = new MemoryStore();
  const logger = memoryLogger();
  const settings = createSettings({ store, logger, defaults: { territory: 'TW', language: 'auto', textSize: 100, highContrast: false }, changed: () => undefined });
  const service = fakeService(routes);
  const cache = createRowCache({ store, clock: manualClock(), logger });
  const shown: Array<MemberView | undefined> = [];
  const session = {
    state: { status: 'starting' } as AuthState,
    setMember(member: MemberView | undefined) {
      shown.push(member);
    },
  };
  const network = recordingNetwork();
  let changed = 0;
  const profile = createMemberProfile({
    settings,
    session,
    catalog: service.catalog,
    cache,
    network,
    logger,
    changed: () => (changed += 1),
  });
  const signIn = (state: AuthState) => {
    session.state = state;
    profile.follow(state);
  };
  return { profile, settings, service, cache, shown, network, signIn, changed: () => changed };
}

describe('member profile', () => {
  it('reads /me once a member signs in: name, every size of the picture (the screen picks), home territory', async () => {
    const { profile, settings, shown, signIn, service } = setup();
    signIn(memberSignedIn);
    const scope = await profile.settledScope();
    expect(scope).toEqual({ account: { kind: 'member', id: 'm1' }, territory: 'HK' });
    const widths = (settings.member()?.images ?? []).map((i) => i.width);
    expect(widths).toEqual(expect.arrayContaining([75, 180, 300]));
    expect(settings.member()).toMatchObject({ name: 'Mei', territory: 'HK' });
    expect(shown.at(-1)).toEqual({ name: 'Mei', images: expect.arrayContaining([expect.objectContaining({ width: 75 })]), territory: 'HK' });
    // A second state change for the same member reads no second profile.
    signIn(memberSignedIn);
    await profile.settledScope();
    expect(service.paths().filter((p) => p === '/me')).toHaveLength(1);
  });

  it('while the profile of a member who has just signed in is on the way, says the territory asked in now and the member it names', async () => {
    const { profile, signIn, service } = setup();
    expect(profile.pendingMember()).toBeUndefined();
    signIn(memberSignedIn);
    const pending = profile.pendingMember();
    // The configured territory until /me says the member's (HK).
    expect(pending?.territory).toBe('TW');
    expect(await pending?.memberId).toBe('m1');
    expect(profile.pendingMember()).toBeUndefined();
    expect(service.paths().filter((p) => p === '/me')).toHaveLength(1);
  });

  it('has no scope before anyone signs in; a guest browses under the guest account', () => {
    const { profile, signIn } = setup();
    expect(profile.scope()).toBeUndefined();
    signIn({ status: 'signed-in', mode: 'guest', member: undefined });
    expect(profile.scope()).toEqual({ account: { kind: 'guest' }, territory: 'TW' });
  });

  it('forgets the member and their cached rows when the service signs them out', async () => {
    const { profile, settings, signIn, cache } = setup();
    signIn(memberSignedIn);
    const scope = await profile.settledScope();
    if (!scope) throw new Error('no scope');
    cache.write(scope, { id: 'favorites', tiles: [], fetchedAt: 1, fromCache: false });
    let forgotten = 0;
    profile.onForget(() => (forgotten += 1));
    signIn({ status: 'requesting-code', attempt: 1, notice: { reason: 'signed-out', message: 'You were signed out.' } });
    expect(settings.member()).toBeUndefined();
    expect(cache.read(scope, 'favorites')).toBeUndefined();
    expect(forgotten).toBe(1);
  });

  it('a profile that does not load leaves no scope, and the failure is noted', async () => {
    const { profile, signIn, network } = setup({});
    signIn(memberSignedIn);
    expect(await profile.settledScope()).toBeUndefined();
    expect(network.outcomes).toHaveLength(1);
  });

  it('after a switch, the profile that answers for the member on screen before lands nowhere', async () => {
    let release: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const { profile, settings, signIn } = setup({
      '/me': async () => {
        calls += 1;
        if (calls === 1) {
          await gate;
          return me;
        }
        return { ...me, id: 'm2', name: 'Ming', territory: 'TW' };
      },
    });
    signIn(memberSignedIn);
    profile.switched();
    expect(await profile.settledScope()).toEqual({ account: { kind: 'member', id: 'm2' }, territory: 'TW' });
    release?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await profile.settledScope();
    expect(settings.member()).toMatchObject({ id: 'm2', name: 'Ming' });
  });
});

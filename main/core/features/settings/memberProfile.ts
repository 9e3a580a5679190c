/**
 * Who is browsing: the member's profile from /me after sign-in (name, picture, home territory), kept in the settings,
 * and the cache scope (account and territory) that every row is kept under. A member the service signs out is
 * forgotten with their rows, so the next person to pair never sees them.
 */
import type { AuthState } from '../../../../shared/bridge';
import type { Territory } from '../../../../shared/territory';
import type { AuthSession } from '../../auth/session';
import type { CacheScope, RowCache } from '../../cache';
import type { CatalogClient, Me } from '../../catalog';
import type { Logger } from '../../ports';
import { imageViews } from '../../views';
import type { NetworkStatus } from '../network/networkStatus';
import { memberView, type Settings } from './settings';

export interface MemberProfileDeps {
  settings: Settings;
  session: Pick<AuthSession, 'state' | 'setMember'> | undefined;
  catalog: CatalogClient | undefined;
  cache: RowCache;
  network: Pick<NetworkStatus, 'markOnline' | 'noteOutcome'>;
  logger: Logger;
  /** Another member's profile arrived: the screen shows a new name. */
  changed: () => void;
}

export interface MemberProfile {
  /** The account and territory rows are kept under; undefined when nobody is signed in (or the profile is unknown). */
  scope(): CacheScope | undefined;
  /** As scope(), waiting for the profile of a member who has just signed in. */
  settledScope(): Promise<CacheScope | undefined>;
  /**
   * While the profile of a member who has just signed in is on the way: the territory the catalog asks in now, and the
   * member the profile names once it arrives (undefined if it does not). Otherwise undefined.
   */
  pendingMember(): PendingMember | undefined;
  /** The sign-in state changed: load the profile of a new member, forget one the service signed out. */
  follow(auth: AuthState): void;
  /** Another member came on screen: their stored profile shown at once, /me read again for them. */
  switched(): void;
  /** Signs the member out of the core's state: profile, rows, and whatever listens to onForget. */
  forget(): void;
  onForget(listener: () => void): void;
}

export interface PendingMember {
  territory: Territory;
  memberId: Promise<string | undefined>;
}

export function createMemberProfile(deps: MemberProfileDeps): MemberProfile {
  const { settings, session, catalog, cache, network, logger } = deps;
  const forgetListeners: Array<() => void> = [];
  let lastAuthStatus: string | undefined;
  // The profile in flight: rows asked for between the tokens and the profile wait for it instead of failing.
  let memberLoad: Promise<void> | undefined;
  // Counts switches: a profile that answers for the member who was on screen before lands nowhere.
  let generation = 0;

  function load(): Promise<void> {
    memberLoad ??= fetchMember().finally(() => {
      memberLoad = undefined;
    });
    return memberLoad;
  }

  async function fetchMember(): Promise<void> {
    if (!catalog) return;
    const asked = generation;
    try {
      const me: Me = await catalog.me();
      if (asked !== generation) return;
      // All sizes: the avatar is drawn small (4rem), and one size picked here was 180 px for a 64 px circle.
      const images = imageViews(me.images);
      const changed = settings.member()?.id !== me.id;
      const member = { id: me.id, name: me.name, images, territory: me.territory };
      settings.setMember(member);
      session?.setMember(memberView(member));
      network.markOnline();
      if (changed) deps.changed();
    } catch (error) {
      if (asked !== generation) return;
      logger.warn('could not read the member profile', { error: String(error) });
      network.noteOutcome(error);
    }
  }

  function awaitingMember(): boolean {
    const auth = session?.state;
    return auth?.status === 'signed-in' && auth.mode === 'member' && !settings.member();
  }

  function scope(): CacheScope | undefined {
    const auth = session?.state;
    if (auth?.status !== 'signed-in') return undefined;
    const territory = settings.territory();
    if (auth.mode === 'guest') return { account: { kind: 'guest' }, territory };
    const member = settings.member();
    if (!member) return undefined;
    return { account: { kind: 'member', id: member.id }, territory };
  }

  function forget(): void {
    const member = settings.member();
    if (member) cache.clear({ account: { kind: 'member', id: member.id } });
    settings.forgetMember();
    for (const listener of forgetListeners) listener();
  }

  return {
    scope,
    async settledScope() {
      if (awaitingMember()) await load();
      return scope();
    },
    pendingMember() {
      if (!awaitingMember()) return undefined;
      return { territory: settings.territory(), memberId: load().then(() => settings.member()?.id) };
    },
    follow(auth) {
      const memberNow = auth.status === 'signed-in' && auth.mode === 'member';
      const previous = lastAuthStatus;
      // Updated before setMember, which calls the session's listeners again: the inner call must see the member as
      // signed in.
      lastAuthStatus = auth.status === 'signed-in' ? `signed-in:${auth.mode}` : auth.status;
      if (memberNow && previous !== 'signed-in:member') {
        const stored = settings.member();
        if (stored) session?.setMember(memberView(stored));
        void load();
      }
      // Signed out by the service (a refused refresh): the member's profile and rows go, as on a sign-out of their
      // own, so the next person to pair never sees them.
      if (previous === 'signed-in:member' && auth.status !== 'signed-in') forget();
    },
    switched() {
      generation += 1;
      memberLoad = undefined;
      const stored = settings.member();
      session?.setMember(stored ? memberView(stored) : undefined);
      void load();
    },
    forget,
    onForget(listener) {
      forgetListeners.push(listener);
    },
  };
}

import { describe, expect, it } from 'vitest';
import { followOnScreen } from '../../../../../main/core/features/household/switching';
import { GUEST_KEY, type AuthState } from '../../../../../shared/bridge';

const member: AuthState = { status: 'signed-in', mode: 'member', member: undefined };
const guest: AuthState = { status: 'signed-in', mode: 'guest', member: undefined };

function setup() {
  const log: string[] = [];
  let onScreen: string | undefined;
  let child = false;
  const follow = followOnScreen({
    household: {
      onScreen: () => onScreen,
      view: () => ({
        members: onScreen === undefined || onScreen === GUEST_KEY ? [] : [{ key: onScreen, name: 'Mia', images: [], child, needsPairing: false }],
        guest: { available: true, child: false },
        active: onScreen,
        lastChosen: onScreen,
        skipChooser: false,
        pinSet: child,
        explicit: child ? 'hide' : 'show',
        adding: undefined,
      }),
    },
    profile: { follow: (auth) => log.push(`follow ${auth.status}`), switched: () => log.push('switched') },
    rows: { prefetch: (ids) => log.push(`prefetch ${ids.length > 0 ? ids.join(',') : 'none'}`) },
    forgetScoped: () => log.push('forget'),
  });
  return {
    log,
    show(key: string | undefined, auth: AuthState, asChild = false) {
      onScreen = key;
      child = asChild;
      log.length = 0;
      follow(auth);
      return [...log];
    },
  };
}

describe('following who is on screen', () => {
  it('a member restored at start: no prefetch (the screen asks), nothing to forget', () => {
    const h = setup();
    expect(h.show('a', member)).toEqual(['forget', 'follow signed-in']);
  });

  it("a switch drops the first member's state before anything else, reads the second's profile and prefetches their rows", () => {
    const h = setup();
    h.show('a', member);
    const log = h.show('b', member);
    expect(log[0]).toBe('forget');
    expect(log).toContain('switched');
    expect(log.some((l) => l.startsWith('prefetch favorites'))).toBe(true);
    // The same member again (a new profile pushed): nothing dropped, nothing asked.
    expect(h.show('b', member)).toEqual(['follow signed-in']);
  });

  it('from the chooser to a member, and from a member to the guest', () => {
    const h = setup();
    h.show(undefined, { status: 'choosing' });
    const chosen = h.show('a', member);
    expect(chosen[0]).toBe('forget');
    expect(chosen).not.toContain('switched');
    expect(chosen.some((l) => l.startsWith('prefetch favorites'))).toBe(true);
    const toGuest = h.show(GUEST_KEY, guest);
    expect(toGuest[0]).toBe('forget');
    expect(toGuest).not.toContain('switched');
    expect(toGuest.some((l) => l.startsWith('prefetch') && !l.includes('favorites'))).toBe(true);
  });

  it("a child's first rows leave Kids first", () => {
    const h = setup();
    h.show('a', member);
    expect(h.show('b', member, true).find((l) => l.startsWith('prefetch'))).toMatch(/^prefetch kids,/);
  });
});

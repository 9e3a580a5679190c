import { describe, expect, it, vi } from 'vitest';
import { OnScreen, type OnScreenDeps, type ScreenRenewal } from '../../../../main/core/auth/onScreen';
import type { TokenSet } from '../../../../main/core/auth/tokens';

const tokens = (accessToken: string): TokenSet => ({ accessToken, tokenType: 'Bearer', issuedAt: 0, expiresAt: 10_000 });

function renewal(accessToken: string): ScreenRenewal & { paused: number } {
  const r = {
    paused: 0,
    tokens: tokens(accessToken),
    pause: () => void (r.paused += 1),
    resume: vi.fn(),
    online: vi.fn(),
    accessToken: () => Promise.resolve(accessToken),
    refresh: () => Promise.resolve(tokens(`${accessToken}+`)),
    renewAfterRejection: (used: string) => Promise.resolve(`${used}, renewed`),
  };
  return r;
}

function setup() {
  const members: Record<string, ScreenRenewal & { paused: number }> = { a: renewal('token-a'), b: renewal('token-b') };
  let guestTokens: TokenSet | undefined;
  const guest: OnScreenDeps['guest'] = {
    get tokens() {
      return guestTokens;
    },
    keep: (t) => void (guestTokens = t),
    forget: () => void (guestTokens = undefined),
    accessToken: () => Promise.resolve(guestTokens?.accessToken ?? 'guest-new'),
    afterRejection: (used) => Promise.resolve(`${used}, asked again`),
  };
  const guestLeft = vi.fn();
  const screen = new OnScreen({ renewal: (key) => members[key], guest, guestLeft });
  return { screen, members, guestTokens: () => guestTokens, guestLeft };
}

describe('who is on screen', () => {
  it('says when the guest leaves the screen, and only then: not when a member leaves, nor when nobody was on it', () => {
    const { screen, guestLeft } = setup();
    screen.putMember('a');
    screen.leave();
    screen.leave();
    expect(guestLeft).not.toHaveBeenCalled();
    screen.putGuest(tokens('guest-1'));
    screen.leave();
    expect(guestLeft).toHaveBeenCalledTimes(1);
    screen.leave();
    expect(guestLeft).toHaveBeenCalledTimes(1);
  });

  it('a member on screen: their token, their refresh; leaving pauses their renewal and aborts the requests made for them', async () => {
    const { screen, members } = setup();
    screen.putMember('a');
    expect(screen.member).toBe('a');
    expect(screen.tokens?.accessToken).toBe('token-a');
    await expect(screen.accessToken()).resolves.toBe('token-a');
    await expect(screen.refresh()).resolves.toMatchObject({ accessToken: 'token-a+' });
    await expect(screen.renewAfterRejection('token-a')).resolves.toBe('token-a, renewed');
    const signal = screen.signal;
    screen.leave();
    expect(signal.aborted).toBe(true);
    expect(members.a?.paused).toBe(1);
    expect(members.b?.paused).toBe(0);
    expect(screen.isNobody).toBe(true);
    // A fresh signal for whoever comes next.
    expect(screen.signal.aborted).toBe(false);
  });

  it('the guest on screen: their token; leaving forgets it; a member is never the guest', async () => {
    const { screen, guestTokens } = setup();
    screen.putGuest(tokens('guest-1'));
    expect(screen.isGuest).toBe(true);
    expect(screen.member).toBeUndefined();
    await expect(screen.accessToken()).resolves.toBe('guest-1');
    await expect(screen.renewAfterRejection('guest-1')).resolves.toBe('guest-1, asked again');
    await expect(screen.refresh()).rejects.toMatchObject({ kind: 'auth', messageKey: 'notSignedIn' });
    screen.leave();
    expect(guestTokens()).toBeUndefined();
    expect(screen.isGuest).toBe(false);
  });

  it('nobody on screen: no token, and asking for one is an error the UI can show', async () => {
    const { screen } = setup();
    expect(screen.tokens).toBeUndefined();
    await expect(screen.accessToken()).rejects.toMatchObject({ kind: 'auth', messageKey: 'notSignedIn', retryable: false });
    await expect(screen.renewAfterRejection('x')).rejects.toMatchObject({ messageKey: 'notSignedIn' });
  });

  it('stopping aborts what was asked and whatever is asked after', () => {
    const { screen } = setup();
    screen.putMember('b');
    const before = screen.signal;
    screen.stop();
    expect(before.aborted).toBe(true);
    expect(screen.signal.aborted).toBe(true);
  });
});

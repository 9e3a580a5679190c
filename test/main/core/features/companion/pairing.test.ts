/** Pairing offers: a one-time secret and a six-digit code, expiring together, burnt by guesses, limited per minute. */
import { describe, expect, it, vi } from 'vitest';
import { MAX_ATTEMPTS_PER_MINUTE, MAX_WRONG_CODES, OFFER_TTL_MS, createPairing, newPairingCode, newSecret } from '../../../../../main/core/features/companion/pairing';

function manualClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A code that is not `code`. */
const other = (code: string, n = 1): string => String((Number(code) + n) % 1_000_000).padStart(6, '0');

describe('pairing codes and secrets', () => {
  it('a code is six digits and a secret 256 random bits, new every time', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newPairingCode()));
    for (const code of codes) expect(code).toMatch(/^[0-9]{6}$/);
    expect(codes.size).toBeGreaterThan(190);
    const secret = newSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(newSecret()).not.toBe(secret);
  });

  it('the secret pairs once, for the member the offer was made for; the code of a used offer is spent too', () => {
    const ended = vi.fn();
    const pairing = createPairing({ clock: manualClock(), ended });
    const offer = pairing.offer('member-a');
    expect(pairing.redeem({ secret: offer.secret })).toEqual({ ok: true, memberKey: 'member-a' });
    expect(ended).toHaveBeenCalledWith('used');
    expect(pairing.current()).toBeUndefined();
    expect(pairing.redeem({ secret: offer.secret })).toEqual({ ok: false, reason: 'used' });
    expect(pairing.redeem({ code: offer.code })).toEqual({ ok: false, reason: 'used' });
  });

  it('the code pairs once too', () => {
    const pairing = createPairing({ clock: manualClock() });
    const offer = pairing.offer('member-b');
    expect(pairing.redeem({ code: offer.code })).toEqual({ ok: true, memberKey: 'member-b' });
    expect(pairing.redeem({ code: offer.code })).toEqual({ ok: false, reason: 'used' });
    expect(pairing.redeem({ secret: offer.secret })).toEqual({ ok: false, reason: 'used' });
  });

  it('both stop working when the offer expires', () => {
    const clock = manualClock();
    const pairing = createPairing({ clock });
    const offer = pairing.offer('member-a');
    expect(offer.expiresAt).toBe(clock.now() + OFFER_TTL_MS);
    clock.advance(OFFER_TTL_MS);
    expect(pairing.current()).toBeUndefined();
    expect(pairing.redeem({ secret: offer.secret })).toEqual({ ok: false, reason: 'expired' });
    expect(pairing.redeem({ code: offer.code })).toEqual({ ok: false, reason: 'expired' });
  });

  it(`a code is burnt after ${MAX_WRONG_CODES} wrong guesses: the right one then gets nothing`, () => {
    const ended = vi.fn();
    const pairing = createPairing({ clock: manualClock(), ended });
    const offer = pairing.offer('member-a');
    const answers = Array.from({ length: MAX_WRONG_CODES }, (_, i) => pairing.redeem({ code: other(offer.code, i + 1) }));
    expect(answers.slice(0, -1).every((a) => !a.ok && a.reason === 'wrong')).toBe(true);
    expect(answers.at(-1)).toEqual({ ok: false, reason: 'burnt' });
    expect(ended).toHaveBeenCalledWith('burnt');
    expect(pairing.redeem({ code: offer.code })).toEqual({ ok: false, reason: 'expired' });
    expect(pairing.redeem({ secret: offer.secret })).toEqual({ ok: false, reason: 'expired' });
  });

  it('wrong secrets do not burn the code, but count against the minute', () => {
    const clock = manualClock();
    const pairing = createPairing({ clock });
    const offer = pairing.offer('member-a');
    for (let i = 0; i < MAX_ATTEMPTS_PER_MINUTE - 1; i += 1) expect(pairing.redeem({ secret: newSecret() })).toEqual({ ok: false, reason: 'wrong' });
    expect(pairing.redeem({ code: offer.code })).toEqual({ ok: true, memberKey: 'member-a' });
    const next = pairing.offer('member-a');
    expect(pairing.redeem({ code: next.code })).toMatchObject({ ok: false, reason: 'rate-limited' });
  });

  it(`at most ${MAX_ATTEMPTS_PER_MINUTE} attempts a minute, whoever makes them; then the right code waits too`, () => {
    const clock = manualClock();
    const pairing = createPairing({ clock });
    pairing.offer('member-a');
    for (let i = 0; i < MAX_ATTEMPTS_PER_MINUTE; i += 1) pairing.redeem({ secret: newSecret() });
    const offer = pairing.offer('member-a');
    const refused = pairing.redeem({ code: offer.code });
    expect(refused).toMatchObject({ ok: false, reason: 'rate-limited' });
    expect(refused.ok ? 0 : refused.retryAfterMs).toBeGreaterThan(59_000);
    clock.advance(30_000);
    expect(pairing.redeem({ secret: offer.secret })).toMatchObject({ ok: false, reason: 'rate-limited' });
    clock.advance(30_001);
    expect(pairing.redeem({ secret: offer.secret })).toEqual({ ok: true, memberKey: 'member-a' });
  });

  it('a new offer replaces the last; a cancelled offer pairs nobody', () => {
    const pairing = createPairing({ clock: manualClock() });
    const first = pairing.offer('member-a');
    const second = pairing.offer('member-b');
    expect(pairing.redeem({ secret: first.secret })).toEqual({ ok: false, reason: 'wrong' });
    pairing.cancel();
    expect(pairing.redeem({ secret: second.secret })).toEqual({ ok: false, reason: 'expired' });
  });
});

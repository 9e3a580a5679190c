import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIFETIME_MS,
  expiresAtFrom,
  lifetimeFromExpiresIn,
  MAX_LIFETIME_MS,
  MIN_LIFETIME_MS,
  refreshAtFor,
} from '../../../../main/core/auth/expiry';
import { tokenSetFrom } from '../../../../main/core/auth/tokens';
import { TokenResponseSchema } from '../../../../shared/service/auth';

const NOW = new Date('2026-11-22T10:00:00Z').getTime();

describe('token expiry', () => {
  it('turns a relative expires_in into an absolute epoch-ms time', () => {
    expect(expiresAtFrom(3600, NOW)).toBe(NOW + 3_600_000);
    expect(expiresAtFrom(2592000, NOW)).toBe(NOW + 2_592_000_000);
  });

  it('clamps the 64-bit maximum (which JSON turns into 9223372036854776000) to the longest sane lifetime', () => {
    const parsed = TokenResponseSchema.parse(JSON.parse('{"access_token":"a","token_type":"Bearer","expires_in":9223372036854775807}'));
    expect(parsed.expires_in).toBe(9223372036854776000);
    expect(expiresAtFrom(parsed.expires_in, NOW)).toBe(NOW + MAX_LIFETIME_MS);
    expect(expiresAtFrom('9223372036854775807', NOW)).toBe(NOW + MAX_LIFETIME_MS);
  });

  it('reads a value that looks like a Unix time near now as an absolute time', () => {
    expect(expiresAtFrom(NOW / 1000 + 7200, NOW)).toBe(NOW + 7_200_000);
    // 1790000000 s (2026-09-21) is in the past at NOW: the shortest lifetime, not 56 years.
    expect(expiresAtFrom(1790000000, NOW)).toBe(NOW + MIN_LIFETIME_MS);
  });

  it('never yields NaN or less than the minimum: negative, zero, strings, garbage', () => {
    expect(lifetimeFromExpiresIn(-5, NOW)).toBe(MIN_LIFETIME_MS);
    expect(lifetimeFromExpiresIn(0, NOW)).toBe(MIN_LIFETIME_MS);
    expect(lifetimeFromExpiresIn('3600', NOW)).toBe(3_600_000);
    expect(lifetimeFromExpiresIn(' 120 ', NOW)).toBe(120_000);
    expect(lifetimeFromExpiresIn('soon', NOW)).toBe(DEFAULT_LIFETIME_MS);
    expect(lifetimeFromExpiresIn(Number.NaN, NOW)).toBe(DEFAULT_LIFETIME_MS);
    expect(lifetimeFromExpiresIn(Number.POSITIVE_INFINITY, NOW)).toBe(DEFAULT_LIFETIME_MS);
    expect(lifetimeFromExpiresIn(undefined, NOW)).toBe(DEFAULT_LIFETIME_MS);
    expect(lifetimeFromExpiresIn(null, NOW)).toBe(DEFAULT_LIFETIME_MS);
  });

  it('refreshes 5 minutes before expiry, or at 80% of a short lifetime', () => {
    expect(refreshAtFor(NOW, NOW + 3_600_000)).toBe(NOW + 3_300_000);
    expect(refreshAtFor(NOW, NOW + 60_000)).toBe(NOW + 48_000);
    expect(refreshAtFor(NOW, NOW + 600_000)).toBe(NOW + 480_000);
  });

  it('never schedules a refresh sooner than 48 s after issue, whatever is stored', () => {
    expect(refreshAtFor(NOW, NOW - 1_000)).toBe(NOW + 48_000);
    expect(refreshAtFor(NOW, Number.NaN)).toBeGreaterThan(NOW);
  });

  it('keeps the previous refresh token when a refresh answer has none, and normalises the bearer type', () => {
    const set = tokenSetFrom({ access_token: 'a2', token_type: 'bearer', expires_in: 60 }, NOW, 'r1');
    expect(set).toEqual({ accessToken: 'a2', tokenType: 'Bearer', refreshToken: 'r1', issuedAt: NOW, expiresAt: NOW + 60_000 });
    expect(tokenSetFrom({ access_token: 'g', token_type: 'Bearer', expires_in: 60 }, NOW)).not.toHaveProperty('refreshToken');
  });
});

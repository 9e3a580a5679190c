/**
 * Whatever `expires_in` a token answer carries (missing, null, negative, fractional, a numeric string, 2^63−1, a Unix
 * time), the device flow signs in and refreshes keep the member, each on expiry.ts's lifetime policy, never in a storm.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthSession } from '../../../../main/core/auth/session';
import { systemClock } from '../../../../main/core/timers';
import { TokenVault } from '../../../../main/core/vault/tokenVault';
import { fakeCipher, fakeFetch, fakeQr, json, memoryLogger, MemoryStore, text, type Reply } from '../support/fakes';

const AUTH = 'https://auth.tunewall.test';
const T0 = new Date('2026-11-22T10:00:00Z').getTime();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Case {
  name: string;
  /** The `expires_in` member as written in the JSON text; undefined leaves it out. */
  raw: string | undefined;
  /** The lifetime expiry.ts's policy gives it, received at the moment `at`. */
  lifetime: (at: number) => number;
}

const CASES: Case[] = [
  { name: 'missing', raw: undefined, lifetime: () => HOUR },
  { name: 'null', raw: 'null', lifetime: () => HOUR },
  { name: 'negative', raw: '-30', lifetime: () => 60_000 },
  { name: 'fractional', raw: '1799.5', lifetime: () => 1_799_500 },
  { name: 'a numeric string', raw: '"1800"', lifetime: () => 1_800_000 },
  { name: 'a fractional numeric string', raw: '"1800.25"', lifetime: () => 1_800_250 },
  { name: 'huge (2^63−1)', raw: '9223372036854775807', lifetime: () => 31 * DAY },
  { name: 'huge, as a string', raw: '"9223372036854775807"', lifetime: () => 31 * DAY },
  // A Unix time two hours after T0: it names the moment, so the lifetime is what is left of it.
  { name: 'a Unix timestamp', raw: String((T0 + 2 * HOUR) / 1000), lifetime: (at) => T0 + 2 * HOUR - at },
  { name: 'a word', raw: '"soon"', lifetime: () => HOUR },
  { name: 'a boolean', raw: 'true', lifetime: () => HOUR },
];

function tokenJson(access: string, refresh: string, raw: string | undefined): string {
  const expires = raw === undefined ? '' : `,"expires_in":${raw}`;
  return `{"access_token":"${access}","refresh_token":"${refresh}","token_type":"Bearer"${expires}}`;
}

/** A token service that rotates strictly: a refresh token works once; a spent one is invalid_grant. */
function rotatingService(raw: string | undefined) {
  let current = 'rt-0';
  let n = 0;
  let approved = false;
  const f = fakeFetch((r): Reply => {
    if (r.path === '/oauth2/device/code') {
      return text(
        200,
        `{"device_code":"dc","user_code":"UC","interval":5,"verification_url":"${AUTH}/device"${raw === undefined ? '' : `,"expires_in":${raw}`}}`,
      );
    }
    const grant = r.form.get('grant_type');
    if (grant === 'refresh_token') {
      if (r.form.get('refresh_token') !== current) return json(400, { error: 'invalid_grant' });
      n += 1;
      current = `rt-${n}`;
      return text(200, tokenJson(`at-${n}`, current, raw));
    }
    if (!approved) return json(400, { error: 'authorization_pending' });
    approved = false;
    return text(200, tokenJson('at-0', current, raw));
  });
  return {
    f,
    approve: () => (approved = true),
    refreshes: () => f.to('/oauth2/token').filter((q) => q.form.get('grant_type') === 'refresh_token').length,
  };
}

function session(service: ReturnType<typeof rotatingService>) {
  const vault = new TokenVault({ store: new MemoryStore(), cipher: fakeCipher(), policy: 'os-keyring', logger: memoryLogger() });
  return new AuthSession({
    fetch: service.f.fetch,
    clock: systemClock,
    logger: memoryLogger(),
    service: { authUrl: AUTH, clientId: 'tw-app', clientSecret: 'tw-secret', dialect: 'documented' },
    vault,
    qrMatrix: fakeQr,
    guestMode: false,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe.each(CASES)('expires_in $name', ({ raw, lifetime }) => {
  it('the device flow signs in, with the policy lifetime; later refreshes keep the member, never in a storm', async () => {
    const service = rotatingService(raw);
    const s = session(service);
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    // The code itself carried the same expires_in: it is shown and polled, whatever its value.
    expect(s.state).toMatchObject({ status: 'pairing', code: { userCode: 'UC' } });
    service.approve();
    await vi.advanceTimersByTimeAsync(5_000);
    const pairedAt = T0 + 5_000;
    expect(s.state).toMatchObject({ status: 'signed-in', mode: 'member' });
    expect(s.tokenValidUntil).toBe(pairedAt + lifetime(pairedAt));

    // Three hours on: the member is still signed in, with a token still valid, after at most one refresh per 48 s.
    const elapsed = 3 * HOUR;
    await vi.advanceTimersByTimeAsync(elapsed);
    expect(s.state).toMatchObject({ status: 'signed-in', mode: 'member' });
    expect(s.tokenValidUntil).toBeGreaterThan(Date.now());
    expect(service.refreshes()).toBeLessThanOrEqual(Math.ceil(elapsed / 48_000));
    if (lifetime(pairedAt) < 2 * HOUR) expect(service.refreshes()).toBeGreaterThan(0);
    s.dispose();
  });
});

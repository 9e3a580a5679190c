/** The paired phones: kept across restarts as digests, a name from the browser, removed for good. */
import { describe, expect, it } from 'vitest';
import { MAX_PHONES, createPhones, phoneName } from '../../../../../main/core/features/companion/phones';
import { MemoryStore, memoryLogger } from '../../support/fakes';

function manualClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('paired phones', () => {
  it('a credential opens its phone after a restart; the store holds its digest, never the credential', () => {
    const store = new MemoryStore();
    const clock = manualClock();
    const first = createPhones({ store, clock, logger: memoryLogger() });
    const { credential, phone } = first.add('member-a', 'Safari on iPhone');
    expect(credential).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(store.dump()).not.toContain(credential);
    const again = createPhones({ store, clock, logger: memoryLogger() });
    expect(again.authenticate(credential)).toEqual(phone);
    expect(again.authenticate(`${credential.slice(0, -1)}x`)).toBeUndefined();
  });

  it('last seen moves when the phone speaks, at most once a minute in the store', () => {
    const store = new MemoryStore();
    const clock = manualClock();
    const phones = createPhones({ store, clock, logger: memoryLogger() });
    const { credential, phone } = phones.add('member-a', 'Chrome on Android');
    clock.advance(30_000);
    expect(phones.authenticate(credential)?.lastSeen).toBe(phone.lastSeen);
    clock.advance(40_000);
    expect(phones.authenticate(credential)?.lastSeen).toBe(phone.pairedAt + 70_000);
  });

  it('a removed phone stays removed after a restart; signing a member out removes their phones only', () => {
    const store = new MemoryStore();
    const clock = manualClock();
    const phones = createPhones({ store, clock, logger: memoryLogger() });
    const a1 = phones.add('member-a', 'A');
    const a2 = phones.add('member-a', 'B');
    const b = phones.add('member-b', 'C');
    expect(phones.remove(a1.phone.id)).toEqual(a1.phone);
    expect(createPhones({ store, clock, logger: memoryLogger() }).authenticate(a1.credential)).toBeUndefined();
    expect(phones.removeOf('member-a')).toEqual([a2.phone]);
    expect(phones.list()).toEqual([b.phone]);
  });

  it(`keeps ${MAX_PHONES} phones at most, forgetting the one that spoke least recently`, () => {
    const clock = manualClock();
    const phones = createPhones({ store: new MemoryStore(), clock, logger: memoryLogger() });
    const first = phones.add('member-a', 'first');
    for (let i = 1; i < MAX_PHONES; i += 1) {
      clock.advance(1000);
      phones.add('member-a', `phone ${i}`);
    }
    clock.advance(1000);
    phones.add('member-a', 'one more');
    expect(phones.list()).toHaveLength(MAX_PHONES);
    expect(phones.authenticate(first.credential)).toBeUndefined();
  });

  it('an unreadable store is dropped, not trusted', () => {
    const store = new MemoryStore();
    store.set('companion.phones', [{ id: 'x', memberKey: 'm', name: 'n', pairedAt: 1, lastSeen: 1, hash: 'not a digest' }]);
    const logger = memoryLogger();
    expect(createPhones({ store, clock: manualClock(), logger }).list()).toEqual([]);
    expect(logger.lines).toEqual([expect.objectContaining({ level: 'warn', fields: { key: 'companion.phones' } })]);
  });
});

describe('a phone’s name', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 'Safari on iPhone'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36', 'Samsung Internet on Android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1', 'Chrome on iPhone'],
    ['Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0', 'Firefox on Android'],
    ['curl/8.5.0', 'A phone'],
  ])('%s → %s', (ua, name) => {
    expect(phoneName(ua)).toBe(name);
  });
  it('no User-Agent: a phone', () => expect(phoneName(undefined)).toBe('A phone'));
});

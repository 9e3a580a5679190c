/** The companion's guards: the TV's own addresses with its port, the same origin, no cross-site sender. */
import { describe, expect, it } from 'vitest';
import { hostOf, lanAddress, reachableAddresses, refusalOf } from '../../../../../main/core/features/companion/guards';

const ALLOWED = new Set(['192.168.1.20:47615', '[fe80::1c2b:3aff:fe4d:5e6f]:47615', '127.0.0.1:47615']);
const ok = { host: '192.168.1.20:47615', origin: undefined, fetchSite: undefined };

describe('the Host, Origin and Sec-Fetch-Site guard', () => {
  it('lets the TV’s own address with the port through, with or without the same origin', () => {
    expect(refusalOf(ok, ALLOWED)).toBeUndefined();
    expect(refusalOf({ ...ok, origin: 'http://192.168.1.20:47615', fetchSite: 'same-origin' }, ALLOWED)).toBeUndefined();
    expect(refusalOf({ ...ok, fetchSite: 'none' }, ALLOWED)).toBeUndefined();
    expect(refusalOf({ host: '[FE80::1C2B:3AFF:FE4D:5E6F]:47615', origin: undefined, fetchSite: undefined }, ALLOWED)).toBeUndefined();
  });

  it('refuses a name resolving to the TV (DNS rebinding), another port, no Host at all', () => {
    for (const host of ['evil.example:47615', 'tv.local:47615', '192.168.1.20', '192.168.1.20:80', '192.168.1.21:47615', 'localhost:47615', undefined]) {
      expect(refusalOf({ ...ok, host }, ALLOWED), String(host)).toBe('wrong host');
    }
  });

  it('refuses a foreign origin, and one that only looks alike', () => {
    for (const origin of ['http://evil.example', 'https://192.168.1.20:47615', 'http://192.168.1.20:47616', 'null', 'http://192.168.1.20:47615.evil.example']) {
      expect(refusalOf({ ...ok, origin }, ALLOWED), origin).toBe('foreign origin');
    }
  });

  it('refuses what a browser says another site sent', () => {
    expect(refusalOf({ ...ok, fetchSite: 'cross-site' }, ALLOWED)).toBe('cross-site request');
    expect(refusalOf({ ...ok, fetchSite: 'same-site' }, ALLOWED)).toBe('cross-site request');
  });
});

describe('the TV’s addresses', () => {
  const own = ['127.0.0.1', '192.168.1.20', '::1', 'fe80::1c2b:3aff:fe4d:5e6f', '10.0.0.5'];

  it('a wildcard reaches every address of its family; a bound address only itself', () => {
    expect(reachableAddresses('0.0.0.0', own)).toEqual(['127.0.0.1', '192.168.1.20', '10.0.0.5']);
    expect(reachableAddresses('::', own)).toEqual(own);
    expect(reachableAddresses('192.168.1.20', own)).toEqual(['192.168.1.20']);
  });

  it('the QR code names a LAN address, IPv4 first, loopback only when nothing else is there', () => {
    expect(lanAddress(own)).toBe('192.168.1.20');
    expect(lanAddress(['::1', 'fe80::1', '2001:db8::5'])).toBe('2001:db8::5');
    expect(lanAddress(['127.0.0.1'])).toBe('127.0.0.1');
  });

  it('an IPv6 address is written in brackets with the port', () => {
    expect(hostOf('2001:db8::5', 47615)).toBe('[2001:db8::5]:47615');
    expect(hostOf('192.168.1.20', 47615)).toBe('192.168.1.20:47615');
  });
});

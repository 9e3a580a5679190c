/**
 * Pairing the phone: the QR code's secret from the fragment (out of the address bar before the request is made), a
 * credential kept from before, the typed code, and every refusal in words that say what to do.
 */
import { describe, expect, it, vi } from 'vitest';
import { createPhoneApi } from '../../../renderer/phone/src/api/client';
import { storedCredentials } from '../../../renderer/phone/src/api/credentials';
import { pairOnLoad, pairWithCode, secretOf } from '../../../renderer/phone/src/api/pairing';
import { CREDENTIAL, SECRET, fakeTv, json, memoryCredentials, type Route } from './support';

const PAIRED = { credential: CREDENTIAL, phone: { id: 'p1', memberKey: 'member-a', name: 'Safari on iPhone', pairedAt: 1, lastSeen: 1 } };

describe('on load', () => {
  it('pairs with the fragment’s secret, having taken it out of the address bar first, and keeps the credential', async () => {
    const order: string[] = [];
    const tv = fakeTv({ 'POST /api/pair': () => (order.push('request'), json(200, PAIRED)) });
    const credentials = memoryCredentials();
    const history = { replaceState: vi.fn(() => void order.push('replaceState')) };
    const state = await pairOnLoad({ location: { hash: `#s=${SECRET}`, pathname: '/', search: '' }, history }, createPhoneApi({ fetch: tv.fetch, credentials, unpaired: vi.fn() }), credentials);
    expect(state).toEqual({ paired: true });
    expect(order).toEqual(['replaceState', 'request']);
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/');
    expect(tv.sent).toEqual([expect.objectContaining({ method: 'POST', path: '/api/pair', body: { secret: SECRET } })]);
    expect(tv.sent[0]?.headers.authorization).toBeUndefined();
    expect(credentials.value).toBe(CREDENTIAL);
  });

  it('a new QR code wins over a credential kept from before', async () => {
    const older = 'o'.repeat(43);
    const tv = fakeTv({ 'POST /api/pair': () => json(200, PAIRED) });
    const credentials = memoryCredentials(older);
    const history = { replaceState: vi.fn() };
    await pairOnLoad({ location: { hash: `#s=${SECRET}`, pathname: '/', search: '?x=1' }, history }, createPhoneApi({ fetch: tv.fetch, credentials, unpaired: vi.fn() }), credentials);
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/?x=1');
    expect(tv.sent[0]?.headers.authorization).toBeUndefined();
    expect(credentials.value).toBe(CREDENTIAL);
  });

  it('with a kept credential and no fragment: paired, without asking the TV anything yet', async () => {
    const tv = fakeTv({});
    const credentials = memoryCredentials(CREDENTIAL);
    const state = await pairOnLoad({ location: { hash: '', pathname: '/', search: '' }, history: { replaceState: vi.fn() } }, createPhoneApi({ fetch: tv.fetch, credentials, unpaired: vi.fn() }), credentials);
    expect(state).toEqual({ paired: true });
    expect(tv.sent).toEqual([]);
  });

  it('with neither: the code form, no refusal; a fragment that holds no secret is still taken away, and nothing sent', async () => {
    const tv = fakeTv({});
    const credentials = memoryCredentials();
    const history = { replaceState: vi.fn() };
    expect(await pairOnLoad({ location: { hash: '', pathname: '/', search: '' }, history }, createPhoneApi({ fetch: tv.fetch, credentials, unpaired: vi.fn() }), credentials)).toEqual({ paired: false, refusal: undefined });
    expect(history.replaceState).not.toHaveBeenCalled();
    expect(await pairOnLoad({ location: { hash: '#s=short', pathname: '/', search: '' }, history }, createPhoneApi({ fetch: tv.fetch, credentials, unpaired: vi.fn() }), credentials)).toEqual({ paired: false, refusal: undefined });
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/');
    expect(tv.sent).toEqual([]);
  });

  it('after the TV dropped this phone, a reload still says why, until the phone pairs again (kept in the page storage)', async () => {
    const items = new Map<string, string>();
    const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
    const tv = fakeTv({ 'GET /api/home': () => json(401, { error: 'unknown credential' }), 'POST /api/pair': () => json(200, PAIRED) });
    const load = (hash: string) => {
      const credentials = storedCredentials(storage);
      return pairOnLoad({ location: { hash, pathname: '/', search: '' }, history: { replaceState: vi.fn() } }, createPhoneApi({ fetch: tv.fetch, credentials, unpaired: vi.fn() }), credentials);
    };
    storedCredentials(storage).set(CREDENTIAL);
    expect(await load('')).toEqual({ paired: true });
    // The TV answers 401 to the first call: the credential goes.
    const credentials = storedCredentials(storage);
    const unpaired = vi.fn();
    expect(await createPhoneApi({ fetch: tv.fetch, credentials, unpaired }).home()).toEqual({ ok: false, problem: { kind: 'unpaired' } });
    expect(unpaired).toHaveBeenCalledOnce();
    expect(credentials.get()).toBeUndefined();
    // The reload: the pairing form, saying this phone is no longer connected.
    expect(await load('')).toEqual({ paired: false, refusal: { key: 'disconnected' } });
    expect(await load('')).toEqual({ paired: false, refusal: { key: 'disconnected' } });
    // Paired again from a new QR code: the reason is gone with the new credential.
    expect(await load(`#s=${SECRET}`)).toEqual({ paired: true });
    expect(storedCredentials(storage).dropped()).toBe(false);
    expect(await load('')).toEqual({ paired: true });
  });

  it('a QR code the TV replaced since is said as such, and nothing is kept', async () => {
    const tv = fakeTv({ 'POST /api/pair': () => json(401, { error: 'pairing refused: wrong' }) });
    const credentials = memoryCredentials();
    const state = await pairOnLoad({ location: { hash: `#s=${SECRET}`, pathname: '/', search: '' }, history: { replaceState: vi.fn() } }, createPhoneApi({ fetch: tv.fetch, credentials, unpaired: vi.fn() }), credentials);
    expect(state).toEqual({ paired: false, refusal: { key: 'qrWrong' } });
    expect(credentials.value).toBeUndefined();
  });
});

describe('the typed code', () => {
  async function typed(code: string, answer: Route | undefined) {
    const tv = fakeTv(answer === undefined ? {} : { 'POST /api/pair': answer });
    const credentials = memoryCredentials();
    const state = await pairWithCode(code, createPhoneApi({ fetch: tv.fetch, credentials, unpaired: vi.fn() }), credentials);
    return { state, tv, credentials };
  }

  it('sends the six digits as the TV takes them: spaces and dashes left out, full-width digits read as digits', async () => {
    for (const code of ['04 29 17', '042-917', '０４２９１７']) {
      const { state, tv, credentials } = await typed(code, () => json(200, PAIRED));
      expect(state, code).toEqual({ paired: true });
      expect(tv.sent[0]?.body, code).toEqual({ code: '042917' });
      expect(credentials.value).toBe(CREDENTIAL);
    }
  });

  it('asks for six digits without asking the TV when fewer or other characters were typed', async () => {
    for (const code of ['', '12345', '1234567', 'abcdef']) {
      const { state, tv } = await typed(code, () => json(200, PAIRED));
      expect(state, code).toEqual({ paired: false, refusal: { key: 'invalid' } });
      expect(tv.sent).toEqual([]);
    }
  });

  it('reads each refusal from the TV’s `error` words: wrong, burnt, expired, used, too many (with Retry-After), offline', async () => {
    const cases: Array<[Route, unknown]> = [
      [() => json(401, { error: 'pairing refused: wrong' }), { key: 'wrong' }],
      [() => json(401, { error: 'pairing refused: burnt' }), { key: 'burnt' }],
      [() => json(410, { error: 'pairing refused: expired' }), { key: 'expired' }],
      [() => json(410, { error: 'pairing refused: used' }), { key: 'expired' }],
      [() => json(429, { error: 'too many pairing attempts' }, { 'retry-after': '42' }), { key: 'tooMany', seconds: 42 }],
      [() => json(403, { error: 'wrong host' }), { key: 'failed', reason: 'wrong host' }],
      [() => json(500, { error: 'internal error' }), { key: 'failed', reason: 'internal error' }],
      [() => Promise.reject(new TypeError('Failed to fetch')), { key: 'unreachable' }],
    ];
    for (const [answer, refusal] of cases) {
      const { state, credentials } = await typed('042917', answer);
      expect(state).toEqual({ paired: false, refusal });
      expect(credentials.value).toBeUndefined();
    }
  });
});

describe('secretOf', () => {
  it('reads `s` from the fragment only when it is a secret’s shape', () => {
    expect(secretOf(`#s=${SECRET}`)).toBe(SECRET);
    expect(secretOf(`#x=1&s=${SECRET}`)).toBe(SECRET);
    expect(secretOf('#s=abc')).toBeUndefined();
    expect(secretOf(`#s=${SECRET}<`)).toBeUndefined();
    expect(secretOf('')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { CoreError } from '../../../../main/core/errors';
import { certainlyNotSent } from '../../../../main/core/net/delivery';

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });
const fetchFailed = (cause: unknown) => Object.assign(new TypeError('fetch failed'), { cause });
const wrapped = (cause: unknown) => new CoreError({ kind: 'network', message: 'offline', cause });

describe('certainlyNotSent', () => {
  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])(
    'is true for %s under fetch failed and a CoreError',
    (code) => {
      expect(certainlyNotSent(wrapped(fetchFailed(coded(code))))).toBe(true);
    },
  );

  it('is true for Chromium errors that come before sending, and false for those after', () => {
    expect(certainlyNotSent(wrapped(new Error('net::ERR_CONNECTION_REFUSED')))).toBe(true);
    expect(certainlyNotSent(wrapped(new Error('net::ERR_INTERNET_DISCONNECTED')))).toBe(true);
    expect(certainlyNotSent(wrapped(new Error('net::ERR_CONNECTION_RESET')))).toBe(false);
    expect(certainlyNotSent(wrapped(new Error('net::ERR_EMPTY_RESPONSE')))).toBe(false);
  });

  it.each(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_HEADERS_TIMEOUT'])('is false for %s: the request may have arrived', (code) => {
    expect(certainlyNotSent(wrapped(fetchFailed(coded(code))))).toBe(false);
  });

  it('needs every address of a name to have refused', () => {
    expect(certainlyNotSent(fetchFailed(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')])))).toBe(true);
    expect(certainlyNotSent(fetchFailed(new AggregateError([coded('ECONNREFUSED'), coded('ECONNRESET')])))).toBe(false);
  });

  it('is false for anything it does not know', () => {
    for (const value of [undefined, null, 'ECONNREFUSED', new TypeError('fetch failed'), { cause: { cause: {} } }]) {
      expect(certainlyNotSent(value)).toBe(false);
    }
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { CoreError } from '../../../../main/core/errors';
import { backoffDelay } from '../../../../main/core/net/backoff';
import { basicAuthorization, fetchText, parseTokenServiceResponse, postForm, type TextResponse } from '../../../../main/core/net/http';
import { parseRetryAfter } from '../../../../main/core/net/retryAfter';
import { TokenResponseSchema } from '../../../../shared/service/auth';
import { fakeFetch, json } from '../support/fakes';

const NOW = new Date('2026-11-22T10:00:00Z').getTime();

function answer(status: number, body: string, headers: Record<string, string> = {}): TextResponse {
  return { status, text: body, headers: new Headers(headers) };
}

function classify(response: TextResponse): CoreError | z.output<typeof TokenResponseSchema> {
  try {
    return parseTokenServiceResponse(response, TokenResponseSchema, NOW);
  } catch (error) {
    if (error instanceof CoreError) return error;
    throw error;
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Retry-After', () => {
  it('reads delta-seconds and HTTP dates, and nothing else', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(parseRetryAfter(new Date(NOW - 90_000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('-5', NOW)).toBeUndefined();
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
  });
});

describe('backoff', () => {
  const policy = { initialMs: 1_000, maxMs: 30_000, random: () => 1 };
  it('doubles up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 60].map((n) => backoffDelay(n, policy))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });
  it('jitters within [half, full] of the step', () => {
    expect(backoffDelay(3, { ...policy, random: () => 0 })).toBe(4_000);
    expect(backoffDelay(3, { ...policy, random: () => 0.5 })).toBe(6_000);
  });
  it('honours Retry-After, cut to a sane maximum', () => {
    expect(backoffDelay(0, policy, 45_000)).toBe(45_000);
    expect(backoffDelay(0, { ...policy, maxRetryAfterMs: 60_000 }, 86_400_000)).toBe(60_000);
  });
});

describe('token service answers', () => {
  it('parses a token answer and tolerates unknown fields', () => {
    expect(classify(answer(200, JSON.stringify({ access_token: 'a', token_type: 'Bearer', expires_in: 60, scope: 'x' })))).toMatchObject({
      access_token: 'a',
    });
  });

  it('dispatches on the JSON error field whatever the status', () => {
    for (const status of [200, 400, 401, 403, 500]) {
      expect(classify(answer(status, '{"error":"authorization_pending","hint":"x"}'))).toMatchObject({
        kind: 'oauth',
        oauthError: 'authorization_pending',
        retryable: false,
      });
    }
    expect(classify(answer(400, '{"error":"invalid_client"}'))).toMatchObject({ kind: 'oauth', oauthError: 'invalid_client' });
  });

  it('treats the service’s own trouble as retryable, with Retry-After', () => {
    expect(classify(answer(500, '{"error":"server_error"}'))).toMatchObject({ kind: 'server', retryable: true });
    expect(classify(answer(503, '{"error":"temporarily_unavailable"}', { 'Retry-After': '9' }))).toMatchObject({
      kind: 'unavailable',
      retryAfterMs: 9_000,
      retryable: true,
    });
    expect(classify(answer(503, 'busy', { 'Retry-After': '4' }))).toMatchObject({ kind: 'unavailable', retryAfterMs: 4_000 });
    expect(classify(answer(429, ''))).toMatchObject({ kind: 'unavailable' });
    expect(classify(answer(502, '<html>bad gateway</html>'))).toMatchObject({ kind: 'server', retryable: true });
    expect(classify(answer(500, '{"error":{"message":"Internal Server Error","code":0}}'))).toMatchObject({ kind: 'server' });
  });

  it('a 2xx that is not the documented shape is an invalid response worth retrying', () => {
    expect(classify(answer(200, 'not json'))).toMatchObject({ kind: 'invalid-response', retryable: true });
    expect(classify(answer(200, '{"token":"x"}'))).toMatchObject({ kind: 'invalid-response', retryable: true });
  });

  it('a 4xx that says nothing is an invalid response not worth retrying', () => {
    expect(classify(answer(404, 'not found'))).toMatchObject({ kind: 'invalid-response', retryable: false });
  });
});

describe('requests', () => {
  it('posts a form with Basic client auth', async () => {
    const f = fakeFetch(() => json(200, {}));
    await postForm(f.fetch, 'https://auth.tunewall.test/oauth2/token', { grant_type: 'client_credentials', client_id: 'id' }, {
      client: { clientId: 'id', clientSecret: 'secret' },
    });
    const [request] = f.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(request?.headers.get('authorization')).toBe(basicAuthorization('id', 'secret'));
    expect(Buffer.from((request?.headers.get('authorization') ?? '').slice(6), 'base64').toString()).toBe('id:secret');
    expect(request?.form.get('grant_type')).toBe('client_credentials');
  });

  it('times out a request that never answers, leaving no timer', async () => {
    vi.useFakeTimers();
    const f = fakeFetch(() => 'hang');
    const result = fetchText(f.fetch, 'https://api.tunewall.test/x', {}, { timeoutMs: 5_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await result).toMatchObject({ kind: 'timeout', retryable: true });
    expect(f.pending()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cancels on the caller’s signal, reported as cancelled rather than a network error', async () => {
    vi.useFakeTimers();
    const f = fakeFetch(() => 'hang');
    const controller = new AbortController();
    const result = fetchText(f.fetch, 'https://api.tunewall.test/x', {}, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await result).toMatchObject({ kind: 'cancelled' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a refused connection is a retryable network error', async () => {
    const f = fakeFetch(() => 'network-error');
    await expect(fetchText(f.fetch, 'https://api.tunewall.test/x', {})).rejects.toMatchObject({ kind: 'network', retryable: true });
  });

  it('an already-aborted signal sends nothing', async () => {
    const f = fakeFetch(() => json(200, {}));
    await expect(fetchText(f.fetch, 'https://api.tunewall.test/x', {}, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      kind: 'cancelled',
    });
    expect(f.requests).toHaveLength(0);
  });
});

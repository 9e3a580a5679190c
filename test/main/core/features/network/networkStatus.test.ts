import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CatalogError } from '../../../../../main/core/catalog';
import { createNetworkStatus, type NetworkStatusDeps } from '../../../../../main/core/features/network/networkStatus';
import { memoryLogger } from '../../support/fakes';
import { manualClock } from '../support';

const networkDown = new CatalogError({ kind: 'network', messageKey: 'network', retryable: true });

function setup(answer: () => Promise<Response>, overrides: Partial<NetworkStatusDeps> = {}) {
  const clock = manualClock();
  const probes: string[] = [];
  const counts = { changed: 0, reconnected: 0 };
  const network = createNetworkStatus({
    fetch: async (url) => {
      probes.push(url);
      return answer();
    },
    apiUrl: 'https://api.example.test/v1.1',
    territory: () => 'HK',
    clock,
    logger: memoryLogger(),
    changed: () => (counts.changed += 1),
    reconnected: () => (counts.reconnected += 1),
    tokenValidUntil: () => undefined,
    sandbox: false,
    ...overrides,
  });
  return { network, probes, counts, clock };
}

describe('network status', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a failed request marks the service unreachable with a retry time, and a probe brings it back', async () => {
    let up = false;
    const { network, probes, counts, clock } = setup(async () => (up ? new Response('{}', { status: 401 }) : Promise.reject(new TypeError('fetch failed'))));
    const result = await network.guarded(() => Promise.reject(networkDown));
    expect(result).toMatchObject({ ok: false, error: { kind: 'network', retryable: true } });
    expect(network.view().online).toBe(false);
    expect(network.view().retryAt).toBeGreaterThan(clock.now());
    expect(counts.changed).toBe(1);

    // The first probe fails: a later retry is announced.
    const firstRetry = network.view().retryAt ?? 0;
    // The first probe comes within 2 s (1–2 s, jittered); the next one at least 2 s after it.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(probes).toHaveLength(1);
    expect(probes[0]).toBe('https://api.example.test/v1.1/charts?territory=HK&limit=1');
    expect(network.view().online).toBe(false);
    // Backoff: the second wait is at least as long as the first.
    expect(network.view().retryAt).toBeGreaterThanOrEqual(firstRetry);
    expect(counts.reconnected).toBe(0);

    up = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(network.view()).toEqual({ online: true, retryAt: undefined });
    expect(counts.reconnected).toBe(1);
  });

  it('a value from the cache does not count as the service answering', async () => {
    const { network } = setup(() => Promise.reject(new TypeError('fetch failed')));
    await network.guarded(() => Promise.reject(networkDown));
    const result = await network.guarded(async () => ({ fromCache: true }), (row) => !row.fromCache);
    expect(result.ok).toBe(true);
    expect(network.view().online).toBe(false);
    await network.guarded(async () => ({ fromCache: false }), (row) => !row.fromCache);
    expect(network.view().online).toBe(true);
  });

  it('a refusal that retrying cannot fix says nothing about the network', async () => {
    const { network, probes } = setup(() => Promise.reject(new TypeError('fetch failed')));
    const notFound = new CatalogError({ kind: 'not-found', messageKey: 'catalog.notFound', retryable: false });
    expect((await network.guarded(() => Promise.reject(notFound))).ok).toBe(false);
    expect(network.view().online).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes).toEqual([]);
  });

  it('arms no probe once disposed', async () => {
    const { network, probes } = setup(() => Promise.reject(new TypeError('fetch failed')));
    network.dispose();
    network.noteOutcome(networkDown);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes).toEqual([]);
  });

  it('follows the sign-in flow’s polling while pairing', () => {
    const { network } = setup(() => Promise.reject(new TypeError('fetch failed')));
    const code = { userCode: 'BCDF-GHJK', verificationUrl: 'u', shortVerificationUrl: undefined, qr: { size: 1, modules: '1' }, expiresAt: 0 };
    network.followPairing({ status: 'pairing', code, poll: 'retrying', retryAt: 1234, renewals: 0 });
    expect(network.view()).toEqual({ online: false, retryAt: 1234 });
    network.followPairing({ status: 'pairing', code, poll: 'waiting', retryAt: undefined, renewals: 0 });
    expect(network.view()).toEqual({ online: true, retryAt: undefined });
  });

  it('diagnostics probes now and says what it found, never more', async () => {
    const { network } = setup(async () => new Response('{}', { status: 200 }), { tokenValidUntil: () => Date.UTC(2030, 0, 1), sandbox: true });
    const d = await network.handlers.diagnostics();
    expect(d).toMatchObject({ serviceReachable: true, tokenValidUntil: '2030-01-01T00:00:00.000Z', apiOrigin: 'https://api.example.test', sandbox: true });
    expect(d.latencyMs).toBeGreaterThanOrEqual(0);
    const down = setup(async () => new Response('', { status: 503 }));
    expect(await down.network.handlers.diagnostics()).toMatchObject({ serviceReachable: false, latencyMs: undefined });
    expect(down.network.view().online).toBe(false);
  });

  it('with no service to probe, it is never reachable', async () => {
    const { network, probes } = setup(async () => new Response('{}'), { apiUrl: undefined });
    expect(await network.probe()).toBeUndefined();
    expect((await network.handlers.diagnostics()).apiOrigin).toBe('');
    expect(probes).toEqual([]);
  });
});

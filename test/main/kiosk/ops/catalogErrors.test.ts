/**
 * What tunewall_catalog_errors_total counts: catalog requests that failed. Settings' reachability check asks for a
 * chart without a token on purpose, and its 401 says the service answers: a head office alerting on the counter must
 * not be paged for each visit to Settings. A real catalog 401 still counts.
 */
import { describe, expect, it } from 'vitest';
import { createNetworkStatus } from '../../../../main/core/features/network/networkStatus';
import { createMetrics } from '../../../../main/kiosk/ops/metrics';
import { createOpsStatus, observedFetch } from '../../../../main/kiosk/ops/status';
import { memoryLogger } from '../../core/support/fakes';

const API = 'https://api.example.test/v1.1';

function shellWith401() {
  const status = createOpsStatus();
  // The service as it answers a request without a token.
  const fetch = observedFetch(status, async () => new Response('{"error":"invalid_token"}', { status: 401 }));
  const network = createNetworkStatus({
    fetch,
    apiUrl: API,
    territory: () => 'TW',
    clock: { now: () => Date.now(), monotonic: () => performance.now() },
    logger: memoryLogger(),
    changed: () => undefined,
    reconnected: () => undefined,
    tokenValidUntil: () => undefined,
    sandbox: false,
  });
  const metrics = createMetrics({ status, version: '0.1.0', restarts: 0, tokenValidUntil: async () => undefined });
  return { status, fetch, network, metrics };
}

const authErrors = (text: string): string | undefined => text.split('\n').find((line) => line.startsWith('tunewall_catalog_errors_total{kind="auth"}'));

describe('the catalog error counter', () => {
  it('does not count Settings\' reachability check, which the service answers with 401 by design', async () => {
    const { status, network, metrics } = shellWith401();
    for (let visit = 0; visit < 3; visit++) {
      const diagnostics = await network.handlers.diagnostics();
      expect(diagnostics.serviceReachable).toBe(true);
    }
    await network.check();
    expect(status.facts().catalogErrors.auth).toBe(0);
    expect(authErrors(await metrics.render())).toBe('tunewall_catalog_errors_total{kind="auth"} 0');
    metrics.stop();
    network.dispose();
  });

  it('still counts a catalog request the service refused', async () => {
    const { fetch, metrics, network } = shellWith401();
    await fetch(`${API}/charts?territory=TW`, { headers: { authorization: 'Bearer expired' } });
    expect(authErrors(await metrics.render())).toBe('tunewall_catalog_errors_total{kind="auth"} 1');
    metrics.stop();
    network.dispose();
  });
});

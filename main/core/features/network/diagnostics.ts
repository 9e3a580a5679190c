/** Settings' diagnostics: a probe now, and what the screen may know of the connection (never a token). */
import type { BridgeHandlers } from '../../../../shared/bridge';
import type { NetworkStatusDeps } from './networkStatus';

/** `check` probes now and takes the answer as the status. */
export function diagnosticsHandler(
  deps: Pick<NetworkStatusDeps, 'apiUrl' | 'tokenValidUntil' | 'signInRenews' | 'sandbox'>,
  check: () => Promise<number | undefined>,
): BridgeHandlers['diagnostics'] {
  return async () => {
    const latency = await check();
    const until = deps.tokenValidUntil();
    return {
      serviceReachable: latency !== undefined,
      latencyMs: latency === undefined ? undefined : Math.round(latency),
      tokenValidUntil: until === undefined ? undefined : new Date(until).toISOString(),
      signInRenews: deps.signInRenews?.(),
      apiOrigin: deps.apiUrl === undefined ? '' : new URL(deps.apiUrl).origin,
      sandbox: deps.sandbox,
    };
  };
}

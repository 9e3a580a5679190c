/** The network status's probe: one small catalog request that says whether the service answers, and how fast. */
import type { Territory } from '../../../../shared/territory';
import type { Clock, FetchLike } from '../../ports';

export interface ServiceProbeDeps {
  fetch: FetchLike;
  /** `{base_url}`; undefined when there is no service to probe. */
  apiUrl: string | undefined;
  territory: () => Territory;
  clock: Clock;
}

/** Milliseconds the service took to answer, or undefined when it did not (or answered with a 5xx). */
export async function probeService(deps: ServiceProbeDeps): Promise<number | undefined> {
  if (deps.apiUrl === undefined) return undefined;
  const started = deps.clock.monotonic();
  try {
    // Any answer (a 401 without a token included) means the service is reachable; a probe, not a catalog request.
    const response = await deps.fetch(`${deps.apiUrl.replace(/\/v1\.1\/?$/, '')}/v1.1/charts?territory=${deps.territory()}&limit=1`, {
      signal: AbortSignal.timeout(5000),
      purpose: 'probe',
    });
    await response.body?.cancel();
    return response.status >= 500 ? undefined : deps.clock.monotonic() - started;
  } catch {
    return undefined;
  }
}

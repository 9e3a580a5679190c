/**
 * Doubles for the feature tests: a real catalog client over a fake service (routes by path, every request recorded),
 * a network status that only records, and a clock the test moves.
 */
import { createCatalogClient, type CatalogClient } from '../../../../main/core/catalog';
import type { NetworkStatus } from '../../../../main/core/features/network/networkStatus';
import { toUiError } from '../../../../main/core/errors';
import type { Clock } from '../../../../main/core/ports';
import type { Result } from '../../../../shared/bridge';
import type { Territory } from '../../../../shared/territory';
import { API } from '../catalog/fixtures';
import { fakeFetch, json, type RecordedRequest } from '../catalog/fakeFetch';

export type Route = (request: RecordedRequest) => unknown;

/** The service's answer for an id it does not know. */
export const notFound = (): Response => json({ error: { message: 'Resource does not exist', code: 0 } }, 404);

export interface FakeService {
  catalog: CatalogClient;
  requests: RecordedRequest[];
  /** Paths (under /v1.1) requested so far, in order, with their query. */
  paths(): string[];
  territory: { value: Territory };
}

/**
 * A catalog whose answers come from `routes`, keyed by path under /v1.1 (e.g. '/charts/c1'). A route returns a
 * body (sent as JSON) or a Response. An unknown path answers 404 "Resource does not exist", as the service does.
 */
export function fakeService(routes: Record<string, Route | unknown>): FakeService {
  const territory = { value: 'TW' as Territory };
  const { fetch, requests } = fakeFetch(async (request) => {
    const path = request.url.pathname.replace(/^\/v1\.1/, '');
    if (!(path in routes)) return notFound();
    const route = routes[path];
    const body = typeof route === 'function' ? await (route as Route)(request) : route;
    return body instanceof Response ? body : json(body);
  });
  const catalog = createCatalogClient({ fetch, apiBase: API, territory: () => territory.value });
  return {
    catalog,
    requests,
    paths: () => requests.map((r) => `${r.method === 'GET' ? '' : `${r.method} `}${r.url.pathname.replace(/^\/v1\.1/, '')}${r.url.search}`),
    territory,
  };
}

/** A network status that answers like the real one but only records what it was told. */
export function recordingNetwork(): Pick<NetworkStatus, 'guarded' | 'markOnline' | 'noteOutcome'> & {
  onlineMarks: number;
  outcomes: unknown[];
} {
  const network = {
    onlineMarks: 0,
    outcomes: [] as unknown[],
    markOnline() {
      network.onlineMarks += 1;
    },
    noteOutcome(error: unknown) {
      network.outcomes.push(error);
    },
    async guarded<T>(work: () => Promise<T>, reachedService: (value: T) => boolean = () => true): Promise<Result<T>> {
      try {
        const value = await work();
        if (reachedService(value)) network.markOnline();
        return { ok: true, value };
      } catch (error) {
        network.noteOutcome(error);
        return { ok: false, error: toUiError(error) };
      }
    },
  };
  return network;
}

export function manualClock(start = Date.UTC(2026, 10, 20, 4)): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    monotonic: () => now,
    advance(ms) {
      now += ms;
    },
  };
}

export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

export function failed<T>(result: Result<T>) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}

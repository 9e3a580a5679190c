/**
 * The paging envelope: `offset` and `limit` from the query, capped per endpoint, and absolute `next`/`previous`
 * links on the sandbox's origin that carry the same path with limit, offset and (where relevant) territory.
 */
import type { Paged } from '../../shared/service/catalog';

export interface PageRequest {
  offset: number;
  limit: number;
}

const INT32_MAX = 2_147_483_647;

function parseInt32(value: string | undefined): number | 'absent' | 'invalid' {
  if (value === undefined || value === '') return 'absent';
  if (!/^\d{1,10}$/.test(value)) return 'invalid';
  const n = Number(value);
  return n > INT32_MAX ? 'invalid' : n;
}

/**
 * Reads `offset` and `limit`. A missing limit means the endpoint's maximum (so short lists such as /charts come whole);
 * a larger one is capped to it. Non-numeric, negative, zero or out-of-int32 values are refused (undefined).
 */
export function readPageRequest(query: (name: string) => string | undefined, cap: number): PageRequest | undefined {
  const offset = parseInt32(query('offset'));
  const limit = parseInt32(query('limit'));
  if (offset === 'invalid' || limit === 'invalid' || limit === 0) return undefined;
  return { offset: offset === 'absent' ? 0 : offset, limit: limit === 'absent' ? cap : Math.min(limit, cap) };
}

/** Builds the link of another page of the same list. */
export type PageLink = (offset: number, limit: number) => string;

export function pageLink(origin: string, path: string, extra: Record<string, string | undefined> = {}): PageLink {
  return (offset, limit) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(extra)) if (value !== undefined) params.set(key, value);
    params.set('offset', String(offset));
    params.set('limit', String(limit));
    return `${origin}${path}?${params.toString()}`;
  };
}

/** One page of `items`. `withTotal: false` leaves `summary` empty, as member collections and shared-playlist lists do. */
export function page<T, R>(
  items: readonly T[],
  req: PageRequest,
  link: PageLink,
  map: (item: T) => R,
  withTotal = true,
): Paged<R> {
  const { offset, limit } = req;
  const data = items.slice(offset, offset + limit).map(map);
  const end = offset + limit;
  return {
    data,
    paging: {
      offset,
      limit,
      previous: offset > 0 ? link(Math.max(0, Math.min(offset, items.length) - limit), limit) : null,
      next: end < items.length ? link(end, limit) : null,
    },
    summary: withTotal ? { total: items.length } : {},
  };
}

/**
 * How the catalog client asks: URLs under the versioned base path, every answer read through its schema, and paged
 * lists that remember where they came from so pages()/collectAll() can follow them. The endpoints are in client.ts.
 */
import { z } from 'zod';
import { PAGE_LIMITS, TrackPageSchema } from '../../../shared/service/catalog';
import type { Paged, Track } from '../../../shared/service/catalog';
import type { Territory } from '../../../shared/territory';
import type { CallOptions, CatalogClientOptions, PageOptions } from './client';
import { invalidResponseError } from './errors';
import { requestJson } from './http';
import { PAGE_SOURCE } from './paging';
import type { Page, PageSource } from './paging';

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_PAGES = 50;
const VERSION_SEGMENT = '/v1.1';

/** Splits `{base_url}` into the origin and the versioned base path. */
export function resolveApiBase(apiBase: string): { origin: string; basePath: string } {
  const url = new URL(apiBase);
  let path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith(VERSION_SEGMENT)) path += VERSION_SEGMENT;
  return { origin: url.origin, basePath: path };
}

export type Query = Record<string, string | number | undefined>;

/** A reader that trusts an answer only once `schema` has parsed it; otherwise an invalid-response CatalogError. */
export function parseWith<S extends z.ZodType>(schema: S, what: string): (json: unknown) => z.output<S> {
  return (json) => {
    const result = schema.safeParse(json);
    if (!result.success) throw invalidResponseError(`${what}: ${z.prettifyError(result.error)}`, result.error);
    return result.data;
  };
}

export const readTrackPage = parseWith(TrackPageSchema, 'track list');

function finite(n: number | undefined): number | undefined {
  return n !== undefined && Number.isFinite(n) ? n : undefined;
}

export interface CatalogRequests {
  origin: string;
  urlFor(path: string, query: Query): string;
  request(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<unknown>;
  get<T>(url: string, read: (json: unknown) => T, signal: AbortSignal | undefined): Promise<T>;
  /** Where the pages after a first one come from. */
  source<T>(path: string, maxLimit: number, read: (json: unknown) => Paged<T>): PageSource<T>;
  asPage<T>(paged: Paged<T>, src: PageSource<T>): Page<T>;
  /** `limit` (clamped to `maxLimit`) and `offset` as the service takes them. */
  pageQuery(maxLimit: number, o: PageOptions | undefined): Query;
  /** A paged list. `territory`: 'client' sends the client's, a value sends that, undefined sends none. */
  list<T>(
    path: string,
    read: (json: unknown) => Paged<T>,
    maxLimit: number,
    o: PageOptions | undefined,
    territory: Territory | 'client' | undefined,
  ): Promise<Page<T>>;
  /** One item, asked for in the client's territory. */
  detail<T>(path: string, read: (json: unknown) => T, o: CallOptions | undefined): Promise<T>;
  /** A detail whose nested track page continues under `tracksPath` (its own list), or under the detail itself. */
  detailWithTracks<D extends { tracks: Paged<Track> }>(
    path: string,
    tracksPath: string | undefined,
    read: (json: unknown) => D,
    o: CallOptions | undefined,
  ): Promise<D & { tracks: Page<Track> }>;
}

export function createCatalogRequests(options: CatalogClientOptions): CatalogRequests {
  const { origin, basePath } = resolveApiBase(options.apiBase);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxPages = Math.max(1, options.maxPages ?? DEFAULT_MAX_PAGES);
  const logger = options.logger;

  function urlFor(path: string, query: Query): string {
    const url = new URL(basePath + path, origin);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  function request(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<unknown> {
    return requestJson(options.fetch, url, init, signal, timeoutMs);
  }

  async function get<T>(url: string, read: (json: unknown) => T, signal: AbortSignal | undefined): Promise<T> {
    return read(await request(url, { method: 'GET' }, signal));
  }

  function source<T>(path: string, maxLimit: number, read: (json: unknown) => Paged<T>): PageSource<T> {
    const src: PageSource<T> = {
      origin,
      path: new URL(basePath + path, origin).pathname,
      maxLimit,
      maxPages,
      logger,
      fetchPage: async (url, signal) => asPage(await get(url, read, signal), src),
    };
    return src;
  }

  function asPage<T>(paged: Paged<T>, src: PageSource<T>): Page<T> {
    return { ...paged, [PAGE_SOURCE]: src };
  }

  function pageQuery(maxLimit: number, o: PageOptions | undefined): Query {
    const limit = finite(o?.limit);
    const offset = finite(o?.offset);
    return {
      limit: limit === undefined ? undefined : Math.max(1, Math.min(Math.trunc(limit), maxLimit)),
      offset: offset === undefined ? undefined : Math.max(0, Math.trunc(offset)),
    };
  }

  const requests: CatalogRequests = {
    origin,
    urlFor,
    request,
    get,
    source,
    asPage,
    pageQuery,
    async list(path, read, maxLimit, o, territory) {
      const src = source(path, maxLimit, read);
      const query: Query = {
        territory: territory === 'client' ? options.territory() : territory,
        ...pageQuery(maxLimit, o),
      };
      return asPage(await get(urlFor(path, query), read, o?.signal), src);
    },
    detail: (path, read, o) => get(urlFor(path, { territory: options.territory() }), read, o?.signal),
    async detailWithTracks(path, tracksPath, read, o) {
      const value = await requests.detail(path, read, o);
      const src =
        tracksPath === undefined
          ? source(path, PAGE_LIMITS.default, (json) => read(json).tracks)
          : source(tracksPath, PAGE_LIMITS.default, readTrackPage);
      return { ...value, tracks: asPage(value.tracks, src) };
    },
  };
  return requests;
}

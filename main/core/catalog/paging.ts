/**
 * Following the catalog's `paging.next` links: only on the API's own origin, never past an endpoint's page-size limit,
 * and never more than a fixed number of pages (a service that keeps offering pages must not keep Tunewall busy forever).
 */
import type { Paged } from '../../../shared/service/catalog';
import type { Logger } from '../ports';
import { invalidResponseError } from './errors';

/** Where a page came from: how to fetch the page after it. Symbol-keyed, so JSON and structured clone leave it behind. */
export const PAGE_SOURCE: unique symbol = Symbol('tunewall.pageSource');

export interface PageSource<T> {
  /** The only origin whose `next` links are followed. */
  origin: string;
  /** Pathname the items are listed under; a nested list's `next` may name its parent's path instead. */
  path: string;
  /** The endpoint's maximum `limit`. */
  maxLimit: number;
  maxPages: number;
  fetchPage(url: string, signal: AbortSignal | undefined): Promise<Page<T>>;
  logger: Logger | undefined;
}

/** A page of a catalog list that knows how to fetch the next one. */
export interface Page<T> extends Paged<T> {
  readonly [PAGE_SOURCE]: PageSource<T>;
}

export interface PagingOptions {
  signal?: AbortSignal | undefined;
  /** Lower the client's cap on the number of pages read (the first page counts). */
  maxPages?: number | undefined;
}

/** The URL of the page after `page`, checked and clamped; undefined at the end of the list. */
export function nextPageUrl<T>(page: Page<T>): string | undefined {
  const next = page.paging.next;
  // An empty page with a `next` would loop without progress.
  if (next === null || next === '' || page.data.length === 0) return undefined;
  const source = page[PAGE_SOURCE];
  let url: URL;
  try {
    url = new URL(next);
  } catch (error) {
    throw invalidResponseError(`paging.next is not an absolute URL: ${next}`, error);
  }
  if (url.origin !== source.origin) {
    throw invalidResponseError(`refused to follow paging.next to another origin: ${url.origin}`);
  }
  if (url.pathname !== source.path) url.pathname = source.path;
  const limit = Number(url.searchParams.get('limit'));
  if (url.searchParams.has('limit') && (!Number.isInteger(limit) || limit > source.maxLimit || limit <= 0)) {
    url.searchParams.set('limit', String(source.maxLimit));
  }
  return url.toString();
}

/** Yields `first` and every page after it, following `next` until it is null or the page cap is reached. */
export async function* pages<T>(first: Page<T> | Promise<Page<T>>, options: PagingOptions = {}): AsyncGenerator<Page<T>, void, undefined> {
  let page = await first;
  const source = page[PAGE_SOURCE];
  const cap = Math.max(1, Math.min(options.maxPages ?? source.maxPages, source.maxPages));
  const seen = new Set<string>();
  for (let count = 1; ; count++) {
    yield page;
    const url = nextPageUrl(page);
    if (url === undefined) return;
    if (seen.has(url)) {
      source.logger?.warn('catalog paging revisited a page; stopping', { path: source.path });
      return;
    }
    if (count >= cap) {
      source.logger?.warn('catalog paging stopped at the page cap', { path: source.path, pages: count });
      return;
    }
    seen.add(url);
    if (options.signal?.aborted) throw options.signal.reason;
    page = await source.fetchPage(url, options.signal);
  }
}

/** Every item of a list, from `first` on (bounded by the page cap). */
export async function collectAll<T>(first: Page<T> | Promise<Page<T>>, options: PagingOptions = {}): Promise<T[]> {
  const items: T[] = [];
  for await (const page of pages(first, options)) items.push(...page.data);
  return items;
}

import type { Result } from '../../../../shared/bridge';

export interface Page<T> {
  offset: number;
  total: number;
  items: T[];
}

export type FetchPage<T> = (offset: number, limit: number) => Promise<Result<Page<T>>>;

/**
 * A long list the service pages: the items known so far, with holes where a page has not been asked for. Kept outside
 * React (a screen's model keeps it across Back), so coming back to a list shows what was loaded, in the same order.
 */
let lists = 0;

export class PagedList<T> {
  /** Tells one list from the one that replaced it (a React key). */
  readonly id = ++lists;
  private items: (T | undefined)[];
  /** Offsets of the pages on their way, and of those that failed. */
  private readonly pending = new Set<number>();
  private readonly failed = new Set<number>();
  private readonly listeners = new Set<() => void>();
  private closed = false;

  constructor(
    total: number,
    first: readonly T[],
    private readonly fetchPage: FetchPage<T>,
    readonly pageSize: number,
  ) {
    this.items = new Array<T | undefined>(Math.max(total, first.length)).fill(undefined);
    first.forEach((item, i) => (this.items[i] = item));
  }

  /** Replaced, never changed in place, whenever a page arrives: usable as a React snapshot. */
  get snapshot(): readonly (T | undefined)[] {
    return this.items;
  }

  get total(): number {
    return this.items.length;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Later answers are dropped (the list was replaced: a new shuffle, another territory). */
  close(): void {
    this.closed = true;
    this.listeners.clear();
  }

  /** Asks for the page holding `index` unless it is there or on its way; a failed page is asked for again next time. */
  ensureLoaded = (index: number): void => {
    if (this.closed || index < 0 || index >= this.items.length || this.items[index] !== undefined) return;
    if ([...this.pending].some((p) => p <= index && index < p + this.pageSize)) return;
    let offset = Math.floor(index / this.pageSize) * this.pageSize;
    while (offset < index && this.items[offset] !== undefined) offset++;
    this.request(offset);
  };

  /** Asks again for every page that failed (the service is back), so no placeholder is left for good. */
  retryFailed(): void {
    const failed = [...this.failed];
    this.failed.clear();
    for (const offset of failed) this.ensureLoaded(offset);
  }

  private request(offset: number): void {
    this.pending.add(offset);
    this.failed.delete(offset);
    this.fetchPage(offset, this.pageSize).then(
      (result) => {
        this.pending.delete(offset);
        if (this.closed) return;
        if (!result.ok) {
          this.failed.add(offset);
          console.warn('a page did not load', result.error.message);
          return;
        }
        this.apply(result.value);
      },
      (error: unknown) => {
        this.pending.delete(offset);
        if (!this.closed) this.failed.add(offset);
        console.warn('a page did not load', error);
      },
    );
  }

  private apply(page: Page<T>): void {
    const next = this.items.slice();
    page.items.forEach((item, i) => {
      if (page.offset + i < next.length) next[page.offset + i] = item;
    });
    this.items = next;
    for (const listener of this.listeners) listener();
  }
}

/** The items from the first up to the first one not loaded yet: what a row or a grid can show in order. */
export function prefixOf<T>(items: readonly (T | undefined)[]): T[] {
  const out: T[] = [];
  for (const item of items) {
    if (item === undefined) break;
    out.push(item);
  }
  return out;
}

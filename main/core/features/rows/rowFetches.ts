/** Rows from the service, numbered: a fetch that started before a forced refresh answers with the refresh's row. */
import type { RowId, RowView } from '../../../../shared/bridge';
import type { Track } from '../../../../shared/service/catalog';
import type { Territory } from '../../../../shared/territory';
import type { CacheScope } from '../../cache';
import type { CatalogClient, Page } from '../../catalog';
import type { Clock } from '../../ports';
import { rowView } from '../../views';
import { rowTiles } from './rowTiles';

export interface RowFetches {
  /** Row `id` for the scope's account; a member's favourites page goes to the favourites listeners. */
  fetchRow(client: CatalogClient, id: RowId, s: CacheScope): Promise<RowView>;
  /** fetchRow, answered with the row of a forced refresh that starts while it is under way. */
  tracked(client: CatalogClient, id: RowId, s: CacheScope): Promise<RowView>;
  /** Row `id` for no member yet: the row for the member the profile names later, its favourites page handed on to them. */
  early(client: CatalogClient, id: RowId, territory: Territory): (memberId: string) => Promise<RowView>;
  /** fetchRow as a forced refresh: the fetches under way that started before it answer with its row. */
  forced(client: CatalogClient, id: RowId, s: CacheScope): Promise<RowView>;
  onFavorites(listener: (memberId: string, page: Page<Track>) => void): void;
  /** Forgets the forced refreshes. */
  reset(): void;
}

/** The numbered fetches of Home's rows and the listeners to the favourites pages they come with. */
export function createRowFetches(clock: Clock): RowFetches {
  const favoriteListeners: Array<(memberId: string, page: Page<Track>) => void> = [];
  let fetchCount = 0;
  const forced = new Map<RowId, { started: number; row: Promise<RowView> }>();

  function sawFavorites(memberId: string, page: Page<Track>): void {
    for (const listener of favoriteListeners) listener(memberId, page);
  }

  /** Row `id` from the service: for `memberId` when known, its favourites page handed to `saw`. */
  function fetchTiles(client: CatalogClient, id: RowId, territory: Territory, memberId: string | undefined, saw: (page: Page<Track>) => void): Promise<RowView> {
    const now = clock.now();
    return rowTiles({ catalog: client, memberId, territory, sawFavorites: saw }, id).then((tiles) => rowView(id, tiles, now, false));
  }

  function fetchRow(client: CatalogClient, id: RowId, s: CacheScope): Promise<RowView> {
    const memberId = s.account.kind === 'member' ? s.account.id : undefined;
    return fetchTiles(client, id, s.territory, memberId, (page) => {
      if (memberId !== undefined) sawFavorites(memberId, page);
    });
  }

  /** `row`, unless a forced refresh started after `started` (then that one's row). */
  function newest(id: RowId, started: number, row: Promise<RowView>): Promise<RowView> {
    return row.then((fetched) => {
      const newer = forced.get(id);
      return newer !== undefined && newer.started > started ? newer.row : fetched;
    });
  }

  return {
    fetchRow,
    tracked(client, id, s) {
      const started = ++fetchCount;
      return newest(id, started, fetchRow(client, id, s));
    },
    early(client, id, territory) {
      let favorites: Page<Track> | undefined;
      const fetched = fetchTiles(client, id, territory, undefined, (page) => (favorites = page));
      // Dropped unread when the profile names another member or territory: its failure then concerns nobody.
      fetched.catch(() => undefined);
      const started = ++fetchCount;
      return (memberId) =>
        newest(
          id,
          started,
          fetched.then((view) => {
            if (favorites !== undefined) sawFavorites(memberId, favorites);
            return view;
          }),
        );
    },
    forced(client, id, s) {
      const row = fetchRow(client, id, s);
      forced.set(id, { started: ++fetchCount, row });
      return row;
    },
    onFavorites(listener) {
      favoriteListeners.push(listener);
    },
    reset() {
      forced.clear();
    },
  };
}

/**
 * Home's rows: each painted from the cache when there is one (the first load since start also asks the service, and
 * the fresh row follows as a `row` event), otherwise fetched. Rows of one account and territory never reach a screen
 * showing another.
 *
 * Right after a sign-in the member's profile is on the way, and the cache keeps rows per member. A row whose request
 * names no member is asked for alongside the profile rather than after it, and kept once the profile names the member
 * it was fetched for, in the territory it was fetched in; otherwise it is dropped and asked for again.
 */
import type { BridgeEvent, BridgeHandlers, DetailRef, RowId, RowView } from '../../../../shared/bridge';
import { RowIdSchema } from '../../../../shared/bridgeArgs';
import type { Track } from '../../../../shared/service/catalog';
import type { Territory } from '../../../../shared/territory';
import { accountKey, type CacheScope, type RowCache } from '../../cache';
import type { CatalogClient, Page } from '../../catalog';
import type { Clock } from '../../ports';
import { rowView } from '../../views';
import { featureErrors } from '../errors';
import { rowAsShown, type HideExplicit } from '../explicit/explicitFilter';
import type { NetworkStatus } from '../network/networkStatus';
import { badArgument } from '../results';
import type { MemberProfile, PendingMember } from '../settings/memberProfile';
import { MEMBER_ID_ROWS, MEMBER_ROWS, rowTiles } from './rowTiles';

/** A row asked for before the member's profile arrived. */
interface EarlyRow {
  pending: PendingMember;
  /** The row, with the favourites page it came with handed on to the member the profile names. */
  row: (memberId: string) => Promise<RowView>;
}

export interface RowsDeps {
  catalog: CatalogClient | undefined;
  cache: RowCache;
  clock: Clock;
  profile: Pick<MemberProfile, 'scope' | 'settledScope' | 'pendingMember'>;
  network: Pick<NetworkStatus, 'guarded' | 'markOnline' | 'noteOutcome'>;
  emit: (event: BridgeEvent) => void;
  /** Whether the one on screen hides explicit tracks: the cache keeps whole rows, filtered on every way out. */
  hideExplicit: HideExplicit;
}

export interface Rows {
  handlers: Pick<BridgeHandlers, 'loadRow'>;
  /** Every row the cache holds for the current account and territory, without a request (the first paint). */
  cachedRows(): RowView[];
  /** The title of a tile on a cached row that opens `ref` (a chart detail may come without its own). */
  knownTitle(ref: DetailRef): string | undefined;
  /**
   * Fetches a row now, whatever the cache holds, keeps it and pushes it to the screen (the favourites after one was
   * added). A refresh already under way that started earlier gives way to it. Rejects when the fetch fails.
   */
  refresh(id: RowId): Promise<void>;
  /** Each first page of the member's favourites the favourites row is fetched with. */
  onFavorites(listener: (memberId: string, page: Page<Track>) => void): void;
  /** Rows ask the service again on their next load (a new territory, another member). */
  reset(): void;
  /**
   * Loads these rows now, as the screen's own loadRow would, so their requests leave with the member's profile right
   * after a sign-in instead of after the screen has drawn and asked. The screen's loadRow then shares the fetch or
   * finds the row cached; a failure is the screen's to show when it asks.
   */
  prefetch(ids: readonly RowId[]): void;
}

export function createRows(deps: RowsDeps): Rows {
  const { catalog, cache, clock, profile, network } = deps;
  const shown = (row: RowView): RowView => rowAsShown(row, deps.hideExplicit());
  const emitRow = (row: RowView): void => deps.emit({ type: 'row', row: shown(row) });
  const revalidated = new Set<RowId>();
  const favoriteListeners: Array<(memberId: string, page: Page<Track>) => void> = [];
  // Fetches are numbered: a background refresh that started before a forced one answers with the forced one's row.
  let fetchCount = 0;
  const forced = new Map<RowId, { started: number; row: Promise<RowView> }>();
  const early = new Map<RowId, EarlyRow>();

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

  function tracked(client: CatalogClient, id: RowId, s: CacheScope): Promise<RowView> {
    const started = ++fetchCount;
    return newest(id, started, fetchRow(client, id, s));
  }

  function fetchEarly(client: CatalogClient, id: RowId): EarlyRow | undefined {
    const pending = profile.pendingMember();
    if (pending === undefined) {
      early.clear();
      return undefined;
    }
    if (MEMBER_ID_ROWS.has(id)) return undefined;
    // The screen asks again as the sign-in's states arrive: one request per row while the profile is on the way.
    const asked = early.get(id);
    if (asked !== undefined && asked.pending.territory === pending.territory) return asked;
    let favorites: Page<Track> | undefined;
    const fetched = fetchTiles(client, id, pending.territory, undefined, (page) => (favorites = page));
    // Dropped unread when the profile names another member or territory: its failure then concerns nobody.
    fetched.catch(() => undefined);
    const started = ++fetchCount;
    const row: EarlyRow = {
      pending,
      row: (memberId) =>
        newest(
          id,
          started,
          fetched.then((view) => {
            if (favorites !== undefined) sawFavorites(memberId, favorites);
            return view;
          }),
        ),
    };
    early.set(id, row);
    return row;
  }

  /** The early row's fetch, if the profile that arrived names the member and territory it was fetched for. */
  async function earlyFor(early: EarlyRow | undefined, s: CacheScope): Promise<(() => Promise<RowView>) | undefined> {
    if (early === undefined || s.account.kind !== 'member' || s.territory !== early.pending.territory) return undefined;
    const memberId = s.account.id;
    return (await early.pending.memberId) === memberId ? () => early.row(memberId) : undefined;
  }

  const handlers: Rows['handlers'] = {
    loadRow: async (id) => {
      const parsed = RowIdSchema.safeParse(id);
      if (!parsed.success) return badArgument('row');
      const rowId = parsed.data;
      const asked = catalog === undefined ? undefined : fetchEarly(catalog, rowId);
      const s = await profile.settledScope();
      if (!catalog || !s) return { ok: false, error: featureErrors.signInToSeeRow() };
      if (s.account.kind === 'guest' && MEMBER_ROWS.has(rowId)) {
        return { ok: false, error: featureErrors.signInForOwnMusic() };
      }
      const firstSinceStart = !revalidated.has(rowId);
      revalidated.add(rowId);
      const fetchNow = (await earlyFor(asked, s)) ?? (() => tracked(catalog, rowId, s));
      return network.guarded(
        async () =>
          shown(
            await cache.load(s, rowId, fetchNow, {
              revalidate: firstSinceStart,
              onRevalidated: (row) => {
                network.markOnline();
                // A refresh that started before a territory change or another sign-in is not what the screen shows.
                if (sameScope(s, profile.scope())) emitRow(row);
              },
              onRevalidateError: (error) => network.noteOutcome(error),
            }),
          ),
        (row) => !row.fromCache,
      );
    },
  };

  return {
    handlers,
    cachedRows() {
      const s = profile.scope();
      if (!s) return [];
      return RowIdSchema.options.flatMap((id) => {
        const cached = cache.read(s, id);
        return cached ? [shown(cached.row)] : [];
      });
    },
    knownTitle(ref) {
      const s = profile.scope();
      if (!s) return undefined;
      const row: RowId = ref.kind === 'playlist' ? 'collected-playlists' : 'charts';
      return cache.read(s, row)?.row.tiles.find((t) => t.ref?.kind === ref.kind && t.ref.id === ref.id)?.title;
    },
    async refresh(id) {
      const s = profile.scope();
      if (!catalog || !s) return;
      const row = fetchRow(catalog, id, s);
      forced.set(id, { started: ++fetchCount, row });
      const fresh = await row;
      if (!sameScope(s, profile.scope())) return;
      cache.write(s, fresh);
      network.markOnline();
      emitRow(fresh);
    },
    onFavorites(listener) {
      favoriteListeners.push(listener);
    },
    reset() {
      revalidated.clear();
      forced.clear();
      early.clear();
    },
    prefetch(ids) {
      // loadRow answers failures as values; a rejection would be a bug, and the screen's own call meets it again.
      for (const id of ids) handlers.loadRow(id).catch(() => undefined);
    },
  };
}

function sameScope(a: CacheScope, b: CacheScope | undefined): boolean {
  return b !== undefined && a.territory === b.territory && accountKey(a.account) === accountKey(b.account);
}

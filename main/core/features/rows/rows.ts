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
import { accountKey, type CacheScope, type RowCache } from '../../cache';
import type { CatalogClient, Page } from '../../catalog';
import type { Clock } from '../../ports';
import { featureErrors } from '../errors';
import { rowAsShown, type HideExplicit } from '../explicit/explicitFilter';
import type { NetworkStatus } from '../network/networkStatus';
import { badArgument } from '../results';
import type { MemberProfile } from '../settings/memberProfile';
import { createEarlyRows, earlyFor } from './earlyRows';
import { createRowFetches } from './rowFetches';
import { MEMBER_ROWS } from './rowTiles';

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
  const fetches = createRowFetches(clock);
  const early = createEarlyRows(profile, fetches);

  const handlers: Rows['handlers'] = {
    loadRow: async (id) => {
      const parsed = RowIdSchema.safeParse(id);
      if (!parsed.success) return badArgument('row');
      const rowId = parsed.data;
      const asked = catalog === undefined ? undefined : early.ask(catalog, rowId);
      const s = await profile.settledScope();
      if (!catalog || !s) return { ok: false, error: featureErrors.signInToSeeRow() };
      if (s.account.kind === 'guest' && MEMBER_ROWS.has(rowId)) {
        return { ok: false, error: featureErrors.signInForOwnMusic() };
      }
      const firstSinceStart = !revalidated.has(rowId);
      revalidated.add(rowId);
      const fetchNow = (await earlyFor(asked, s)) ?? (() => fetches.tracked(catalog, rowId, s));
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
      const fresh = await fetches.forced(catalog, id, s);
      if (!sameScope(s, profile.scope())) return;
      cache.write(s, fresh);
      network.markOnline();
      emitRow(fresh);
    },
    onFavorites: fetches.onFavorites,
    reset() {
      revalidated.clear();
      fetches.reset();
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

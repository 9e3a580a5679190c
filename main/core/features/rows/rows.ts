/**
 * Home's rows: each painted from the cache when there is one (the first load since start also asks the service, and
 * the fresh row follows as a `row` event), otherwise fetched. Rows of one account and territory never reach a screen
 * showing another.
 */
import type { BridgeEvent, BridgeHandlers, DetailRef, RowId, RowView } from '../../../../shared/bridge';
import { RowIdSchema } from '../../../../shared/bridgeArgs';
import type { Track } from '../../../../shared/service/catalog';
import { accountKey, type CacheScope, type RowCache } from '../../cache';
import type { CatalogClient, Page } from '../../catalog';
import type { Clock } from '../../ports';
import { rowView } from '../../views';
import { featureErrors } from '../errors';
import type { NetworkStatus } from '../network/networkStatus';
import { badArgument } from '../results';
import type { MemberProfile } from '../settings/memberProfile';
import { MEMBER_ROWS, rowTiles } from './rowTiles';

export interface RowsDeps {
  catalog: CatalogClient | undefined;
  cache: RowCache;
  clock: Clock;
  profile: Pick<MemberProfile, 'scope' | 'settledScope'>;
  network: Pick<NetworkStatus, 'guarded' | 'markOnline' | 'noteOutcome'>;
  emit: (event: BridgeEvent) => void;
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
}

export function createRows(deps: RowsDeps): Rows {
  const { catalog, cache, clock, profile, network } = deps;
  const revalidated = new Set<RowId>();
  const favoriteListeners: Array<(memberId: string, page: Page<Track>) => void> = [];
  // Fetches are numbered: a background refresh that started before a forced one answers with the forced one's row.
  let fetchCount = 0;
  const forced = new Map<RowId, { started: number; row: Promise<RowView> }>();

  function fetchRow(client: CatalogClient, id: RowId, s: CacheScope): Promise<RowView> {
    const now = clock.now();
    const memberId = s.account.kind === 'member' ? s.account.id : undefined;
    const sawFavorites = (member: string, page: Page<Track>) => favoriteListeners.forEach((listener) => listener(member, page));
    return rowTiles({ catalog: client, memberId, territory: s.territory, sawFavorites }, id).then((tiles) =>
      rowView(id, tiles, now, false),
    );
  }

  function tracked(client: CatalogClient, id: RowId, s: CacheScope): Promise<RowView> {
    const started = ++fetchCount;
    return fetchRow(client, id, s).then((row) => {
      const newer = forced.get(id);
      return newer !== undefined && newer.started > started ? newer.row : row;
    });
  }

  return {
    handlers: {
      loadRow: async (id) => {
        const parsed = RowIdSchema.safeParse(id);
        if (!parsed.success) return badArgument('row');
        const rowId = parsed.data;
        const s = await profile.settledScope();
        if (!catalog || !s) return { ok: false, error: featureErrors.signInToSeeRow() };
        if (s.account.kind === 'guest' && MEMBER_ROWS.has(rowId)) {
          return { ok: false, error: featureErrors.signInForOwnMusic() };
        }
        const firstSinceStart = !revalidated.has(rowId);
        revalidated.add(rowId);
        return network.guarded(
          () =>
            cache.load(s, rowId, () => tracked(catalog, rowId, s), {
              revalidate: firstSinceStart,
              onRevalidated: (row) => {
                network.markOnline();
                // A refresh that started before a territory change or another sign-in is not what the screen shows.
                if (sameScope(s, profile.scope())) deps.emit({ type: 'row', row });
              },
              onRevalidateError: (error) => network.noteOutcome(error),
            }),
          (row) => !row.fromCache,
        );
      },
    },
    cachedRows() {
      const s = profile.scope();
      if (!s) return [];
      return RowIdSchema.options.flatMap((id) => {
        const cached = cache.read(s, id);
        return cached ? [cached.row] : [];
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
      deps.emit({ type: 'row', row: fresh });
    },
    onFavorites(listener) {
      favoriteListeners.push(listener);
    },
    reset() {
      revalidated.clear();
      forced.clear();
    },
  };
}

function sameScope(a: CacheScope, b: CacheScope | undefined): boolean {
  return b !== undefined && a.territory === b.territory && accountKey(a.account) === accountKey(b.account);
}

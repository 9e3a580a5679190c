/**
 * Home's rows: each painted from the cache when there is one (the first load since start also asks the service, and
 * the fresh row follows as a `row` event), otherwise fetched. Rows of one account and territory never reach a screen
 * showing another.
 */
import type { BridgeEvent, BridgeHandlers, DetailRef, RowId, RowView } from '../../../../shared/bridge';
import { RowIdSchema } from '../../../../shared/bridgeArgs';
import { accountKey, type CacheScope, type RowCache } from '../../cache';
import type { CatalogClient } from '../../catalog';
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
  /** Rows ask the service again on their next load (a new territory, another member). */
  reset(): void;
}

export function createRows(deps: RowsDeps): Rows {
  const { catalog, cache, clock, profile, network } = deps;
  const revalidated = new Set<RowId>();

  async function fetchRow(client: CatalogClient, id: RowId, memberId: string | undefined): Promise<RowView> {
    const now = clock.now();
    return rowView(id, await rowTiles(client, id, memberId), now, false);
  }

  return {
    handlers: {
      loadRow: async (id) => {
        const parsed = RowIdSchema.safeParse(id);
        if (!parsed.success) return badArgument('row');
        const rowId = parsed.data;
        const s = await profile.settledScope();
        if (!catalog || !s) {
          return { ok: false, error: featureErrors.signInToSeeRow() };
        }
        const memberId = s.account.kind === 'member' ? s.account.id : undefined;
        if (memberId === undefined && MEMBER_ROWS.has(rowId)) {
          return { ok: false, error: featureErrors.signInForOwnMusic() };
        }
        const firstSinceStart = !revalidated.has(rowId);
        revalidated.add(rowId);
        return network.guarded(
          () =>
            cache.load(s, rowId, () => fetchRow(catalog, rowId, memberId), {
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
    reset() {
      revalidated.clear();
    },
  };
}

function sameScope(a: CacheScope, b: CacheScope | undefined): boolean {
  return b !== undefined && a.territory === b.territory && accountKey(a.account) === accountKey(b.account);
}

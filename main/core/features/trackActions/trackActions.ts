/**
 * What a viewer can do with a track besides playing it on their phone: see whether it is a favourite, and add it.
 * The member's favourites are kept as a set of track ids, read whole (every page) the first time it is needed and
 * replaced whenever the favourites row brings the whole list anyway. Adding one updates the set and pushes the
 * favourites row fresh, so Home shows the track without a restart. A guest has no favourites.
 */
import type { BridgeHandlers, FavoriteState } from '../../../../shared/bridge';
import { CatalogIdSchema } from '../../../../shared/bridgeArgs';
import type { Track } from '../../../../shared/service/catalog';
import { collectAll, type CatalogClient, type Page } from '../../catalog';
import { toUiError } from '../../errors';
import type { Logger } from '../../ports';
import { featureErrors } from '../errors';
import type { NetworkStatus } from '../network/networkStatus';
import { badArgument } from '../results';
import type { Rows } from '../rows/rows';
import type { MemberProfile } from '../settings/memberProfile';

export interface TrackActionsDeps {
  catalog: CatalogClient | undefined;
  profile: Pick<MemberProfile, 'settledScope' | 'onForget'>;
  rows: Pick<Rows, 'refresh' | 'onFavorites'>;
  network: Pick<NetworkStatus, 'guarded' | 'markOnline' | 'noteOutcome'>;
  logger: Logger;
}

export interface TrackActions {
  handlers: Pick<BridgeHandlers, 'favoriteState' | 'addFavorite'>;
}

/** The largest page of favourites the service gives. */
const FAVORITES_PAGE = 500;

export function createTrackActions(deps: TrackActionsDeps): TrackActions {
  const { catalog, profile, rows, network, logger } = deps;
  const favorites = new Map<string, Set<string>>();
  const loading = new Map<string, Promise<Set<string>>>();

  /** The member's favourites; one read at a time per member, shared by everyone asking meanwhile. */
  function favoritesOf(client: CatalogClient, memberId: string): Promise<Set<string>> {
    const known = favorites.get(memberId);
    if (known) return Promise.resolve(known);
    let load = loading.get(memberId);
    if (!load) {
      load = collectAll(client.favorites({ limit: FAVORITES_PAGE }))
        .then((tracks) => {
          const ids = new Set(tracks.map((t) => t.id));
          favorites.set(memberId, ids);
          return ids;
        })
        .finally(() => loading.delete(memberId));
      loading.set(memberId, load);
    }
    return load;
  }

  rows.onFavorites((memberId: string, page: Page<Track>) => {
    const whole = page.paging.offset === 0 && (page.paging.next === null || page.paging.next === '');
    // The whole list: the set is exactly it. Only its start: the set may be out of date, and is read again when needed.
    if (whole) favorites.set(memberId, new Set(page.data.map((t) => t.id)));
    else favorites.delete(memberId);
  });
  profile.onForget(() => {
    favorites.clear();
    loading.clear();
  });

  /** The member browsing, or undefined for a guest (or nobody). */
  async function memberId(): Promise<string | undefined> {
    const scope = await profile.settledScope();
    return scope?.account.kind === 'member' ? scope.account.id : undefined;
  }

  return {
    handlers: {
      favoriteState: async (trackId) => {
        const parsed = CatalogIdSchema.safeParse(trackId);
        if (!parsed.success) return badArgument('track');
        const member = await memberId();
        if (!catalog || member === undefined) return { ok: true, value: 'members-only' };
        return network.guarded(async (): Promise<FavoriteState> => {
          const ids = await favoritesOf(catalog, member);
          return ids.has(parsed.data) ? 'favorite' : 'not-favorite';
        });
      },
      addFavorite: async (trackId) => {
        const parsed = CatalogIdSchema.safeParse(trackId);
        if (!parsed.success) return badArgument('track');
        const member = await memberId();
        if (!catalog || member === undefined) return { ok: false, error: featureErrors.favoriteNeedsMember() };
        try {
          await catalog.addFavorite(parsed.data);
        } catch (error) {
          logger.warn('the track was not added to favourites', { error: String(error) });
          network.noteOutcome(error);
          return { ok: false, error: featureErrors.favoriteFailed(toUiError(error)) };
        }
        network.markOnline();
        favorites.get(member)?.add(parsed.data);
        // A read of the whole list under way may have started before the track was added.
        void loading.get(member)?.then((ids) => ids.add(parsed.data), () => undefined);
        rows.refresh('favorites').catch((error: unknown) => {
          // The track is a favourite; Home shows it at the row's next refresh.
          logger.warn('the favourites row could not be refreshed', { error: String(error) });
          network.noteOutcome(error);
        });
        return { ok: true, value: 'favorite' };
      },
    },
  };
}

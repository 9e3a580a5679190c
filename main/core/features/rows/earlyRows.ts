/** Rows asked for while the member's profile is on the way: one request per row, kept if the profile names its member. */
import type { RowId, RowView } from '../../../../shared/bridge';
import type { CacheScope } from '../../cache';
import type { CatalogClient } from '../../catalog';
import type { MemberProfile, PendingMember } from '../settings/memberProfile';
import type { RowFetches } from './rowFetches';
import { MEMBER_ID_ROWS } from './rowTiles';

/** A row asked for before the member's profile arrived. */
export interface EarlyRow {
  pending: PendingMember;
  /** The row, with the favourites page it came with handed on to the member the profile names. */
  row: (memberId: string) => Promise<RowView>;
}

export interface EarlyRows {
  /** Row `id` asked for now if a sign-in's profile is on the way (once per row and territory); undefined otherwise. */
  ask(client: CatalogClient, id: RowId): EarlyRow | undefined;
  clear(): void;
}

/** The rows asked for alongside the member's profile, each through `fetches` as a row for no member yet. */
export function createEarlyRows(profile: Pick<MemberProfile, 'pendingMember'>, fetches: Pick<RowFetches, 'early'>): EarlyRows {
  const early = new Map<RowId, EarlyRow>();
  return {
    ask(client, id) {
      const pending = profile.pendingMember();
      if (pending === undefined) {
        early.clear();
        return undefined;
      }
      if (MEMBER_ID_ROWS.has(id)) return undefined;
      // The screen asks again as the sign-in's states arrive: one request per row while the profile is on the way.
      const asked = early.get(id);
      if (asked !== undefined && asked.pending.territory === pending.territory) return asked;
      const row: EarlyRow = { pending, row: fetches.early(client, id, pending.territory) };
      early.set(id, row);
      return row;
    },
    clear() {
      early.clear();
    },
  };
}

/** The early row's fetch, if the profile that arrived names the member and territory it was fetched for. */
export async function earlyFor(early: EarlyRow | undefined, s: CacheScope): Promise<(() => Promise<RowView>) | undefined> {
  if (early === undefined || s.account.kind !== 'member' || s.territory !== early.pending.territory) return undefined;
  const memberId = s.account.id;
  return (await early.pending.memberId) === memberId ? () => early.row(memberId) : undefined;
}

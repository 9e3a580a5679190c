/**
 * Home's rows, top to bottom, and how many of them are asked for before the viewer's first press: the renderer draws
 * them in this order, and the core fetches those rows the moment a sign-in completes, alongside the member's profile.
 */
import { GUEST_KEY, type HouseholdView, type RowId } from './bridge';

const CATALOG_ROWS: readonly RowId[] = ['charts', 'new-hits', 'mood-stations', 'genre-stations', 'new-releases', 'kids'];

/** Home's rows, top to bottom; a guest sees only the catalog's; a child's Home leads with the Kids rows. */
export function homeRowIds(member: boolean, child = false): RowId[] {
  const ids: RowId[] = member ? ['favorites', ...CATALOG_ROWS, 'collected-playlists', 'album-collection', 'shared-playlists'] : [...CATALOG_ROWS];
  return child ? ['kids', ...ids.filter((id) => id !== 'kids')] : ids;
}

/** Rows asked for before any has focus: about two fill the first screen, and one more waits below it. */
export const FIRST_ROWS = 3;

/** Rows kept loaded below the one holding focus, so the next presses down find tiles. */
export const ROWS_AHEAD = 3;

/**
 * The rows Home asks for before the viewer's first press: the first screen's, then `ROWS_AHEAD` below the top row
 * once it takes focus. The core asks for these the moment a sign-in completes, so they leave together: with the top
 * row empty (a new member's favourites) the screen's next row would otherwise leave only once that answer is in.
 */
export function rowsBeforeFirstPress(member: boolean, child = false): RowId[] {
  return homeRowIds(member, child).slice(0, Math.max(FIRST_ROWS, 1 + ROWS_AHEAD));
}

/** Whether the one on screen is a child's profile (their Home leads with the Kids rows). */
export function onScreenIsChild(household: HouseholdView | undefined): boolean {
  if (household?.active === undefined) return false;
  if (household.active === GUEST_KEY) return household.guest.child;
  return household.members.some((m) => m.key === household.active && m.child);
}

/**
 * Home's rows, top to bottom, and how many of them fill the first screen: the renderer draws them in this order, and
 * the core fetches the first screen's rows the moment a sign-in completes, alongside the member's profile.
 */
import type { RowId } from './bridge';

const CATALOG_ROWS: readonly RowId[] = ['charts', 'new-hits', 'mood-stations', 'genre-stations', 'new-releases', 'kids'];

/** Home's rows, top to bottom; a guest sees only the catalog's. */
export function homeRowIds(member: boolean): RowId[] {
  if (!member) return [...CATALOG_ROWS];
  return ['favorites', ...CATALOG_ROWS, 'collected-playlists', 'album-collection', 'shared-playlists'];
}

/** Rows asked for before any has focus: about two fill the first screen, and one more waits below it. */
export const FIRST_ROWS = 3;

/** The rows Home asks for first, before anything on it has focus. */
export function firstScreenRows(member: boolean): RowId[] {
  return homeRowIds(member).slice(0, FIRST_ROWS);
}

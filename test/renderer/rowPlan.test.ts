import { describe, expect, it } from 'vitest';
import type { RowId, RowView, TileView } from '../../shared/bridge';
import { rowsBeforeFirstPress } from '../../shared/homeRows';
import { FIRST_ROWS, ROWS_AHEAD, rowIdsFor, rowsToLoad, topRowSettled } from '../../renderer/src/screens/home/rowPlan';
import type { RowSlot } from '../../renderer/src/store/appStore';

const member = rowIdsFor(true);

function tiles(count: number, group?: string): TileView[] {
  return Array.from({ length: count }, (_, i) => ({ ref: undefined, key: `${group ?? 't'}${i}`, title: `T${i}`, subtitle: undefined, images: [], group }));
}
function ready(id: RowId, list: TileView[]): RowSlot {
  const row: RowView = { id, tiles: list, fetchedAt: 1, fromCache: false };
  return { status: 'ready', row };
}

describe("Home's rows", () => {
  it('come in the order of the issue for a member, and only the catalog ones for a guest', () => {
    expect(member).toEqual([
      'favorites', 'charts', 'new-hits', 'mood-stations', 'genre-stations', 'new-releases', 'kids',
      'collected-playlists', 'album-collection', 'shared-playlists',
    ]);
    expect(rowIdsFor(false)).toEqual(['charts', 'new-hits', 'mood-stations', 'genre-stations', 'new-releases', 'kids']);
  });

  it("lead with the Kids rows on a child's Home, member or guest, the others following in their order", () => {
    expect(rowIdsFor(true, true)).toEqual(['kids', ...member.filter((id) => id !== 'kids')]);
    expect(rowIdsFor(false, true)).toEqual(['kids', 'charts', 'new-hits', 'mood-stations', 'genre-stations', 'new-releases']);
    expect(rowsBeforeFirstPress(true, true)[0]).toBe('kids');
  });
});

describe('rowsToLoad', () => {
  it('asks for the first screenful before anything has focus, and no row below it', () => {
    expect(rowsToLoad(member, {}, undefined)).toEqual(member.slice(0, FIRST_ROWS));
  });

  it('asks for nothing again while those are on their way', () => {
    const slots = Object.fromEntries(member.slice(0, FIRST_ROWS).map((id) => [id, { status: 'loading' } as RowSlot]));
    expect(rowsToLoad(member, slots, undefined)).toEqual([]);
  });

  it('does not count a row that came back empty (it is hidden): the next one takes its place', () => {
    const slots: Partial<Record<RowId, RowSlot>> = { favorites: ready('favorites', []), charts: { status: 'loading' }, 'new-hits': { status: 'loading' } };
    expect(rowsToLoad(member, slots, undefined)).toEqual(['mood-stations']);
  });

  it('keeps ROWS_AHEAD rows loaded below the focused one, counting each category of a grouped row', () => {
    const slots: Partial<Record<RowId, RowSlot>> = {
      favorites: ready('favorites', tiles(3)),
      charts: ready('charts', tiles(3)),
      'new-hits': ready('new-hits', tiles(3)),
    };
    expect(ROWS_AHEAD).toBe(3);
    expect(rowsToLoad(member, slots, 'new-hits')).toEqual(['mood-stations', 'genre-stations', 'new-releases']);
    // Three genre categories are three rows on screen: nothing more is needed below them yet.
    slots['mood-stations'] = ready('mood-stations', tiles(3));
    slots['genre-stations'] = ready('genre-stations', [...tiles(2, 'a'), ...tiles(2, 'b'), ...tiles(2, 'c')]);
    expect(rowsToLoad(member, slots, 'mood-stations')).toEqual([]);
    expect(rowsToLoad(member, slots, 'genre-stations')).toEqual(['new-releases', 'kids', 'collected-playlists']);
  });

  it('asks before the first press for no row the core has not asked for at sign-in, the top row empty or not', () => {
    const loading: RowSlot = { status: 'loading' };
    const asked = new Set([
      ...rowsToLoad(member, {}, undefined),
      // A new member's favourites came back empty: the next row takes their place on the first screen.
      ...rowsToLoad(member, { favorites: ready('favorites', []), charts: loading, 'new-hits': loading }, undefined),
      // Favourites with tiles: focus lands on them, and ROWS_AHEAD rows below them are asked for.
      ...rowsToLoad(member, { favorites: ready('favorites', tiles(3)), charts: loading, 'new-hits': loading }, 'favorites'),
    ]);
    expect([...asked].filter((id) => !rowsBeforeFirstPress(true).includes(id))).toEqual([]);
    expect(rowsBeforeFirstPress(true)).toEqual(['favorites', 'charts', 'new-hits', 'mood-stations']);
  });

  it('asks again for rows above the focused one that a territory change cleared', () => {
    expect(rowsToLoad(member, {}, 'kids')).toEqual([...member.slice(0, member.indexOf('kids') + 1 + ROWS_AHEAD)]);
  });
});

describe('topRowSettled', () => {
  it('waits for the first row that will be shown, passing over one that came back empty', () => {
    expect(topRowSettled(member, {})).toBe(false);
    expect(topRowSettled(member, { favorites: ready('favorites', []) })).toBe(false);
    expect(topRowSettled(member, { favorites: ready('favorites', []), charts: { status: 'loading' } })).toBe(false);
    expect(topRowSettled(member, { favorites: ready('favorites', []), charts: ready('charts', tiles(1)) })).toBe(true);
    expect(topRowSettled(member, { favorites: { status: 'error', error: { kind: 'network', message: 'x', retryable: true } } })).toBe(true);
  });

  it('does not wait for rows below the first one shown', () => {
    expect(topRowSettled(member, { favorites: ready('favorites', tiles(2)) })).toBe(true);
  });
});

/**
 * The titles the phones were shown: from Home's rows, a detail and its pages of tiles, so Show on TV paints its heading
 * at once; the newest kept, the oldest forgotten past the bound; nothing remembered from a refusal.
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../../shared/bridge';
import type { DetailView, RowView, TileView } from '../../../../../shared/catalogViews';
import { shownTitles } from '../../../../../main/core/features/companion/titles';
import { DETAIL, fakeDeps } from './support';

const tile = (id: string, title: string): TileView => ({ ref: { kind: 'album', id }, key: id, title, subtitle: undefined, images: [], group: undefined });

describe('the titles shown to phones', () => {
  it('come from rows, details (with an artist’s albums) and pages of tiles; the views answer as before', async () => {
    const { views } = fakeDeps().deps;
    const row: RowView = { id: 'charts', tiles: [tile('c1', 'Top 100'), { ...tile('x', 'No ref'), ref: undefined }], fetchedAt: 1, fromCache: false };
    views.loadRow.mockResolvedValueOnce({ ok: true, value: row });
    const artist: DetailView = { layout: 'artist', ref: { kind: 'artist', id: 'a1' }, title: '周杰倫', images: [], url: undefined, totalTracks: 0, tracks: [], totalAlbums: 1, albums: [tile('al-1', '范特西')] };
    views.getDetail.mockResolvedValueOnce({ ok: true, value: artist });
    views.getTiles.mockResolvedValueOnce({ ok: true, value: { offset: 1, total: 2, tiles: [tile('al-2', '葉惠美')] } });
    const titles = shownTitles(views);
    expect(titles.titleOf({ kind: 'album', id: 'c1' })).toBeUndefined();
    expect(await titles.views.loadRow('charts')).toEqual({ ok: true, value: row });
    expect(await titles.views.getDetail(artist.ref)).toEqual({ ok: true, value: artist });
    await titles.views.getTiles(artist.ref, 1, 1);
    expect(titles.titleOf({ kind: 'album', id: 'c1' })).toBe('Top 100');
    expect(titles.titleOf(artist.ref)).toBe('周杰倫');
    expect(titles.titleOf({ kind: 'album', id: 'al-1' })).toBe('范特西');
    expect(titles.titleOf({ kind: 'album', id: 'al-2' })).toBe('葉惠美');
    // Same id, another kind: not the same detail.
    expect(titles.titleOf({ kind: 'chart', id: 'al-1' })).toBeUndefined();
  });

  it('a refused answer teaches nothing', async () => {
    const { views } = fakeDeps().deps;
    const refused: Result<DetailView> = { ok: false, error: { kind: 'network', message: 'offline', retryable: true } };
    views.getDetail.mockResolvedValueOnce(refused);
    const titles = shownTitles(views);
    expect(await titles.views.getDetail(DETAIL.ref)).toBe(refused);
    expect(titles.titleOf(DETAIL.ref)).toBeUndefined();
  });

  it('keeps the newest 2,000: the oldest goes first, and one shown again counts as new', async () => {
    const { views } = fakeDeps().deps;
    const titles = shownTitles(views);
    const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => tile(`t${from + i}`, `Title ${from + i}`));
    views.getTiles.mockImplementation(async (_ref, offset) => ({ ok: true, value: { offset, total: 0, tiles: page(offset, 1000) } }));
    await titles.views.getTiles(DETAIL.ref, 0, 1000);
    await titles.views.getTiles(DETAIL.ref, 1000, 1000);
    views.getTiles.mockImplementation(async (_ref, offset) => ({ ok: true, value: { offset, total: 0, tiles: [tile('t0', 'Title 0 again')] } }));
    await titles.views.getTiles(DETAIL.ref, 0, 1);
    views.getTiles.mockImplementation(async (_ref, offset) => ({ ok: true, value: { offset, total: 0, tiles: [tile('new', 'New')] } }));
    await titles.views.getTiles(DETAIL.ref, 0, 1);
    expect(titles.titleOf({ kind: 'album', id: 't0' })).toBe('Title 0 again');
    expect(titles.titleOf({ kind: 'album', id: 't1' })).toBeUndefined();
    expect(titles.titleOf({ kind: 'album', id: 't2' })).toBe('Title 2');
    expect(titles.titleOf({ kind: 'album', id: 'new' })).toBe('New');
  });
});

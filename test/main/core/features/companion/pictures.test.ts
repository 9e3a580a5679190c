/**
 * The pictures shown to phones: every `/artwork/` path of Home's rows, a detail (its own, its albums, its sections and
 * their playlists) and its pages of tiles; nothing from a refusal, nothing that is not the TV's; the newest kept, the
 * oldest forgotten past the bound.
 */
import { describe, expect, it } from 'vitest';
import type { ImageView } from '../../../../../shared/bridge';
import type { DetailRef, DetailView, KidsDetailView, RowView, TileView } from '../../../../../shared/catalogViews';
import { artworkPath } from '../../../../../main/core/features/artwork/artworkPath';
import { KEPT_PICTURES, shownPictures } from '../../../../../main/core/features/companion/pictures';
import { DETAIL, fakeDeps } from './support';

const picture = (name: string): ImageView => ({ url: artworkPath(`https://img.example.test/${name}.jpg`), width: 300, height: 300 });
const tile = (id: string, images: ImageView[] = [picture(id)]): TileView => ({ ref: { kind: 'album', id }, key: id, title: id, subtitle: undefined, images, group: undefined });

describe('the pictures shown to phones', () => {
  it('come from rows, a detail’s own pictures, its sections, albums and playlists, and pages of tiles', async () => {
    const { views } = fakeDeps().deps;
    const row: RowView = { id: 'charts', tiles: [tile('c1', [picture('c1-160'), picture('c1-500')])], fetchedAt: 1, fromCache: false };
    views.loadRow.mockResolvedValueOnce({ ok: true, value: row });
    const kids: KidsDetailView = {
      layout: 'kids',
      ref: { kind: 'kids-category', id: 'k1' },
      title: '兒童',
      images: [picture('k1')],
      url: undefined,
      sections: [{ ref: { kind: 'kids-category', id: 'k1-s1' }, title: '故事', images: [picture('s1')], totalPlaylists: 1, playlists: [tile('p1')] }],
    };
    views.getDetail.mockResolvedValueOnce({ ok: true, value: kids });
    views.getTiles.mockResolvedValueOnce({ ok: true, value: { offset: 1, total: 2, tiles: [tile('p2')] } });
    const pictures = shownPictures(views);
    expect(pictures.wasShown(picture('c1-160').url)).toBe(false);
    expect(await pictures.views.loadRow('charts')).toEqual({ ok: true, value: row });
    expect(await pictures.views.getDetail(kids.ref)).toEqual({ ok: true, value: kids });
    await pictures.views.getTiles(kids.ref, 1, 1);
    for (const name of ['c1-160', 'c1-500', 'k1', 's1', 'p1', 'p2']) expect(pictures.wasShown(picture(name).url), name).toBe(true);
    expect(pictures.wasShown(picture('never').url)).toBe(false);
  });

  it('keeps only the TV’s own paths, and a refused answer teaches nothing', async () => {
    const { views } = fakeDeps().deps;
    const detail: DetailView = { ...DETAIL, images: [{ url: 'data:image/png;base64,AA', width: 1, height: 1 }, { url: 'https://img.example.test/raw.jpg', width: 1, height: 1 }] };
    views.getDetail.mockResolvedValueOnce({ ok: true, value: detail });
    views.getTiles.mockResolvedValueOnce({ ok: false, error: { kind: 'network', message: 'offline', retryable: true } });
    const pictures = shownPictures(views);
    await pictures.views.getDetail(DETAIL.ref);
    await pictures.views.getTiles(DETAIL.ref, 0, 1);
    expect(pictures.wasShown('data:image/png;base64,AA')).toBe(false);
    expect(pictures.wasShown('https://img.example.test/raw.jpg')).toBe(false);
    expect(views.getTiles).toHaveBeenCalledTimes(1);
  });

  it(`keeps the newest ${KEPT_PICTURES.toLocaleString('en')}: the oldest goes first, and one shown again counts as new`, async () => {
    const { views } = fakeDeps().deps;
    const pictures = shownPictures(views);
    const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => tile(`t${from + i}`));
    let count = KEPT_PICTURES;
    views.getTiles.mockImplementation(async (_ref: DetailRef, offset: number) => ({ ok: true as const, value: { offset, total: 0, tiles: page(offset, count) } }));
    await pictures.views.getTiles(DETAIL.ref, 0, count);
    expect(pictures.wasShown(picture('t0').url)).toBe(true);
    // t0 shown again, then one more: t1 is now the oldest, and goes.
    count = 1;
    await pictures.views.getTiles(DETAIL.ref, 0, 1);
    await pictures.views.getTiles(DETAIL.ref, KEPT_PICTURES, 1);
    expect(pictures.wasShown(picture('t0').url)).toBe(true);
    expect(pictures.wasShown(picture('t1').url)).toBe(false);
    expect(pictures.wasShown(picture('t2').url)).toBe(true);
    expect(pictures.wasShown(picture(`t${KEPT_PICTURES}`).url)).toBe(true);
    // A page larger than the bound keeps only its newest.
    const small = shownPictures(views, 3);
    count = 5;
    await small.views.getTiles(DETAIL.ref, 0, 5);
    expect([0, 1, 2, 3, 4].map((i) => small.wasShown(picture(`t${i}`).url))).toEqual([false, false, true, true, true]);
  });
});

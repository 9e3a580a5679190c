/**
 * The pictures shown to phones, member by member: every `/artwork/` path of Home's rows, a detail (its own, its albums,
 * its sections and their playlists) and its pages of tiles; nothing that is not the TV's; one member's never another's;
 * the newest kept, the oldest forgotten past the bound.
 */
import { describe, expect, it } from 'vitest';
import type { ImageView } from '../../../../../shared/bridge';
import type { DetailView, KidsDetailView, TileView } from '../../../../../shared/catalogViews';
import { artworkPath } from '../../../../../main/core/features/artwork/artworkPath';
import { KEPT_PICTURES, shownPictures } from '../../../../../main/core/features/companion/pictures';
import { DETAIL } from './support';

const picture = (name: string): ImageView => ({ url: artworkPath(`https://img.example.test/${name}.jpg`), width: 300, height: 300 });
const tile = (id: string, images: ImageView[] = [picture(id)]): TileView => ({ ref: { kind: 'album', id }, key: id, title: id, subtitle: undefined, images, group: undefined });
const page = (from: number, count: number): TileView[] => Array.from({ length: count }, (_, i) => tile(`t${from + i}`));

describe('the pictures shown to phones', () => {
  it('come from tiles, a detail’s own pictures, its sections, albums and playlists, and what was sent', () => {
    const pictures = shownPictures();
    const kids: KidsDetailView = {
      layout: 'kids',
      ref: { kind: 'kids-category', id: 'k1' },
      title: '兒童',
      images: [picture('k1')],
      url: undefined,
      sections: [{ ref: { kind: 'kids-category', id: 'k1-s1' }, title: '故事', images: [picture('s1')], totalPlaylists: 1, playlists: [tile('p1')] }],
    };
    expect(pictures.wasShown('member-a', picture('c1-160').url)).toBe(false);
    pictures.keepTiles('member-a', [tile('c1', [picture('c1-160'), picture('c1-500')])]);
    pictures.keepDetail('member-a', kids);
    pictures.keep('member-a', [picture('sent')]);
    for (const name of ['c1-160', 'c1-500', 'k1', 's1', 'p1', 'sent']) expect(pictures.wasShown('member-a', picture(name).url), name).toBe(true);
    expect(pictures.wasShown('member-a', picture('never').url)).toBe(false);
  });

  it('one member’s phones are never answered what only another’s were shown', () => {
    const pictures = shownPictures();
    pictures.keepTiles('member-a', [tile('favourite-album')]);
    expect(pictures.wasShown('member-a', picture('favourite-album').url)).toBe(true);
    expect(pictures.wasShown('member-b', picture('favourite-album').url)).toBe(false);
    expect(pictures.wasShown('guest', picture('favourite-album').url)).toBe(false);
  });

  it('keeps only the TV’s own paths', () => {
    const pictures = shownPictures();
    const detail: DetailView = { ...DETAIL, images: [{ url: 'data:image/png;base64,AA', width: 1, height: 1 }, { url: 'https://img.example.test/raw.jpg', width: 1, height: 1 }] };
    pictures.keepDetail('member-a', detail);
    expect(pictures.wasShown('member-a', 'data:image/png;base64,AA')).toBe(false);
    expect(pictures.wasShown('member-a', 'https://img.example.test/raw.jpg')).toBe(false);
  });

  it(`keeps each member’s newest ${KEPT_PICTURES.toLocaleString('en')}: the oldest goes first, and one shown again counts as new`, () => {
    const pictures = shownPictures();
    pictures.keepTiles('member-a', page(0, KEPT_PICTURES));
    pictures.keepTiles('member-b', page(0, 1));
    expect(pictures.wasShown('member-a', picture('t0').url)).toBe(true);
    // t0 shown again, then one more: t1 is now the oldest, and goes.
    pictures.keepTiles('member-a', page(0, 1));
    pictures.keepTiles('member-a', page(KEPT_PICTURES, 1));
    expect(pictures.wasShown('member-a', picture('t0').url)).toBe(true);
    expect(pictures.wasShown('member-a', picture('t1').url)).toBe(false);
    expect(pictures.wasShown('member-a', picture('t2').url)).toBe(true);
    expect(pictures.wasShown('member-a', picture(`t${KEPT_PICTURES}`).url)).toBe(true);
    // Another member's memory is their own.
    expect(pictures.wasShown('member-b', picture('t0').url)).toBe(true);
    // A page larger than the bound keeps only its newest.
    const small = shownPictures(3);
    small.keepTiles('member-a', page(0, 5));
    expect([0, 1, 2, 3, 4].map((i) => small.wasShown('member-a', picture(`t${i}`).url))).toEqual([false, false, true, true, true]);
  });
});

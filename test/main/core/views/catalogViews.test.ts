import { artworkPath } from '../../../../main/core/features/artwork/artworkPath';
import { describe, expect, it } from 'vitest';
import {
  albumDetailView,
  albumGridDetailView,
  albumTile,
  artistDetailView,
  childrenCategoryTile,
  kidsDetailView,
  kidsSectionView,
  newHitsTile,
  recommendedDetailView,
  releaseDateView,
  tilePageView,
} from '../../../../main/core/views';
import { AlbumSchema } from '../../../../shared/service/catalog';
import { album, image, paged, playlist, track } from '../catalog/fixtures';

describe('release dates', () => {
  it.each([
    ['2024-05-17', { year: 2024, month: 5, day: 17 }],
    ['2024-05-00', { year: 2024, month: 5, day: undefined }],
    ['2024-00-00', { year: 2024, month: undefined, day: undefined }],
    ['2024-00-17', { year: 2024, month: undefined, day: undefined }],
  ])('%s is shown as what is known', (date, view) => {
    expect(releaseDateView(date)).toEqual(view);
  });

  it.each([undefined, '', '0000-00-00', '2024-13-01', '2023-02-29', '2024', 'soon'])('%s is not shown at all', (date) => {
    expect(releaseDateView(date)).toBeUndefined();
  });

  it('an album whose date is in another form keeps everything but the date', () => {
    const parsed = AlbumSchema.parse({ ...album(), release_date: 'May 2024' });
    expect(parsed).toMatchObject({ id: 'al1', name: 'Night Drive' });
    expect(parsed.release_date).toBeUndefined();
  });
});

describe('catalog tiles', () => {
  it('an album opens the album, says who made it, and names its new-release row and how to see all of it', () => {
    expect(albumTile(album(), { id: 'nr1', title: ' New this week ' })).toEqual({
      ref: { kind: 'album', id: 'al1' },
      key: 'al1',
      title: 'Night Drive',
      subtitle: 'Lin Mei',
      // Each picture on the page's own origin, naming the service's URL.
      images: [image(160), image(500), image(1000)].map((i) => ({ ...i, url: artworkPath(i.url) })),
      group: 'New this week',
      groupRef: { kind: 'new-release-category', id: 'nr1' },
    });
    const alone = albumTile(album({ images: [] }));
    expect(alone.group).toBeUndefined();
    expect(alone).not.toHaveProperty('groupRef');
  });

  it('a new-hits playlist opens as new hits; a children category as a kids category', () => {
    expect(newHitsTile(playlist('n1')).ref).toEqual({ kind: 'new-hits', id: 'n1' });
    const kids = childrenCategoryTile({ id: 'k1', title: 'Bedtime', images: [{ url: 'u', width: 533, height: 300 }] });
    expect(kids).toMatchObject({ ref: { kind: 'kids-category', id: 'k1' }, title: 'Bedtime', images: [{ width: 533, height: 300 }] });
  });

  it('a page of tiles carries its offset and the list’s size', () => {
    expect(tilePageView(paged([album()], { offset: 40, total: 41 }), (a) => albumTile(a))).toMatchObject({ offset: 40, total: 41 });
  });
});

describe('catalog details', () => {
  it('an album: its tracks take the album’s name, artist and ids; the facts say artist, date and explicitness', () => {
    const bare = track('t1', { album: undefined, explicitness: true });
    const view = albumDetailView(album({ explicitness: true }), paged([bare], { total: 12 }));
    expect(view).toMatchObject({
      layout: 'tracks',
      ref: { kind: 'album', id: 'al1' },
      title: 'Night Drive',
      owner: 'Lin Mei',
      totalTracks: 12,
      album: { artist: { id: 'ar1', name: 'Lin Mei' }, releaseDate: { year: 2024, month: 5, day: undefined }, explicit: true },
    });
    expect(view.tracks[0]).toMatchObject({ album: 'Night Drive', artist: 'Lin Mei', albumId: 'al1', artistId: 'ar1', explicit: true });
  });

  it('an album with no tracks and no date is an empty list, not a failure', () => {
    const view = albumDetailView(album({ release_date: undefined }), paged([]));
    expect(view).toMatchObject({ totalTracks: 0, tracks: [], album: { releaseDate: undefined } });
  });

  it('an artist: picture, first top tracks and albums', () => {
    const artist = album().artist;
    const view = artistDetailView(artist, paged([track('t1')], { total: 40 }), paged([album()], { total: 3 }));
    expect(view).toMatchObject({ layout: 'artist', ref: { kind: 'artist', id: 'ar1' }, title: 'Lin Mei', totalTracks: 40, totalAlbums: 3 });
    expect(view.albums[0]?.ref).toEqual({ kind: 'album', id: 'al1' });
    expect(artistDetailView({ ...artist, images: [] }, paged([]), paged([]))).toMatchObject({ images: [], tracks: [], albums: [], totalAlbums: 0 });
  });

  it('a new-release category is a grid of albums', () => {
    const view = albumGridDetailView({ id: 'c1', title: 'Mandopop' }, paged([album()], { total: 30 }));
    expect(view).toMatchObject({ layout: 'albums', ref: { kind: 'new-release-category', id: 'c1' }, title: 'Mandopop', totalAlbums: 30 });
  });

  it('a children category: sections of playlists, each paged under its own ref', () => {
    const sub = { id: 's1', title: 'Songs', images: [] };
    const section = kidsSectionView(sub, paged([playlist('p1')], { total: 9 }));
    expect(section).toMatchObject({ ref: { kind: 'kids-category', id: 's1' }, totalPlaylists: 9, playlists: [{ ref: { kind: 'kids-playlist', id: 'p1' } }] });
    expect(kidsDetailView({ id: 'k1', title: 'Kids', images: [] }, [section])).toMatchObject({ layout: 'kids', sections: [section] });
  });

  it('more like this: the seed and its recommendations, or the seed and none', () => {
    const seed = track('s1');
    const view = recommendedDetailView('s1', seed, paged([track('r1')], { total: 50 }));
    expect(view).toMatchObject({ ref: { kind: 'recommended', id: 's1' }, title: 'Song s1', totalTracks: 50, seed: { id: 's1', albumId: 'al1' } });
    const none = recommendedDetailView('s1', track('s1', { album: undefined }), undefined);
    expect(none).toMatchObject({ totalTracks: 0, tracks: [], images: [], seed: { id: 's1', albumId: undefined } });
  });
});

import { describe, expect, it } from 'vitest';
import { artistDetails } from '../../../../../main/core/features/details/artist';
import { album, image, paged, track } from '../../catalog/fixtures';
import { fakeService } from '../support';

const artist = { id: 'ar1', name: 'Lin Mei', url: 'https://www.example.test/artist/ar1', images: [image(300), image(160)] };

describe('artist details', () => {
  it('asks for the artist, their first top tracks and albums at once', async () => {
    const service = fakeService({
      '/artists/ar1': artist,
      '/artists/ar1/top-tracks': paged([track('t1'), track('t2')], { total: 40 }),
      '/artists/ar1/albums': paged([album({ id: 'a1' })], { total: 5 }),
    });
    const view = await artistDetails({ catalog: service.catalog }).detail('ar1');
    expect(view).toMatchObject({ layout: 'artist', title: 'Lin Mei', totalTracks: 40, totalAlbums: 5, images: [{ width: 160 }, { width: 300 }] });
    expect(service.paths().sort()).toEqual([
      '/artists/ar1/albums?territory=TW&limit=50',
      '/artists/ar1/top-tracks?territory=TW&limit=50',
      '/artists/ar1?territory=TW',
    ]);
  });

  it('an artist with no albums and no pictures is shown with none', async () => {
    const service = fakeService({
      '/artists/ar1': { ...artist, images: [] },
      '/artists/ar1/top-tracks': paged([]),
      '/artists/ar1/albums': paged([]),
    });
    expect(await artistDetails({ catalog: service.catalog }).detail('ar1')).toMatchObject({ images: [], albums: [], totalAlbums: 0, tracks: [] });
  });

  it('pages the top tracks', async () => {
    const service = fakeService({ '/artists/ar1/top-tracks': paged([track('t51')], { offset: 50, total: 51 }) });
    const page = await artistDetails({ catalog: service.catalog }).tracks?.('ar1', { offset: 50, limit: 50 });
    expect(page).toMatchObject({ offset: 50, total: 51, tracks: [{ id: 't51' }] });
  });
});

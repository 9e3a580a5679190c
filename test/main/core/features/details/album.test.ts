import { describe, expect, it } from 'vitest';
import { albumDetails } from '../../../../../main/core/features/details/album';
import { album, paged, track } from '../../catalog/fixtures';
import { fakeService } from '../support';

const bare = (id: string) => track(id, { album: undefined });

function setup(routes: Record<string, unknown>) {
  const service = fakeService(routes);
  return { source: albumDetails({ catalog: service.catalog, territory: () => service.territory.value }), service };
}

describe('album details', () => {
  it('asks for the album and its first tracks at once, and fills the tracks in from the album', async () => {
    const { source, service } = setup({
      '/albums/al1': album({ explicitness: true, release_date: '2019-00-00' }),
      '/albums/al1/tracks': paged([bare('t1'), bare('t2')], { total: 14 }),
    });
    const view = await source.detail('al1');
    expect(view).toMatchObject({
      layout: 'tracks',
      title: 'Night Drive',
      totalTracks: 14,
      album: { artist: { id: 'ar1', name: 'Lin Mei' }, releaseDate: { year: 2019, month: undefined, day: undefined }, explicit: true },
    });
    if (view.layout !== 'tracks') throw new Error('expected tracks');
    expect(view.tracks.map((t) => [t.album, t.artist, t.albumId, t.artistId])).toEqual([
      ['Night Drive', 'Lin Mei', 'al1', 'ar1'],
      ['Night Drive', 'Lin Mei', 'al1', 'ar1'],
    ]);
    expect(service.paths().sort()).toEqual(['/albums/al1/tracks?territory=TW&limit=100', '/albums/al1?territory=TW']);
  });

  it('later pages are filled in from the album already read', async () => {
    const { source, service } = setup({
      '/albums/al1': album(),
      '/albums/al1/tracks': paged([bare('t101')], { offset: 100, total: 101 }),
    });
    await source.detail('al1');
    const page = await source.tracks?.('al1', { offset: 100, limit: 100 });
    expect(page).toMatchObject({ offset: 100, total: 101, tracks: [{ id: 't101', album: 'Night Drive', albumId: 'al1' }] });
    expect(service.paths().filter((p) => p.startsWith('/albums/al1?'))).toHaveLength(1);
  });

  it('a page asked for first reads the album too', async () => {
    const { source } = setup({ '/albums/al1': album(), '/albums/al1/tracks': paged([bare('t1')]) });
    expect((await source.tracks?.('al1', { offset: 0, limit: 10 }))?.tracks[0]).toMatchObject({ artist: 'Lin Mei' });
  });

  it('an album with no tracks is an empty list; one with no pictures has none', async () => {
    const { source } = setup({ '/albums/al1': album({ images: [], release_date: undefined }), '/albums/al1/tracks': paged([]) });
    expect(await source.detail('al1')).toMatchObject({ tracks: [], totalTracks: 0, images: [], album: { releaseDate: undefined } });
  });

  it('an album available nowhere is not available here', async () => {
    const { source } = setup({ '/albums/al1': album({ available_territories: [] }), '/albums/al1/tracks': paged([]) });
    await expect(source.detail('al1')).rejects.toMatchObject({ ui: { kind: 'territory', params: { territory: 'TW' } } });
  });
});

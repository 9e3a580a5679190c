import { describe, expect, it } from 'vitest';
import { kidsPlaylistDetails } from '../../../../../main/core/features/details/kidsPlaylist';
import { playlistDetails } from '../../../../../main/core/features/details/playlist';
import { kidsSectionView } from '../../../../../main/core/views';
import { paged, playlist, track } from '../../catalog/fixtures';
import { fakeService } from '../support';

const explicit = (id: string) => track(id, { explicitness: true });

describe("children's playlist details", () => {
  it('a children category opens its playlists as children’s playlists', () => {
    const section = kidsSectionView(
      { id: 's1', title: 'Stories', images: [], subcategories: [] } as never,
      paged([playlist('p1')], { total: 1 }),
    );
    expect(section.playlists.map((p) => p.ref)).toEqual([{ kind: 'kids-playlist', id: 'p1' }]);
  });

  it('leaves explicit tracks out of every page and says how many, reading the whole list once', async () => {
    const service = fakeService({
      '/shared-playlists/k1': { ...playlist('k1'), tracks: paged([track('t1'), explicit('t2'), track('t3')], { total: 5 }) },
      '/shared-playlists/k1/tracks': paged([explicit('t4'), track('t5')], { offset: 3, total: 5 }),
    });
    const source = kidsPlaylistDetails({ playlists: playlistDetails({ catalog: service.catalog, knownTitle: () => undefined }) });
    const detail = await source.detail('k1');
    if (detail.layout !== 'tracks') throw new Error('expected a list of tracks');
    expect(detail.ref).toEqual({ kind: 'kids-playlist', id: 'k1' });
    expect(detail.tracks.map((t) => t.id)).toEqual(['t1', 't3', 't5']);
    expect(detail.totalTracks).toBe(3);
    expect(detail.explicitLeftOut).toBe(2);
    const page = await source.tracks?.('k1', { offset: 1, limit: 2 });
    expect(page).toMatchObject({ offset: 1, total: 3 });
    expect(page?.tracks.map((t) => [t.id, t.explicit])).toEqual([['t3', false], ['t5', false]]);
    expect(service.paths()).toEqual(['/shared-playlists/k1?territory=TW', '/shared-playlists/k1/tracks?territory=TW&limit=100&offset=3']);
  });

  it('a playlist without explicit tracks leaves nothing out', async () => {
    const service = fakeService({ '/shared-playlists/k2': { ...playlist('k2'), tracks: paged([track('t1')], { total: 1 }) } });
    const source = kidsPlaylistDetails({ playlists: playlistDetails({ catalog: service.catalog, knownTitle: () => undefined }) });
    expect(await source.detail('k2')).toMatchObject({ totalTracks: 1, explicitLeftOut: 0 });
  });
});

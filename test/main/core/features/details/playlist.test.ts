import { describe, expect, it } from 'vitest';
import { playlistDetails } from '../../../../../main/core/features/details/playlist';
import { paged, playlist, track } from '../../catalog/fixtures';
import { fakeService } from '../support';

const withTracks = (id: string) => ({ ...playlist(id), tracks: paged([track('t1'), track('t2')], { total: 2 }) });

describe('playlist details', () => {
  it('tries shared, then new-hits, then chart, and pages from the one that answered', async () => {
    const service = fakeService({
      '/charts/p9': { ...withTracks('p9'), title: undefined },
      '/charts/p9/tracks': paged([track('t2')], { offset: 1, total: 2 }),
    });
    const source = playlistDetails({ catalog: service.catalog, knownTitle: () => 'Top 9' });
    const detail = await source.detail('p9');
    expect(detail).toMatchObject({ layout: 'tracks', ref: { kind: 'playlist', id: 'p9' }, title: 'Top 9', totalTracks: 2 });
    const page = await source.tracks?.('p9', { offset: 1, limit: 1 });
    expect(page?.tracks.map((t) => t.id)).toEqual(['t2']);
    expect(service.paths()).toEqual([
      '/shared-playlists/p9?territory=TW',
      '/new-hits-playlists/p9?territory=TW',
      '/charts/p9?territory=TW',
      '/charts/p9/tracks?territory=TW&limit=1&offset=1',
    ]);
  });

  it('stops at the first source that answers', async () => {
    const service = fakeService({ '/shared-playlists/p1': withTracks('p1') });
    const source = playlistDetails({ catalog: service.catalog, knownTitle: () => undefined });
    expect(await source.detail('p1')).toMatchObject({ title: 'Playlist p1', owner: 'Tunewall Editors' });
    expect(service.paths()).toEqual(['/shared-playlists/p1?territory=TW']);
  });

  it('rejects with not-found when no source knows the id', async () => {
    const service = fakeService({});
    const source = playlistDetails({ catalog: service.catalog, knownTitle: () => undefined });
    await expect(source.detail('nope')).rejects.toMatchObject({ kind: 'not-found' });
  });
});

import { describe, expect, it } from 'vitest';
import { recommendedDetails } from '../../../../../main/core/features/details/recommended';
import { json } from '../../catalog/fakeFetch';
import { paged, track } from '../../catalog/fixtures';
import { fakeService } from '../support';

const noSeed = () => json({ error: { message: 'No available seed id', code: 0 } }, 404);
const { album: _album, ...seedTrack } = track('s1');
const result = (ids: string[], offset = 0) => ({
  seed_track: seedTrack,
  tracks: paged(ids.map((id) => ({ ...track(id), isrc: 'TW-AB1-24-00001' })), { offset, total: 80 }),
});

describe('more like this', () => {
  it('the seed comes with its album (from /tracks), and its recommendations with theirs', async () => {
    const service = fakeService({ '/tracks/s1': track('s1'), '/tracks/s1/recommended-tracks': result(['r1', 'r2']) });
    const view = await recommendedDetails({ catalog: service.catalog }).detail('s1');
    expect(view).toMatchObject({ layout: 'tracks', ref: { kind: 'recommended', id: 's1' }, title: 'Song s1', totalTracks: 80 });
    expect(view.layout === 'tracks' && view.seed).toMatchObject({ id: 's1', albumId: 'al1', artist: 'Lin Mei' });
    expect(service.paths()).toContain('/tracks/s1/recommended-tracks?territory=TW&limit=50');
  });

  it('a track that cannot seed recommendations answers the seed and no tracks, not an error', async () => {
    const service = fakeService({ '/tracks/s1': track('s1'), '/tracks/s1/recommended-tracks': noSeed });
    const source = recommendedDetails({ catalog: service.catalog });
    expect(await source.detail('s1')).toMatchObject({ totalTracks: 0, tracks: [], seed: { id: 's1' } });
    expect(await source.tracks?.('s1', { offset: 0, limit: 50 })).toEqual({ offset: 0, total: 0, tracks: [] });
  });

  it('a seed without an album has nothing to go to, and is still a seed', async () => {
    const service = fakeService({ '/tracks/s1': track('s1', { album: undefined }), '/tracks/s1/recommended-tracks': result(['r1']) });
    const view = await recommendedDetails({ catalog: service.catalog }).detail('s1');
    expect(view).toMatchObject({ images: [], owner: undefined, seed: { albumId: undefined, artistId: undefined, album: '' } });
  });

  it('pages recommendations at most 50 at a time, the service’s limit', async () => {
    const service = fakeService({ '/tracks/s1/recommended-tracks': result(['r51'], 50) });
    const page = await recommendedDetails({ catalog: service.catalog }).tracks?.('s1', { offset: 50, limit: 100 });
    expect(page).toMatchObject({ offset: 50, total: 80, tracks: [{ id: 'r51' }] });
    expect(service.paths()).toEqual(['/tracks/s1/recommended-tracks?territory=TW&limit=50&offset=50']);
  });

  it('other failures stay failures', async () => {
    const service = fakeService({ '/tracks/s1': track('s1'), '/tracks/s1/recommended-tracks': () => json({ error: { message: 'Internal Server Error', code: 0 } }, 500) });
    await expect(recommendedDetails({ catalog: service.catalog }).detail('s1')).rejects.toMatchObject({ kind: 'server' });
  });
});

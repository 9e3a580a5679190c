/** The simpler details: chart, new-hits playlist and new-release category. */
import { describe, expect, it } from 'vitest';
import { chartDetails } from '../../../../../main/core/features/details/chart';
import { newHitsDetails } from '../../../../../main/core/features/details/newHits';
import { newReleaseCategoryDetails } from '../../../../../main/core/features/details/newReleaseCategory';
import { album, paged, playlist, track } from '../../catalog/fixtures';
import { fakeService } from '../support';

describe('chart, new hits and new-release category details', () => {
  it('a chart without a title takes the one of the tile it was opened from', async () => {
    const service = fakeService({ '/charts/c1': { updated_at: 1717200000, owner: { id: 'o', name: 'Editors' }, tracks: paged([track('t1')]) } });
    const view = await chartDetails({ catalog: service.catalog, knownTitle: (ref) => (ref.id === 'c1' ? 'Top 100' : undefined) }).detail('c1');
    expect(view).toMatchObject({ ref: { kind: 'chart', id: 'c1' }, title: 'Top 100', owner: 'Editors' });
  });

  it('a new-hits playlist opens and pages as new hits', async () => {
    const service = fakeService({
      '/new-hits-playlists/n1': { ...playlist('n1'), tracks: paged([track('t1')], { total: 2 }) },
      '/new-hits-playlists/n1/tracks': paged([track('t2')], { offset: 1, total: 2 }),
    });
    const source = newHitsDetails({ catalog: service.catalog });
    expect(await source.detail('n1')).toMatchObject({ ref: { kind: 'new-hits', id: 'n1' }, totalTracks: 2, shuffled: false });
    expect((await source.tracks?.('n1', { offset: 1, limit: 1 }))?.tracks.map((t) => t.id)).toEqual(['t2']);
  });

  it('a new-release category is its albums as a grid', async () => {
    const service = fakeService({ '/new-release-categories/nr1': { id: 'nr1', title: 'Mandopop', albums: paged([album()], { total: 30 }) } });
    const view = await newReleaseCategoryDetails({ catalog: service.catalog }).detail('nr1');
    expect(view).toMatchObject({ layout: 'albums', title: 'Mandopop', totalAlbums: 30, albums: [{ ref: { kind: 'album', id: 'al1' } }] });
  });
});

import { describe, expect, it } from 'vitest';
import { stationDetails } from '../../../../../main/core/features/details/station';
import { API, paged, track } from '../../catalog/fixtures';
import { fakeService } from '../support';

const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => `t${from + i}`);

describe('station details', () => {
  it('keeps the one list a station answered with and pages it locally, every page', async () => {
    let calls = 0;
    const service = fakeService({
      // Two pages of the detail's own track list, in an order that changes on every call.
      '/mood-stations/m1': (request: { url: URL }) => {
        calls += 1;
        const offset = Number(request.url.searchParams.get('offset') ?? 0);
        const list = offset === 0 ? ids(0, 100) : ids(100, 20);
        const next = offset === 0 ? `${API}/v1.1/mood-stations/m1?territory=TW&offset=100&limit=100` : null;
        return { id: 'm1', name: 'Calm', tracks: paged((calls % 2 ? list : list.reverse()).map((id) => track(id)), { offset, next, total: 120 }) };
      },
    });
    const stations = stationDetails({ catalog: service.catalog });
    const detail = await stations.mood.detail('m1');
    expect(detail).toMatchObject({ ref: { kind: 'mood-station', id: 'm1' }, shuffled: true, totalTracks: 120 });
    expect(detail.layout === 'tracks' && detail.tracks).toHaveLength(100);
    const tail = await stations.mood.tracks?.('m1', { offset: 100, limit: 50 });
    expect(tail).toMatchObject({ offset: 100, total: 120 });
    expect(tail?.tracks.map((t) => t.id)).toEqual(ids(100, 20).reverse());
    expect(service.paths()).toHaveLength(2);
  });

  it('loads the list when its pages are asked for first, and again after a reset', async () => {
    const service = fakeService({ '/genre-stations/g1': { id: 'g1', category: 'Jazz', name: 'Smooth', tracks: paged([track('a'), track('b')]) } });
    const stations = stationDetails({ catalog: service.catalog });
    expect((await stations.genre.tracks?.('g1', { offset: 1, limit: 5 }))?.tracks.map((t) => t.id)).toEqual(['b']);
    await stations.genre.tracks?.('g1', { offset: 0, limit: 5 });
    expect(service.paths()).toHaveLength(1);
    stations.reset();
    await stations.genre.tracks?.('g1', { offset: 0, limit: 5 });
    expect(service.paths()).toHaveLength(2);
  });
});

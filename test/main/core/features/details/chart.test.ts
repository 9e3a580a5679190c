import { describe, expect, it } from 'vitest';
import { chartDetails } from '../../../../../main/core/features/details/chart';
import { paged, playlist, track } from '../../catalog/fixtures';
import { fakeService } from '../support';

describe('chart details', () => {
  it('a chart detail without its page takes the one the charts list gives, so it opens on a phone like a playlist', async () => {
    const { url: _url, description: _d, ...detail } = { ...playlist('c1'), tracks: paged([track('t1')], { total: 1 }) };
    const service = fakeService({
      '/charts/c1': detail,
      '/charts': paged([playlist('c0'), playlist('c1')], { total: 2 }),
    });
    const source = chartDetails({ catalog: service.catalog, knownTitle: () => undefined });
    expect(await source.detail('c1')).toMatchObject({ ref: { kind: 'chart', id: 'c1' }, url: 'https://www.example.test/playlist/c1' });
    await source.detail('c1');
    expect(service.paths().filter((p) => p.startsWith('/charts?'))).toHaveLength(1);
  });

  it('a chart detail with its page asks for nothing more', async () => {
    const service = fakeService({ '/charts/c2': { ...playlist('c2'), tracks: paged([track('t1')], { total: 1 }) } });
    const source = chartDetails({ catalog: service.catalog, knownTitle: () => undefined });
    expect(await source.detail('c2')).toMatchObject({ url: 'https://www.example.test/playlist/c2' });
    expect(service.paths()).toEqual(['/charts/c2?territory=TW']);
  });
});

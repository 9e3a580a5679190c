import { describe, expect, it } from 'vitest';
import { kidsCategoryDetails } from '../../../../../main/core/features/details/kidsCategory';
import { paged, playlist } from '../../catalog/fixtures';
import { fakeService, type Route } from '../support';

const images = [{ url: 'https://img.example.test/k.jpg', width: 533, height: 300 }];
const detail = (id: string, subcategories: { id: string; title: string }[]) => ({
  id,
  title: `Category ${id}`,
  images,
  subcategories: subcategories.map((s) => ({ ...s, images })),
  paging: { offset: 0, limit: 100, previous: null, next: null },
  summary: { total: subcategories.length },
});

describe('children category details', () => {
  it('one section per subcategory, their first playlists asked for at once', async () => {
    let inFlight = 0;
    let most = 0;
    const playlists = (ids: string[]): Route => async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 0));
      inFlight -= 1;
      return paged(ids.map((id) => playlist(id)), { total: ids.length });
    };
    const service = fakeService({
      '/children-categories/k1': detail('k1', [
        { id: 's1', title: 'Songs' },
        { id: 's2', title: 'Stories' },
      ]),
      '/children-categories/s1/playlists': playlists(['p1', 'p2']),
      '/children-categories/s2/playlists': playlists([]),
    });
    const view = await kidsCategoryDetails({ catalog: service.catalog }).detail('k1');
    if (view.layout !== 'kids') throw new Error('expected the kids layout');
    expect(view.sections.map((s) => [s.ref, s.title, s.totalPlaylists, s.playlists.map((p) => p.ref?.id)])).toEqual([
      [{ kind: 'kids-category', id: 's1' }, 'Songs', 2, ['p1', 'p2']],
      [{ kind: 'kids-category', id: 's2' }, 'Stories', 0, []],
    ]);
    expect(most).toBe(2);
    expect(service.paths()).toContain('/children-categories/s1/playlists?territory=TW&limit=50');
  });

  it('without subcategories: one section of its own playlists', async () => {
    const service = fakeService({
      '/children-categories/k2': detail('k2', []),
      '/children-categories/k2/playlists': paged([playlist('p9')], { total: 1 }),
    });
    const view = await kidsCategoryDetails({ catalog: service.catalog }).detail('k2');
    expect(view).toMatchObject({ layout: 'kids', sections: [{ ref: { kind: 'kids-category', id: 'k2' }, title: 'Category k2', playlists: [{ key: 'p9' }] }] });
  });

  it('without subcategories or playlists: no sections, not a failure', async () => {
    const service = fakeService({ '/children-categories/k3': detail('k3', []), '/children-categories/k3/playlists': paged([]) });
    expect(await kidsCategoryDetails({ catalog: service.catalog }).detail('k3')).toMatchObject({ layout: 'kids', title: 'Category k3', sections: [] });
  });
});

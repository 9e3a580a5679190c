/** Following `next` to the end, stepping back with `previous`, and the links' exact shape. */
import { describe, expect, it } from 'vitest';
import { PlaylistPageSchema, TrackPageSchema, type Paging } from '../../shared/service/catalog';
import { catalogFixture } from './catalog-fixture';

const fx = catalogFixture({ seed: 4242 });

async function longChartId(): Promise<{ id: string; total: number }> {
  const charts = PlaylistPageSchema.parse((await fx.get('/charts?territory=JP')).body);
  for (const chart of charts.data) {
    const total = TrackPageSchema.parse((await fx.get(`/charts/${chart.id}/tracks?territory=JP&limit=1`)).body).summary.total ?? 0;
    if (total > 500) return { id: chart.id, total };
  }
  throw new Error('No chart longer than 500 tracks.');
}

function query(url: string): URLSearchParams {
  return new URL(url).searchParams;
}

describe('paging past 500 on the long chart', () => {
  it.each([undefined, 100, 500])('following next with limit=%s reaches every track once, then next is null', async (limit) => {
    const { id, total } = await longChartId();
    let url: string | null = `${fx.sb.urls.api}/charts/${id}/tracks?territory=JP${limit === undefined ? '' : `&limit=${limit}`}`;
    const seen: string[] = [];
    let pages = 0;
    let last: Paging | undefined;
    while (url !== null) {
      const res = await fx.getUrl(url);
      expect(res.status).toBe(200);
      const page = TrackPageSchema.parse(res.body);
      expect(page.summary.total).toBe(total);
      seen.push(...page.data.map((t) => t.id));
      last = page.paging;
      url = page.paging.next;
      pages += 1;
      expect(pages).toBeLessThan(50);
      if (url !== null) {
        expect(url.startsWith(`${fx.sb.origin}/v1.1/charts/${id}/tracks?`)).toBe(true);
        expect(query(url).get('territory')).toBe('JP');
        expect(Number(query(url).get('offset'))).toBe(seen.length);
        expect(Number(query(url).get('limit'))).toBe(limit ?? 500);
      }
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(last?.next).toBeNull();
    expect(pages).toBe(Math.ceil(total / (limit ?? 500)));
  });

  it('previous is null on the first page and leads back a page from later ones', async () => {
    const { id } = await longChartId();
    const first = TrackPageSchema.parse((await fx.get(`/charts/${id}/tracks?territory=JP&limit=200`)).body);
    expect(first.paging.previous).toBeNull();
    if (!first.paging.next) throw new Error('no second page');
    const second = TrackPageSchema.parse((await fx.getUrl(first.paging.next)).body);
    expect(second.paging.offset).toBe(200);
    expect(second.paging.previous).toBe(`${fx.sb.origin}/v1.1/charts/${id}/tracks?territory=JP&offset=0&limit=200`);
    if (!second.paging.previous) throw new Error('no previous');
    const back = TrackPageSchema.parse((await fx.getUrl(second.paging.previous)).body);
    expect(back.data.map((t) => t.id)).toEqual(first.data.map((t) => t.id));
  });

  it('an offset that does not fall on a page boundary steps back by one limit, not below 0', async () => {
    const { id } = await longChartId();
    const page = TrackPageSchema.parse((await fx.get(`/charts/${id}/tracks?territory=JP&offset=30&limit=100`)).body);
    expect(page.paging.previous).toBe(`${fx.sb.origin}/v1.1/charts/${id}/tracks?territory=JP&offset=0&limit=100`);
    expect(page.paging.next).toBe(`${fx.sb.origin}/v1.1/charts/${id}/tracks?territory=JP&offset=130&limit=100`);
  });

  it('an offset past the end gives an empty page with no next', async () => {
    const { id, total } = await longChartId();
    const page = TrackPageSchema.parse((await fx.get(`/charts/${id}/tracks?territory=JP&offset=${total + 10}&limit=100`)).body);
    expect(page.data).toEqual([]);
    expect(page.paging.next).toBeNull();
    expect(page.summary.total).toBe(total);
  });
});

describe('short lists', () => {
  it('/charts comes whole without a limit: next and previous are null', async () => {
    const page = PlaylistPageSchema.parse((await fx.get('/charts?territory=HK')).body);
    expect(page.paging).toEqual({ offset: 0, limit: 500, previous: null, next: null });
    expect(page.data).toHaveLength(page.summary.total ?? -1);
  });

  it('/charts pages like any list when a limit is given', async () => {
    const page = PlaylistPageSchema.parse((await fx.get('/charts?territory=HK&limit=5&offset=5')).body);
    expect(page.data).toHaveLength(5);
    expect(page.paging.next).toBe(`${fx.sb.origin}/v1.1/charts?territory=HK&offset=10&limit=5`);
    expect(page.paging.previous).toBe(`${fx.sb.origin}/v1.1/charts?territory=HK&offset=0&limit=5`);
  });
});

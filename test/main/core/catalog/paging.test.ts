import { describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../../../main/core/catalog/client';
import { CatalogError } from '../../../../main/core/catalog/errors';
import { collectAll, pages } from '../../../../main/core/catalog/paging';
import type { Logger } from '../../../../main/core/ports';
import { API, paged, track } from './fixtures';
import { fakeFetch, json } from './fakeFetch';
import type { Handler } from './fakeFetch';

function setup(handler: Handler, maxPages?: number) {
  const fake = fakeFetch(handler);
  const warnings: string[] = [];
  const logger: Logger = { info: () => undefined, warn: (m) => warnings.push(m), error: () => undefined };
  const client = createCatalogClient({ fetch: fake.fetch, apiBase: API, territory: () => 'TW', maxPages, logger });
  return { client, requests: fake.requests, warnings };
}

/** A chart of `total` tracks served `pageSize` at a time, with absolute `next` links like the service's. */
function chartTracks(total: number, pageSize: number, nextOrigin = API): Handler {
  return (r) => {
    const offset = Number(r.url.searchParams.get('offset') ?? 0);
    const limit = Number(r.url.searchParams.get('limit') ?? pageSize);
    const size = Math.min(limit, pageSize, total - offset);
    const data = Array.from({ length: Math.max(0, size) }, (_, i) => track(`t${offset + i}`));
    const end = offset + data.length;
    const next = end < total ? `${nextOrigin}/v1.1/charts/c1/tracks?territory=TW&limit=${limit}&offset=${end}` : null;
    return json(paged(data, { offset, next, total }));
  };
}

describe('paging', () => {
  it('follows next until it is null and returns every item once', async () => {
    const { client, requests } = setup(chartTracks(1203, 500));
    const items = await collectAll(client.chartTracks('c1', { limit: 500 }));
    expect(items).toHaveLength(1203);
    expect(new Set(items.map((t) => t.id)).size).toBe(1203);
    expect(requests.map((r) => r.url.searchParams.get('offset'))).toEqual([null, '500', '1000']);
    expect(requests.every((r) => r.url.searchParams.get('territory') === 'TW')).toBe(true);
  });

  it('makes one request for a list that fits one page', async () => {
    const { client, requests } = setup(chartTracks(3, 500));
    const seen = [];
    for await (const page of pages(client.chartTracks('c1'))) seen.push(page.data.length);
    expect(seen).toEqual([3]);
    expect(requests).toHaveLength(1);
  });

  it('stops at the page cap and says so in the log', async () => {
    const { client, requests, warnings } = setup(chartTracks(10_000, 10), 4);
    const items = await collectAll(client.chartTracks('c1'));
    expect(requests).toHaveLength(4);
    expect(items).toHaveLength(40);
    expect(warnings).toContain('catalog paging stopped at the page cap');
  });

  it('lets a caller lower the cap but not raise it', async () => {
    const { client, requests } = setup(chartTracks(10_000, 10), 4);
    await collectAll(client.chartTracks('c1'), { maxPages: 2 });
    expect(requests).toHaveLength(2);
    await collectAll(client.chartTracks('c1'), { maxPages: 100 });
    expect(requests).toHaveLength(2 + 4);
  });

  it('refuses a next link on another origin and never requests it', async () => {
    const { client, requests } = setup(chartTracks(30, 10, 'https://elsewhere.example.test'));
    const error: unknown = await collectAll(client.chartTracks('c1')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogError);
    expect(error).toMatchObject({ kind: 'invalid-response' });
    expect(requests.map((r) => r.url.origin)).toEqual([API]);
  });

  it('clamps a next link whose limit is over the endpoint maximum', async () => {
    const handler: Handler = (r) => {
      const offset = Number(r.url.searchParams.get('offset') ?? 0);
      const next = offset === 0 ? `${API}/v1.1/charts/c1/tracks?territory=TW&limit=1000&offset=1` : null;
      return json(paged([track(`t${offset}`)], { offset, next }));
    };
    const { client, requests } = setup(handler);
    await collectAll(client.chartTracks('c1'));
    expect(requests[1]?.url.searchParams.get('limit')).toBe('500');
  });

  it('continues a chart detail’s nested tracks from the chart’s track list', async () => {
    const handler: Handler = (r) => {
      if (r.url.pathname === '/v1.1/charts/c1') {
        const next = `${API}/v1.1/charts/c1?territory=TW&offset=2&limit=2`;
        return json({ updated_at: 1717200000, owner: { id: 'o', name: 'O' }, tracks: paged([track('a'), track('b')], { next, total: 3 }) });
      }
      return json(paged([track('c')], { offset: 2, total: 3 }));
    };
    const { client, requests } = setup(handler);
    const chart = await client.chart('c1');
    const all = await collectAll(chart.tracks);
    expect(all.map((t) => t.id)).toEqual(['a', 'b', 'c']);
    expect(requests[1]?.url.pathname).toBe('/v1.1/charts/c1/tracks');
    expect(requests[1]?.url.searchParams.get('offset')).toBe('2');
  });

  it('stops when the service sends an empty page with a next link', async () => {
    const handler: Handler = () => json(paged([], { next: `${API}/v1.1/charts/c1/tracks?offset=0` }));
    const { client, requests } = setup(handler);
    expect(await collectAll(client.chartTracks('c1'))).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('stops when next points back at a page already read', async () => {
    const handler: Handler = (r) => {
      const offset = Number(r.url.searchParams.get('offset') ?? 0);
      return json(paged([track(`t${offset}`)], { offset, next: `${API}/v1.1/charts/c1/tracks?territory=TW&offset=1` }));
    };
    const { client, requests } = setup(handler);
    await collectAll(client.chartTracks('c1'));
    expect(requests).toHaveLength(2);
  });

  it('stops between pages when the signal is aborted', async () => {
    const controller = new AbortController();
    const { client, requests } = setup(chartTracks(100, 10));
    const seen: number[] = [];
    const run = (async () => {
      for await (const page of pages(client.chartTracks('c1'), { signal: controller.signal })) {
        seen.push(page.paging.offset);
        if (seen.length === 2) controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([0, 10]);
    expect(requests).toHaveLength(2);
  });

  it('continues recommended tracks from the whole result’s tracks', async () => {
    const handler: Handler = (r) => {
      const offset = Number(r.url.searchParams.get('offset') ?? 0);
      const { album: _album, ...seed } = track('seed');
      const next = offset === 0 ? `${API}/v1.1/tracks/seed/recommended-tracks?territory=TW&limit=50&offset=1` : null;
      return json({ seed_track: seed, tracks: paged([track(`r${offset}`, { isrc: 'X' })], { offset, next }) });
    };
    const { client } = setup(handler);
    const result = await client.recommendedTracks('seed');
    expect((await collectAll(result.tracks)).map((t) => t.id)).toEqual(['r0', 'r1']);
  });
});

/** Explicit tracks left out of detail track lists: the counts, and paging that loses, repeats and skips nothing. */
import { describe, expect, it } from 'vitest';
import { FeatureError } from '../../../../../main/core/features/errors';
import type { DetailSource } from '../../../../../main/core/features/details/detailSource';
import { explicitHidden, MOST_TRACKS } from '../../../../../main/core/features/details/explicitHidden';
import type { DetailRef, TrackView, TracksDetailView } from '../../../../../shared/bridge';

function trackOf(i: number, explicit: boolean): TrackView {
  return { id: `t${i}`, name: `Song ${i}`, artist: 'A', album: 'B', durationMs: 200_000, explicit, url: `https://x.test/${i}` };
}

/** A list as the service pages it: `count` tracks, every `every`th explicit, pages of at most `maxPage`. */
function serviceList(count: number, every: number, maxPage = 500, extra: Partial<TracksDetailView> = {}) {
  const all = Array.from({ length: count }, (_, i) => trackOf(i, i % every === every - 1));
  const calls = { detail: 0, pages: [] as Array<[number, number]> };
  const ref: DetailRef = { kind: 'chart', id: 'c1' };
  const source: DetailSource = {
    detail: async () => {
      calls.detail += 1;
      const view: TracksDetailView = {
        layout: 'tracks', ref, title: 'Chart', images: [], url: undefined, description: '', owner: undefined, updatedAt: undefined,
        totalTracks: count, shuffled: false, tracks: all.slice(0, 100), ...extra,
      };
      return view;
    },
    tracks: async (_id, { offset, limit }) => {
      calls.pages.push([offset, limit]);
      const size = Math.min(limit, maxPage);
      return { offset, total: count, tracks: all.slice(offset, offset + size) };
    },
  };
  return { all, source, calls };
}

function tracksOf(view: unknown): TracksDetailView {
  const detail = view as TracksDetailView;
  if (detail.layout !== 'tracks') throw new Error('not a track list');
  return detail;
}

describe('explicit tracks hidden from detail lists', () => {
  it('shown: the source answers untouched', async () => {
    const { source, all } = serviceList(250, 7);
    const { source: wrapped } = explicitHidden(source, () => false);
    const detail = tracksOf(await wrapped.detail('c1'));
    expect(detail.totalTracks).toBe(250);
    expect(detail.explicitLeftOut).toBeUndefined();
    expect((await wrapped.tracks?.('c1', { offset: 100, limit: 100 }))?.tracks).toEqual(all.slice(100, 200));
  });

  it('hidden: no explicit track, numbered again from 0, and kept + left out = the service total', async () => {
    const { source, all } = serviceList(620, 7);
    const { source: wrapped } = explicitHidden(source, () => true);
    const detail = tracksOf(await wrapped.detail('c1'));
    const clean = all.filter((t) => !t.explicit);
    expect(detail.explicitLeftOut).toBe(88);
    expect(detail.totalTracks + (detail.explicitLeftOut ?? 0)).toBe(620);
    expect(detail.totalTracks).toBe(clean.length);
    expect(detail.tracks).toEqual(clean.slice(0, 100));
    const page = await wrapped.tracks?.('c1', { offset: 500, limit: 100 });
    expect(page).toEqual({ offset: 500, total: clean.length, tracks: clean.slice(500, 600) });
    expect((await wrapped.tracks?.('c1', { offset: 600, limit: 100 }))?.tracks).toEqual([]);
  });

  it('placed by offset as the renderer’s paged list does, pages in any order end with every clean track once, in order, and no hole', async () => {
    const { source, all } = serviceList(620, 5);
    const { source: wrapped } = explicitHidden(source, () => true);
    const detail = tracksOf(await wrapped.detail('c1'));
    // renderer/src/screens/detail/pagedList.ts: a list of `total` slots, each page's tracks at offset + i.
    const slots = new Array<TrackView | undefined>(detail.totalTracks).fill(undefined);
    detail.tracks.forEach((t, i) => (slots[i] = t));
    // A jump to the end first (a page jump), then back and forth, in pages of the renderer's size, some overlapping.
    for (const offset of [400, 200, 100, 300, 250, 0]) {
      const page = await wrapped.tracks?.('c1', { offset, limit: 100 });
      page?.tracks.forEach((t, i) => {
        expect(page.offset + i).toBeLessThan(slots.length);
        const before = slots[page.offset + i];
        // An overlapping page never puts another track where one was.
        if (before !== undefined) expect(before).toEqual(t);
        slots[page.offset + i] = t;
      });
    }
    expect(slots).toEqual(all.filter((t) => !t.explicit));
  });

  it('reads the whole list once, in the service’s largest pages, however many pages the screen then asks for', async () => {
    const { source, calls } = serviceList(1200, 4);
    const { source: wrapped } = explicitHidden(source, () => true);
    await wrapped.detail('c1');
    for (let offset = 0; offset < 900; offset += 100) await wrapped.tracks?.('c1', { offset, limit: 100 });
    expect(calls.pages).toEqual([[100, 500], [600, 500], [1100, 500]]);
  });

  it('a page asked for before the detail (the core started again) reads the list once for every caller', async () => {
    const { source, calls, all } = serviceList(300, 3);
    const { source: wrapped } = explicitHidden(source, () => true);
    const [a, b] = await Promise.all([wrapped.tracks?.('c1', { offset: 0, limit: 100 }), wrapped.tracks?.('c1', { offset: 100, limit: 100 })]);
    const clean = all.filter((t) => !t.explicit);
    expect(a?.tracks).toEqual(clean.slice(0, 100));
    expect(b?.tracks).toEqual(clean.slice(100, 200));
    expect(calls.detail).toBe(1);
  });

  it('a list that ends before its total, or past the most read, stops without asking forever', async () => {
    const short = serviceList(150, 2, 500, { totalTracks: 400 });
    const detail = tracksOf(await explicitHidden(short.source, () => true).source.detail('c1'));
    expect(detail.totalTracks + (detail.explicitLeftOut ?? 0)).toBe(150);
    const long = serviceList(MOST_TRACKS + 700, 10);
    const most = tracksOf(await explicitHidden(long.source, () => true).source.detail('c1'));
    expect(most.totalTracks + (most.explicitLeftOut ?? 0)).toBe(MOST_TRACKS);
  });

  it('turning hiding on after a list was read shows no explicit track from it, and off shows them again', async () => {
    const hide = { value: false };
    const { source } = serviceList(250, 2);
    const { source: wrapped } = explicitHidden(source, () => hide.value);
    expect(tracksOf(await wrapped.detail('c1')).tracks.some((t) => t.explicit)).toBe(true);
    hide.value = true;
    const page = await wrapped.tracks?.('c1', { offset: 0, limit: 500 });
    expect(page?.tracks.some((t) => t.explicit)).toBe(false);
    expect(page?.total).toBe(125);
    hide.value = false;
    expect((await wrapped.tracks?.('c1', { offset: 0, limit: 100 }))?.tracks.some((t) => t.explicit)).toBe(true);
  });

  it('a list still being read when the territory or member changes is not kept for the next one', async () => {
    const { source, calls } = serviceList(300, 3);
    let release = (): void => undefined;
    const held = new Promise<void>((done) => (release = done));
    const slow: DetailSource = {
      ...source,
      tracks: async (id, page) => {
        await held;
        const answer = await source.tracks?.(id, page);
        if (answer === undefined) throw new Error('no tracks');
        return answer;
      },
    };
    const hiding = explicitHidden(slow, () => true);
    const before = hiding.source.tracks?.('c1', { offset: 100, limit: 100 });
    hiding.reset();
    release();
    // The page asked for before still gets the list it was read from.
    const clean = source.tracks === undefined ? [] : (await source.tracks('c1', { offset: 0, limit: 300 })).tracks.filter((t) => !t.explicit);
    expect((await before)?.tracks).toEqual(clean.slice(100, 200));
    await hiding.source.tracks?.('c1', { offset: 0, limit: 100 });
    // Read again after the reset, not answered from the list read before it.
    expect(calls.detail).toBe(2);
  });

  it('a children’s playlist’s own count is added to', async () => {
    const { source } = serviceList(40, 4, 500, { explicitLeftOut: 3 });
    const detail = tracksOf(await explicitHidden(source, () => true).source.detail('c1'));
    expect(detail.explicitLeftOut).toBe(13);
  });

  it('more like an explicit track is refused, with a reason the screen can show', async () => {
    const { source } = serviceList(10, 2, 500, { seed: trackOf(99, true) });
    const failure = await explicitHidden(source, () => true).source.detail('c1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FeatureError);
    expect((failure as FeatureError).ui.messageKey).toBe('explicitHidden');
  });

  it('an artist’s top tracks are filtered and their albums left as they are', async () => {
    const tracks = Array.from({ length: 30 }, (_, i) => trackOf(i, i % 3 === 0));
    const source: DetailSource = {
      detail: async () => ({
        layout: 'artist', ref: { kind: 'artist', id: 'a1' }, title: 'A', images: [], url: undefined,
        totalTracks: 30, tracks, totalAlbums: 1, albums: [],
      }),
      tracks: async (_id, { offset, limit }) => ({ offset, total: 30, tracks: tracks.slice(offset, offset + limit) }),
      tiles: async () => ({ offset: 0, total: 1, tiles: [] }),
    };
    const { source: wrapped } = explicitHidden(source, () => true);
    const detail = await wrapped.detail('a1');
    if (detail.layout !== 'artist') throw new Error('not an artist');
    expect([detail.totalTracks, detail.explicitLeftOut, detail.tracks.some((t) => t.explicit)]).toEqual([20, 10, false]);
    expect(wrapped.tiles).toBe(source.tiles);
  });
});

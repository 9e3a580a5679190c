/**
 * A children category's playlist: the playlist as any other, without its explicit tracks. A children's screen never
 * shows explicit content, whatever the service puts in the list, so the whole list is read once and the kept tracks
 * are paged from memory; the view says how many were left out.
 */
import type { TrackView, TracksDetailView } from '../../../../shared/bridge';
import type { DetailSource, PageRequest } from './detailSource';

/** Read a page at a time (the service's limit), up to this many tracks: a children's playlist is far shorter. */
const PAGE = 100;
const MOST_TRACKS = 1000;
/** Playlists whose kept tracks stay in memory for paging (the ones on the navigation stack, in practice). */
const KEPT_LISTS = 8;

export function kidsPlaylistDetails({ playlists }: { playlists: DetailSource }): DetailSource {
  const kept = new Map<string, TrackView[]>();

  async function everyTrack(id: string, detail: TracksDetailView): Promise<TrackView[]> {
    const tracks = [...detail.tracks];
    const listTracks = playlists.tracks;
    while (listTracks !== undefined && tracks.length < Math.min(detail.totalTracks, MOST_TRACKS)) {
      const page = await listTracks(id, { offset: tracks.length, limit: PAGE });
      if (page.tracks.length === 0) break;
      tracks.push(...page.tracks);
    }
    return tracks;
  }

  async function load(id: string): Promise<TracksDetailView> {
    const detail = await playlists.detail(id);
    if (detail.layout !== 'tracks') throw new Error(`A children's playlist came as a ${detail.layout} layout.`);
    const all = await everyTrack(id, detail);
    const clean = all.filter((track) => !track.explicit);
    kept.delete(id);
    kept.set(id, clean);
    if (kept.size > KEPT_LISTS) kept.delete(kept.keys().next().value ?? id);
    return {
      ...detail,
      ref: { kind: 'kids-playlist', id },
      totalTracks: clean.length,
      tracks: clean.slice(0, PAGE),
      explicitLeftOut: all.length - clean.length,
    };
  }

  return {
    detail: load,
    tracks: async (id: string, page: PageRequest) => {
      let clean = kept.get(id);
      if (clean === undefined) {
        await load(id);
        clean = kept.get(id) ?? [];
      }
      return { offset: page.offset, total: clean.length, tracks: clean.slice(page.offset, page.offset + page.limit) };
    },
  };
}

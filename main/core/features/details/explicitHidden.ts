/**
 * A detail source whose track lists leave explicit tracks out while the one on screen hides them. A page of the
 * service's list cannot be filtered on its own: the screen places tracks by offset in a list of `total`, so a shorter
 * page would leave gaps, and the next page would not know how many went before it. The whole list is read instead
 * (pages of the service's largest size: two requests for the longest chart), the clean tracks are numbered again from
 * 0, and later pages come from that list; the view says how many were left out, so kept + left out = the service's
 * total. While explicit tracks are shown, every call goes to the source untouched.
 */
import type { ArtistDetailView, DetailView, TrackPageView, TrackView, TracksDetailView } from '../../../../shared/bridge';
import { MAX_TRACK_PAGE } from '../../../../shared/bridgeArgs';
import { withoutExplicit, type HideExplicit } from '../explicit/explicitFilter';
import { FeatureError, featureErrors } from '../errors';
import type { DetailSource, PageRequest } from './detailSource';

/** The tracks a filtered detail shows at once; the renderer asks for the rest a page at a time. */
const FIRST_PAGE = 100;
/** A list is read up to this many tracks (ten of the service's largest pages); what lies past it is not shown. */
export const MOST_TRACKS = 5000;
/** Lists whose clean tracks stay in memory for paging (the ones on the navigation stack, in practice). */
const KEPT_LISTS = 16;

type WithTracks = TracksDetailView | ArtistDetailView;

export interface ExplicitHiding {
  source: DetailSource;
  /** Drops the lists kept for paging (another territory, another member). */
  reset(): void;
}

export function explicitHidden(source: DetailSource, hideExplicit: HideExplicit): ExplicitHiding {
  if (source.tracks === undefined) return { source, reset: () => undefined };
  const listTracks: NonNullable<DetailSource['tracks']> = source.tracks.bind(source);
  const kept = new Map<string, TrackView[]>();
  const loading = new Map<string, Promise<TrackView[]>>();
  // Bumped by reset: a list read for the territory or member before is not kept for the one after.
  let generation = 0;

  function keep(id: string, clean: TrackView[]): void {
    kept.delete(id);
    kept.set(id, clean);
    for (const oldest of kept.keys()) {
      if (kept.size <= KEPT_LISTS) break;
      kept.delete(oldest);
    }
  }

  /** Every track of the list, from the detail's first page on. */
  async function everyTrack(id: string, first: readonly TrackView[], total: number): Promise<TrackView[]> {
    const all = [...first];
    const wanted = Math.min(total, MOST_TRACKS);
    while (all.length < wanted) {
      const page = await listTracks(id, { offset: all.length, limit: MAX_TRACK_PAGE });
      // A list shorter than its total (the service counted tracks it no longer lists) ends where it ends.
      if (page.tracks.length === 0) break;
      all.push(...page.tracks.slice(0, wanted - all.length));
    }
    return all;
  }

  async function filtered<T extends WithTracks>(id: string, detail: T, started: number): Promise<{ view: T; clean: TrackView[] }> {
    const all = await everyTrack(id, detail.tracks, detail.totalTracks);
    const { kept: clean, hidden } = withoutExplicit(all);
    if (started === generation) keep(id, clean);
    const view = {
      ...detail,
      totalTracks: clean.length,
      tracks: clean.slice(0, FIRST_PAGE),
      // A children's playlist has left its own out already.
      explicitLeftOut: (detail.explicitLeftOut ?? 0) + hidden,
    };
    return { view, clean };
  }

  /** The detail without its explicit tracks, and the whole clean list (none for a detail without tracks). */
  async function load(id: string): Promise<{ view: DetailView; clean: TrackView[] }> {
    const started = generation;
    const view = await source.detail(id);
    if (view.layout !== 'tracks' && view.layout !== 'artist') return { view, clean: [] };
    // More like an explicit track: the track itself would be on screen.
    if (view.layout === 'tracks' && view.seed?.explicit === true) throw new FeatureError(featureErrors.explicitHidden());
    return filtered(id, view, started);
  }

  /** The clean list for paging; read once (by whoever asks first) when it is not kept. */
  function cleanList(id: string): Promise<TrackView[]> {
    const known = kept.get(id);
    if (known !== undefined) return Promise.resolve(known);
    let reading = loading.get(id);
    if (reading === undefined) {
      reading = load(id)
        .then(({ clean }) => clean)
        .finally(() => loading.delete(id));
      loading.set(id, reading);
    }
    return reading;
  }

  async function tracks(id: string, page: PageRequest): Promise<TrackPageView> {
    if (!hideExplicit()) return listTracks(id, page);
    const clean = await cleanList(id);
    return { offset: page.offset, total: clean.length, tracks: clean.slice(page.offset, page.offset + page.limit) };
  }

  return {
    source: {
      ...source,
      detail: async (id) => (hideExplicit() ? (await load(id)).view : source.detail(id)),
      tracks,
    },
    reset: () => {
      generation++;
      kept.clear();
      loading.clear();
    },
  };
}

/** `explicitHidden` over every kind's source. */
export function explicitHiddenEach<K extends string>(
  sources: Record<K, DetailSource>,
  hideExplicit: HideExplicit,
): { sources: Record<K, DetailSource>; reset(): void } {
  const kinds = Object.keys(sources) as K[];
  const hiding = kinds.map((kind) => [kind, explicitHidden(sources[kind], hideExplicit)] as const);
  return {
    sources: Object.fromEntries(hiding.map(([kind, h]) => [kind, h.source])) as Record<K, DetailSource>,
    reset: () => hiding.forEach(([, h]) => h.reset()),
  };
}

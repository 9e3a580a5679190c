/**
 * Mood and genre stations. The service returns a station's tracks in a new order on every call, so one call's whole
 * list is kept and paged locally: the pages a viewer scrolls through belong to the list they saw.
 */
import type { TrackView, TracksDetailView } from '../../../../shared/bridge';
import { collectAll, type CatalogClient, type Page } from '../../catalog';
import type { Track } from '../../../../shared/service/catalog';
import { genreStationDetailView, moodStationDetailView, trackView } from '../../views';
import type { DetailSource } from './detailSource';

/** The tracks a station detail shows at once; the rest page from the kept list. */
const FIRST_PAGE = 100;

export interface StationDetails {
  mood: DetailSource;
  genre: DetailSource;
  /** Drops the kept lists (a new territory, another member). */
  reset(): void;
}

export function stationDetails({ catalog }: { catalog: CatalogClient }): StationDetails {
  const kept = new Map<string, TrackView[]>();

  async function withAllTracks(key: string, view: TracksDetailView, first: Page<Track>): Promise<TracksDetailView> {
    const all = (await collectAll(first)).map((t) => trackView(t));
    kept.set(key, all);
    return { ...view, tracks: all.slice(0, FIRST_PAGE), totalTracks: all.length };
  }

  function source(kind: 'mood' | 'genre', load: (id: string) => Promise<TracksDetailView>): DetailSource {
    return {
      detail: load,
      tracks: async (id, { offset, limit }) => {
        let all = kept.get(`${kind}:${id}`);
        if (!all) {
          await load(id);
          all = kept.get(`${kind}:${id}`) ?? [];
        }
        return { offset, total: all.length, tracks: all.slice(offset, offset + limit) };
      },
    };
  }

  return {
    mood: source('mood', async (id) => {
      const station = await catalog.moodStation(id);
      return withAllTracks(`mood:${id}`, moodStationDetailView(station), station.tracks);
    }),
    genre: source('genre', async (id) => {
      const station = await catalog.genreStation(id);
      return withAllTracks(`genre:${id}`, genreStationDetailView(station), station.tracks);
    }),
    reset: () => kept.clear(),
  };
}

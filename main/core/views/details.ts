import type { TracksDetailView } from '../../../shared/bridge';
import type {
  ChartDetail,
  GenreStationDetail,
  MoodStationDetail,
  PlaylistDetail,
} from '../../../shared/service/catalog';
import { imageViews } from './images';
import { isoTime } from './time';
import { totalOf, trackView } from './tracks';

/** A chart detail may omit everything but `tracks`, `updated_at` and `owner`: the tile's title fills the gap. */
export function chartDetailView(chartId: string, chart: ChartDetail, knownTitle?: string): TracksDetailView {
  return {
    layout: 'tracks',
    ref: { kind: 'chart', id: chart.id ?? chartId },
    title: chart.title ?? knownTitle ?? '',
    description: chart.description ?? '',
    owner: chart.owner.name || undefined,
    updatedAt: isoTime(chart.updated_at),
    images: imageViews(chart.images),
    url: chart.url,
    totalTracks: totalOf(chart.tracks),
    shuffled: false,
    tracks: chart.tracks.data.map((t) => trackView(t)),
  };
}

export function playlistDetailView(playlist: PlaylistDetail): TracksDetailView {
  return {
    layout: 'tracks',
    ref: { kind: 'playlist', id: playlist.id },
    title: playlist.title,
    description: playlist.description,
    owner: playlist.owner.name || undefined,
    updatedAt: isoTime(playlist.updated_at),
    images: imageViews(playlist.images),
    url: playlist.url,
    totalTracks: totalOf(playlist.tracks),
    shuffled: false,
    tracks: playlist.tracks.data.map((t) => trackView(t)),
  };
}

export function moodStationDetailView(station: MoodStationDetail): TracksDetailView {
  return {
    layout: 'tracks',
    ref: { kind: 'mood-station', id: station.id },
    title: station.name,
    description: '',
    owner: undefined,
    updatedAt: undefined,
    images: imageViews(station.images),
    url: undefined,
    totalTracks: totalOf(station.tracks),
    shuffled: true,
    tracks: station.tracks.data.map((t) => trackView(t)),
  };
}

/** The category is the only words a genre station has besides its name. */
export function genreStationDetailView(station: GenreStationDetail): TracksDetailView {
  return {
    layout: 'tracks',
    ref: { kind: 'genre-station', id: station.id },
    title: station.name,
    description: station.category,
    owner: undefined,
    updatedAt: undefined,
    images: [],
    url: undefined,
    totalTracks: totalOf(station.tracks),
    shuffled: true,
    tracks: station.tracks.data.map((t) => trackView(t)),
  };
}

import type { TrackPageView, TrackView } from '../../../shared/bridge';
import type { Album, Paged, Track } from '../../../shared/service/catalog';

/** The album a track list belongs to, for tracks listed without their own `album` (album track lists). */
export interface TrackContext {
  album?: Pick<Album, 'id' | 'name' | 'artist'> | undefined;
}

export function trackView(track: Track, context: TrackContext = {}): TrackView {
  const album = track.album ?? context.album;
  return {
    id: track.id,
    name: track.name,
    artist: album?.artist.name ?? '',
    album: album?.name ?? '',
    // The contract does not name the unit; every answer seen is milliseconds.
    durationMs: track.duration,
    explicit: track.explicitness,
    url: track.url,
    // Without an id there is nothing to open: "Go to album" / "Go to artist" are then not offered.
    albumId: album?.id || undefined,
    artistId: album?.artist.id || undefined,
    albumTerritories: track.album?.available_territories,
  };
}

/** The list's size: `summary.total` when sent, else as many as this page proves exist. */
export function totalOf(paged: Paged<unknown>): number {
  return paged.summary.total ?? paged.paging.offset + paged.data.length;
}

export function trackPageView(paged: Paged<Track>, context: TrackContext = {}): TrackPageView {
  return { offset: paged.paging.offset, total: totalOf(paged), tracks: paged.data.map((t) => trackView(t, context)) };
}

/** Albums: the release date as the service knows it, and the album detail with its tracks. */
import type { AlbumFactsView, ReleaseDateView, TracksDetailView } from '../../../shared/bridge';
import type { Album, Paged, Track } from '../../../shared/service/catalog';
import { imageViews } from './images';
import { totalOf, trackView } from './tracks';

/**
 * `YYYY-MM-DD` with `00` for an unknown month or day: what is known, and nothing made up. A day without its month
 * says nothing; a date that is not one (year 0, February 31) is not shown at all.
 */
export function releaseDateView(date: string | undefined): ReleaseDateView | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date?.trim() ?? '');
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year === 0 || month > 12) return undefined;
  if (month === 0) return { year, month: undefined, day: undefined };
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return undefined;
  return { year, month, day: day === 0 ? undefined : day };
}

export function albumFactsView(album: Album): AlbumFactsView {
  return {
    artist: { id: album.artist.id, name: album.artist.name },
    releaseDate: releaseDateView(album.release_date),
    explicit: album.explicitness,
  };
}

/** Tracks listed under an album carry no `album`: the album they were listed under fills it in. */
export function albumDetailView(album: Album, tracks: Paged<Track>): TracksDetailView {
  return {
    layout: 'tracks',
    ref: { kind: 'album', id: album.id },
    title: album.name,
    description: '',
    owner: album.artist.name || undefined,
    updatedAt: undefined,
    images: imageViews(album.images),
    url: album.url || undefined,
    totalTracks: totalOf(tracks),
    shuffled: false,
    tracks: tracks.data.map((t) => trackView(t, { album })),
    album: albumFactsView(album),
  };
}

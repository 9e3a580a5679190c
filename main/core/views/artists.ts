import type { ArtistDetailView } from '../../../shared/bridge';
import type { Album, Artist, Paged, Track } from '../../../shared/service/catalog';
import { imageViews } from './images';
import { albumTile } from './tiles';
import { totalOf, trackView } from './tracks';

/** An artist: their picture, the first page of their top tracks and of their albums. */
export function artistDetailView(artist: Artist, topTracks: Paged<Track>, albums: Paged<Album>): ArtistDetailView {
  return {
    layout: 'artist',
    ref: { kind: 'artist', id: artist.id },
    title: artist.name,
    images: imageViews(artist.images),
    url: artist.url || undefined,
    totalTracks: totalOf(topTracks),
    tracks: topTracks.data.map((t) => trackView(t)),
    totalAlbums: totalOf(albums),
    albums: albums.data.map((a) => albumTile(a)),
  };
}

import type { TracksDetailView } from '../../../shared/bridge';
import type { Paged, Track } from '../../../shared/service/catalog';
import { imageViews } from './images';
import { totalOf, trackView } from './tracks';

/**
 * More like a track: the tracks the service recommends from it, under the seed's name and artwork. Without
 * recommendations (`recommended` undefined: the track cannot seed any) the list is simply empty.
 */
export function recommendedDetailView(seedId: string, seed: Track, recommended: Paged<Track> | undefined): TracksDetailView {
  const seedView = trackView(seed);
  return {
    layout: 'tracks',
    ref: { kind: 'recommended', id: seedId },
    title: seed.name,
    description: '',
    owner: seedView.artist || undefined,
    updatedAt: undefined,
    images: imageViews(seed.album?.images),
    url: undefined,
    totalTracks: recommended === undefined ? 0 : totalOf(recommended),
    shuffled: false,
    tracks: recommended?.data.map((t) => trackView(t)) ?? [],
    seed: seedView,
  };
}

import type { ImageView } from '../../../shared/bridge';
import type { Image } from '../../../shared/service/catalog';
import { artworkPath } from '../features/artwork/artworkPath';

/**
 * Only the fields the renderer draws with, smallest first (so the first is the cheapest placeholder), each picture on
 * the page's own origin (features/artwork/), which is the only place the page may load a picture from.
 */
export function imageViews(images: readonly Image[] | undefined): ImageView[] {
  return (images ?? [])
    .map(({ url, width, height }) => ({ url: artworkPath(url), width, height }))
    .sort((a, b) => a.width - b.width);
}

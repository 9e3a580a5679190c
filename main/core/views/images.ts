import type { ImageView } from '../../../shared/bridge';
import type { Image } from '../../../shared/service/catalog';

/** Only the fields the renderer draws with, smallest first (so the first is the cheapest placeholder). */
export function imageViews(images: readonly Image[] | undefined): ImageView[] {
  return (images ?? []).map(({ url, width, height }) => ({ url, width, height })).sort((a, b) => a.width - b.width);
}

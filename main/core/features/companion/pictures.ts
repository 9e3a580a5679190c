/**
 * The pictures the phones were shown: the `/artwork/…` paths of every view the companion answered a phone with (tiles,
 * a detail's own pictures, its albums, sections and pages) and of what the TV sent them. A phone's picture is drawn only
 * when its path is one of these, so the companion never fetches an address a phone made up: only what Tunewall itself
 * handed to a phone. Bounded: the oldest are forgotten first.
 */
import type { ImageView } from '../../../../shared/bridge';
import type { DetailView, TileView } from '../../../../shared/catalogViews';
import { ARTWORK_PREFIX } from '../artwork/artworkPath';
import type { CompanionViews } from './deps';
import { tilesOf } from './titles';

/** About 1,600 tiles at three sizes each: Home's rows and the details a phone has opened lately. */
export const KEPT_PICTURES = 5000;

export interface ShownPictures {
  /** The same views, remembering the pictures of what they answer. */
  views: CompanionViews;
  /** Remembers pictures handed to phones another way (an item sent to them). */
  keep(images: readonly ImageView[]): void;
  /** Whether `path` (`/artwork/…`) was handed to a phone, and is still remembered. */
  wasShown(path: string): boolean;
}

function picturesOf(detail: DetailView): ImageView[] {
  const sections = detail.layout === 'kids' ? detail.sections.flatMap((s) => s.images) : [];
  return [...detail.images, ...sections, ...tilesOf(detail).flatMap((tile) => tile.images)];
}

export function shownPictures(inner: CompanionViews, kept = KEPT_PICTURES): ShownPictures {
  // A Set keeps insertion order: its first path is the one shown longest ago.
  const paths = new Set<string>();
  const keep = (images: readonly ImageView[]): void => {
    for (const { url } of images) {
      // A data: picture or anything else the page draws as it is needs nothing from the TV.
      if (!url.startsWith(ARTWORK_PREFIX)) continue;
      // Deleted first, so a picture shown again counts as the newest.
      paths.delete(url);
      paths.add(url);
    }
    for (const oldest of paths) {
      if (paths.size <= kept) break;
      paths.delete(oldest);
    }
  };
  const keepTiles = (tiles: readonly TileView[]): void => keep(tiles.flatMap((tile) => tile.images));
  return {
    views: {
      async loadRow(id) {
        const answer = await inner.loadRow(id);
        if (answer.ok) keepTiles(answer.value.tiles);
        return answer;
      },
      async getDetail(ref) {
        const answer = await inner.getDetail(ref);
        if (answer.ok) keep(picturesOf(answer.value));
        return answer;
      },
      getTracks: (ref, offset, limit) => inner.getTracks(ref, offset, limit),
      async getTiles(ref, offset, limit) {
        const answer = await inner.getTiles(ref, offset, limit);
        if (answer.ok) keepTiles(answer.value.tiles);
        return answer;
      },
    },
    keep,
    wasShown: (path) => paths.has(path),
  };
}

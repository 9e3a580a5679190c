/**
 * The pictures the phones were shown, member by member: the `/artwork/…` paths of every view the companion answered a
 * member's phone with (tiles, a detail's own pictures, its albums, sections and pages) and of what the TV sent to their
 * phones. A phone's picture is drawn only when its path is one its own member's phones were handed, so the companion
 * never fetches an address a phone made up, and a phone cannot learn from an answer what another member's phones were
 * shown (an album of their favourites). Bounded per member: the oldest are forgotten first.
 */
import type { ImageView } from '../../../../shared/bridge';
import type { DetailView, TileView } from '../../../../shared/catalogViews';
import { ARTWORK_PREFIX } from '../artwork/artworkPath';
import { tilesOf } from './titles';

/** About 1,600 tiles at three sizes each: Home's rows and the details a member's phones have opened lately. */
export const KEPT_PICTURES = 5000;

export interface ShownPictures {
  /** Remembers pictures handed to `memberKey`'s phones (an item sent to them). */
  keep(memberKey: string, images: readonly ImageView[]): void;
  /** Remembers the pictures of tiles (a row, a page of a detail's tiles) answered to one of `memberKey`'s phones. */
  keepTiles(memberKey: string, tiles: readonly TileView[]): void;
  /** Remembers a detail's pictures (its own, its sections', its tiles') answered to one of `memberKey`'s phones. */
  keepDetail(memberKey: string, detail: DetailView): void;
  /** Whether `path` (`/artwork/…`) was handed to one of `memberKey`'s phones, and is still remembered. */
  wasShown(memberKey: string, path: string): boolean;
}

function picturesOf(detail: DetailView): ImageView[] {
  const sections = detail.layout === 'kids' ? detail.sections.flatMap((s) => s.images) : [];
  return [...detail.images, ...sections, ...tilesOf(detail).flatMap((tile) => tile.images)];
}

export function shownPictures(kept = KEPT_PICTURES): ShownPictures {
  // A Set keeps insertion order: its first path is the one shown longest ago.
  const byMember = new Map<string, Set<string>>();
  const keep = (memberKey: string, images: readonly ImageView[]): void => {
    let paths = byMember.get(memberKey);
    if (paths === undefined) {
      paths = new Set();
      byMember.set(memberKey, paths);
    }
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
  return {
    keep,
    keepTiles: (memberKey, tiles) => keep(memberKey, tiles.flatMap((tile) => tile.images)),
    keepDetail: (memberKey, detail) => keep(memberKey, picturesOf(detail)),
    wasShown: (memberKey, path) => byMember.get(memberKey)?.has(path) === true,
  };
}

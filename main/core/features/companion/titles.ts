/**
 * The titles of what the phones were shown: every tile and detail the companion's views answered a phone with. A
 * phone's "Show on TV" names only a detail's kind and id; with the title it was shown under, the TV paints the new
 * screen with its heading at once (as a remote's press on the tile does) and tells the phones what is on the TV
 * without asking the catalog again. Bounded: the oldest are forgotten first.
 */
import type { DetailRef, DetailView, TileView } from '../../../../shared/catalogViews';
import type { CompanionViews } from './deps';

const KEPT = 2000;

export interface ShownTitles {
  /** The same views, remembering the titles of what they answer. */
  views: CompanionViews;
  /** The title `ref` was last shown under to a phone, if it was. */
  titleOf(ref: DetailRef): string | undefined;
}

const keyOf = (ref: DetailRef): string => `${ref.kind}\u0000${ref.id}`;

/** The tiles a detail holds: an artist's or a category's albums, a children category's playlists. */
export function tilesOf(detail: DetailView): readonly TileView[] {
  switch (detail.layout) {
    case 'artist':
    case 'albums':
      return detail.albums;
    case 'kids':
      return detail.sections.flatMap((s) => s.playlists);
    case 'tracks':
      return [];
  }
}

export function shownTitles(inner: CompanionViews): ShownTitles {
  const titles = new Map<string, string>();
  const keep = (ref: DetailRef | undefined, title: string): void => {
    if (ref === undefined || title === '') return;
    const key = keyOf(ref);
    // Deleted first, so a title shown again counts as the newest.
    titles.delete(key);
    titles.set(key, title);
    if (titles.size > KEPT) {
      const oldest = titles.keys().next();
      if (oldest.done !== true) titles.delete(oldest.value);
    }
  };
  const keepTiles = (tiles: readonly TileView[]): void => {
    for (const tile of tiles) keep(tile.ref, tile.title);
  };
  return {
    views: {
      async loadRow(id) {
        const answer = await inner.loadRow(id);
        if (answer.ok) keepTiles(answer.value.tiles);
        return answer;
      },
      async getDetail(ref) {
        const answer = await inner.getDetail(ref);
        if (answer.ok) {
          keepTiles(tilesOf(answer.value));
          keep(ref, answer.value.title);
        }
        return answer;
      },
      getTracks: (ref, offset, limit) => inner.getTracks(ref, offset, limit),
      async getTiles(ref, offset, limit) {
        const answer = await inner.getTiles(ref, offset, limit);
        if (answer.ok) keepTiles(answer.value.tiles);
        return answer;
      },
    },
    titleOf: (ref) => titles.get(keyOf(ref)),
  };
}

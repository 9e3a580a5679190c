import type { RowId, RowView, TilePageView, TileView } from '../../../shared/bridge';
import type { Album, ChildrenCategory, GenreStation, MoodStation, Paged, Playlist, Track } from '../../../shared/service/catalog';
import { imageViews } from './images';
import { isoTime } from './time';
import { totalOf, trackView } from './tracks';

export function nonEmpty(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

/**
 * Charts: under the title, when the chart was last updated. Its description starts by repeating the title and is cut
 * to a few words on a tile (the chart's page shows it whole); its owner is the same editors for every chart.
 */
export function chartTile(chart: Playlist): TileView {
  return {
    ref: { kind: 'chart', id: chart.id },
    key: chart.id,
    title: chart.title,
    subtitle: undefined,
    images: imageViews(chart.images),
    group: undefined,
    updatedAt: isoTime(chart.updated_at),
  };
}

/** New-hits playlists open as new-hits details; like charts, they say when they were last updated. */
export function newHitsTile(playlist: Playlist): TileView {
  return { ...chartTile(playlist), ref: { kind: 'new-hits', id: playlist.id } };
}

/** An album: who made it. In a new-release row, `category` names the row it shows in and opens it whole. */
export function albumTile(album: Album, category?: { id: string; title: string }): TileView {
  const tile: TileView = {
    ref: { kind: 'album', id: album.id },
    key: album.id,
    title: album.name,
    subtitle: nonEmpty(album.artist.name),
    images: imageViews(album.images),
    group: nonEmpty(category?.title),
  };
  return category === undefined ? tile : { ...tile, groupRef: { kind: 'new-release-category', id: category.id } };
}

/** A children category: its pictures are 300 px high and of varying widths. */
export function childrenCategoryTile(category: ChildrenCategory): TileView {
  return {
    ref: { kind: 'kids-category', id: category.id },
    key: category.id,
    title: category.title,
    subtitle: undefined,
    images: imageViews(category.images),
    group: undefined,
  };
}

/** Playlists (collected, shared): who made it. The owner may be only `id` and `name`. */
export function playlistTile(playlist: Playlist): TileView {
  return {
    ref: { kind: 'playlist', id: playlist.id },
    key: playlist.id,
    title: playlist.title,
    subtitle: nonEmpty(playlist.owner.name),
    images: imageViews(playlist.images),
    group: undefined,
  };
}

/** A children category's playlist: its page leaves explicit tracks out. */
export function kidsPlaylistTile(playlist: Playlist): TileView {
  return { ...playlistTile(playlist), ref: { kind: 'kids-playlist', id: playlist.id } };
}

export function moodStationTile(station: MoodStation): TileView {
  return {
    ref: { kind: 'mood-station', id: station.id },
    key: station.id,
    title: station.name,
    subtitle: undefined,
    images: imageViews(station.images),
    group: undefined,
  };
}

/**
 * Genre stations have no images; their category groups them into one home row each, and doubles as the subtitle so
 * a tile still says what it is wherever it is shown out of its row.
 */
export function genreStationTile(station: GenreStation): TileView {
  return {
    ref: { kind: 'genre-station', id: station.id },
    key: station.id,
    title: station.name,
    subtitle: nonEmpty(station.category),
    images: [],
    group: nonEmpty(station.category),
  };
}

/** A favorite track: no detail screen of its own (OK opens the track's panel); its album's artwork and artist. */
export function favoriteTrackTile(track: Track): TileView {
  return {
    ref: undefined,
    key: track.id,
    title: track.name,
    subtitle: nonEmpty(track.album?.artist.name),
    images: imageViews(track.album?.images),
    group: undefined,
    track: trackView(track),
  };
}

/** A home row; keys are made unique within it (a list can hold the same item twice). */
export function rowView(id: RowId, tiles: readonly TileView[], fetchedAt: number, fromCache = false): RowView {
  const seen = new Map<string, number>();
  const unique = tiles.map((tile) => {
    const count = (seen.get(tile.key) ?? 0) + 1;
    seen.set(tile.key, count);
    return count === 1 ? tile : { ...tile, key: `${tile.key}#${count}` };
  });
  return { id, tiles: unique, fetchedAt, fromCache };
}

/** A page of a tile list (albums, playlists): the offset it starts at and the list's size. */
export function tilePageView<T>(paged: Paged<T>, tile: (item: T) => TileView): TilePageView {
  return { offset: paged.paging.offset, total: totalOf(paged), tiles: paged.data.map(tile) };
}

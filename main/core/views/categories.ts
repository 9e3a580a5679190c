/** New-release categories (a grid of albums) and children categories (sections of playlists). */
import type { AlbumGridDetailView, KidsDetailView, KidsSectionView } from '../../../shared/bridge';
import type { Album, ChildrenCategory, NewReleaseCategory, Paged, Playlist } from '../../../shared/service/catalog';
import { imageViews } from './images';
import { albumTile, kidsPlaylistTile } from './tiles';
import { totalOf } from './tracks';

export function albumGridDetailView(category: NewReleaseCategory, albums: Paged<Album>): AlbumGridDetailView {
  return {
    layout: 'albums',
    ref: { kind: 'new-release-category', id: category.id },
    title: category.title,
    images: [],
    url: undefined,
    totalAlbums: totalOf(albums),
    albums: albums.data.map((a) => albumTile(a)),
  };
}

/** A subcategory (or the category itself, when it has none) with the first page of its playlists. */
export function kidsSectionView(category: ChildrenCategory, playlists: Paged<Playlist>): KidsSectionView {
  return {
    ref: { kind: 'kids-category', id: category.id },
    title: category.title,
    images: imageViews(category.images),
    totalPlaylists: totalOf(playlists),
    // Opened as a children's playlist: without its explicit tracks.
    playlists: playlists.data.map(kidsPlaylistTile),
  };
}

export function kidsDetailView(category: ChildrenCategory, sections: KidsSectionView[]): KidsDetailView {
  return {
    layout: 'kids',
    ref: { kind: 'kids-category', id: category.id },
    title: category.title,
    images: imageViews(category.images),
    url: undefined,
    sections,
  };
}

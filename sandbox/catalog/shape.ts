/**
 * Turns the generated records into the service's JSON, with every documented shape difference: short owners in
 * playlist lists, integer `updated_at` in children-category lists, no `album` under an album, `isrc` only in
 * recommendations, `territory` only on /me.
 */
import type { Album, Artist, ChildrenCategory, Image, Owner, Playlist, Track, User } from '../../shared/service/catalog';
import { artworkImages, artworkUrl, childrenImages } from '../artwork';
import type { AlbumRec, ArtistRec, ChildrenCategoryRec, PlaylistRec, TrackRec, UserRec } from '../data/catalog';

/** Web page of a resource: the service links to its website; the sandbox serves simple phone pages there (web/). */
function webUrl(origin: string, kind: string, id: string): string {
  return `${origin}/web/${kind}/${encodeURIComponent(id)}`;
}

export function isoTime(seconds: number, utcOffset: string): string {
  const sign = utcOffset.startsWith('-') ? -1 : 1;
  const [hours = 0, minutes = 0] = utcOffset.slice(1).split(':').map(Number);
  const local = new Date((seconds + sign * (hours * 3600 + minutes * 60)) * 1000);
  return `${local.toISOString().slice(0, 19)}${utcOffset}`;
}

export class Shaper {
  constructor(private readonly origin: string) {}

  artist(a: ArtistRec): Artist {
    // An edge case (data/edgeCases.ts): one picture of a size the service does not document, which is not served.
    const images = a.artwork === 'unexpected' ? [{ width: 240, height: 100, url: artworkUrl(this.origin, 'artist', a.id, 240, 100) }] : artworkImages(this.origin, 'artist', a.id);
    return { id: a.id, name: a.name, url: webUrl(this.origin, 'artist', a.id), images };
  }

  album(a: AlbumRec): Album {
    return {
      id: a.id,
      name: a.name,
      url: webUrl(this.origin, 'album', a.id),
      explicitness: a.explicit,
      available_territories: a.territories.slice(),
      ...(a.releaseDate === undefined ? {} : { release_date: a.releaseDate }),
      images: a.artwork === 'none' ? [] : artworkImages(this.origin, 'album', a.id),
      artist: this.artist(a.artist),
    };
  }

  track(t: TrackRec, opts: { album?: boolean; isrc?: boolean } = {}): Track {
    return {
      id: t.id,
      name: t.name,
      duration: t.durationMs,
      ...(opts.isrc ? { isrc: t.isrc } : {}),
      url: webUrl(this.origin, 'track', t.id),
      track_number: t.trackNumber,
      explicitness: t.explicit,
      available_territories: t.territories.slice(),
      ...(opts.album === false || t.albumless === true ? {} : { album: this.album(t.album) }),
    };
  }

  user(u: UserRec, withTerritory = false): User {
    return {
      id: u.id,
      url: webUrl(this.origin, 'profile', u.id),
      name: u.name,
      description: u.description,
      images: artworkImages(this.origin, 'user', u.id),
      ...(withTerritory ? { territory: u.territory } : {}),
    };
  }

  owner(u: UserRec): Owner {
    return { id: u.id, name: u.name };
  }

  /** A playlist as lists show it: short owner, ISO `updated_at` (or seconds in children-category lists). */
  playlistItem(p: PlaylistRec, updatedAt: 'iso' | 'seconds' = 'iso'): Playlist {
    return {
      id: p.id,
      title: p.title,
      description: p.description,
      url: webUrl(this.origin, 'playlist', p.id),
      images: artworkImages(this.origin, 'playlist', p.id),
      updated_at: updatedAt === 'seconds' ? p.updatedAt : isoTime(p.updatedAt, p.utcOffset),
      owner: this.owner(p.owner),
    };
  }

  /** The Playlist fields of a detail response: the full User as owner. */
  playlistDetail(p: PlaylistRec): Playlist {
    return { ...this.playlistItem(p), owner: this.user(p.owner) };
  }

  stationImages(id: string): Image[] {
    return artworkImages(this.origin, 'station', id);
  }

  childrenCategory(c: ChildrenCategoryRec): ChildrenCategory {
    return { id: c.id, title: c.title, images: childrenImages(this.origin, c.id, c.imageWidths) };
  }
}

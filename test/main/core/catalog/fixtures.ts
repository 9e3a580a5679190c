/** Small, valid service JSON for the catalog tests; each builder takes overrides for the field under test. */
import type { Album, Paged, Playlist, Track } from '../../../../shared/service/catalog';

export const API = 'https://api.example.test';

export function image(size: number) {
  return { width: size, height: size, url: `https://img.example.test/${size}.jpg` };
}

export function album(overrides: Partial<Album> = {}): Album {
  return {
    id: 'al1',
    name: 'Night Drive',
    url: 'https://www.example.test/album/al1',
    explicitness: false,
    available_territories: ['TW', 'HK'],
    release_date: '2024-05-00',
    images: [image(160), image(500), image(1000)],
    artist: { id: 'ar1', name: 'Lin Mei', url: 'https://www.example.test/artist/ar1', images: [image(160)] },
    ...overrides,
  };
}

export function track(id: string, overrides: Partial<Track> = {}): Track {
  return {
    id,
    name: `Song ${id}`,
    duration: 215_000,
    url: `https://www.example.test/track/${id}`,
    track_number: 1,
    explicitness: false,
    available_territories: ['TW'],
    album: album(),
    ...overrides,
  };
}

export function playlist(id: string, overrides: Partial<Playlist> = {}): Playlist {
  return {
    id,
    title: `Playlist ${id}`,
    description: 'Weekly hits',
    url: `https://www.example.test/playlist/${id}`,
    images: [image(300), image(600), image(1000)],
    updated_at: '2024-06-01T08:00:00+08:00',
    owner: { id: 'o1', name: 'Tunewall Editors' },
    ...overrides,
  };
}

export function paged<T>(data: T[], options: { offset?: number; next?: string | null; total?: number } = {}): Paged<T> {
  const offset = options.offset ?? 0;
  return {
    data,
    paging: { offset, limit: data.length, previous: null, next: options.next ?? null },
    summary: options.total === undefined ? {} : { total: options.total },
  };
}

/**
 * A few deterministic records every territory has, for what the generated catalog never produces on its own: an
 * artist with no albums (and one picture of an unexpected size that is not served), an album with no tracks and no
 * pictures, a track listed without its album, and two children categories without subcategories (one with a playlist
 * of its own, one with nothing). Their ids are fixed (see sandbox/README.md), so tests reach them directly.
 *
 * They are kept out of the generated lists (charts, stations, collections draw nothing from them), except the two
 * children categories, which come last in the territory's list, as a catalog's odd entries do.
 */
import type { Territory } from '../../shared/territory';
import type { AlbumRec, ArtistRec, ChildrenCategoryRec, PlaylistRec, TrackRec, UserRec } from './catalog';
import { NAME_PACKS, type Lang } from './names';
import { Random } from './random';

/** The id of an edge-case record in a territory: its mark (the territory's id letter) and a fixed name. */
export const EDGE_IDS = {
  artistWithoutAlbums: 'edge-artist-alone',
  artistOfEmptyAlbum: 'edge-artist-quiet',
  albumWithoutTracks: 'edge-album-silent',
  trackWithoutAlbum: 'edge-track-nohome',
  /** The album the track without an album belongs to: never listed, never served. */
  hiddenAlbum: 'edge-album-hidden',
  kidsWithOwnPlaylists: 'edge-kids-flatpls',
  kidsWithNothing: 'edge-kids-nothing',
  playlistWithOddTracks: 'edge-playlist-odd',
} as const;

export function edgeId(mark: string, name: string): string {
  return `${mark}${name}`;
}

const KIDS_TITLES: Record<Territory, { own: string; nothing: string; playlist: string }> = {
  TW: { own: '故事時間', nothing: '安靜時光', playlist: '睡前故事精選' },
  HK: { own: '故事時間', nothing: '安靜時光', playlist: '睡前故事精選' },
  JP: { own: 'おはなしの時間', nothing: 'しずかな時間', playlist: 'ねる前のおはなし' },
  SG: { own: 'Story Time', nothing: 'Quiet Time', playlist: 'Bedtime Stories' },
  MY: { own: 'Masa Bercerita', nothing: 'Waktu Tenang', playlist: 'Cerita Sebelum Tidur' },
};

export interface EdgeCaseInput {
  seed: number;
  territory: Territory;
  mark: string;
  lang: Lang;
  utcOffset: string;
  updatedAt: number;
  owner: UserRec;
  /** Tracks a children's playlist may hold: playable, none explicit. */
  childSafe: readonly TrackRec[];
}

export interface EdgeCases {
  artists: ArtistRec[];
  albums: AlbumRec[];
  tracks: TrackRec[];
  childrenCategories: ChildrenCategoryRec[];
  playlists: PlaylistRec[];
}

export function edgeCases(input: EdgeCaseInput): EdgeCases {
  const r = new Random(`${input.seed}/${input.territory}/edge-cases`);
  const id = (name: string) => edgeId(input.mark, name);
  const pack = NAME_PACKS[input.lang];
  const everywhere: Territory[] = ['TW', 'HK', 'SG', 'MY', 'JP'];

  const alone: ArtistRec = { id: id(EDGE_IDS.artistWithoutAlbums), name: pack.person(r), lang: input.lang, albums: [], artwork: 'unexpected' };
  const quiet: ArtistRec = { id: id(EDGE_IDS.artistOfEmptyAlbum), name: pack.group(r), lang: input.lang, albums: [] };
  const silent: AlbumRec = {
    id: id(EDGE_IDS.albumWithoutTracks),
    name: pack.album(r),
    artist: quiet,
    explicit: false,
    territories: everywhere,
    releaseDate: undefined,
    sortKey: 0,
    recent: false,
    tracks: [],
    artwork: 'none',
  };
  quiet.albums.push(silent);
  const hidden: AlbumRec = { ...silent, id: id(EDGE_IDS.hiddenAlbum), name: pack.album(r), artist: quiet, artwork: undefined };
  const nohome: TrackRec = {
    id: id(EDGE_IDS.trackWithoutAlbum),
    name: pack.song(r),
    durationMs: 201_000 + r.int(0, 999),
    isrc: `${input.territory}ED02690001`,
    trackNumber: 1,
    explicit: false,
    territories: everywhere,
    album: hidden,
    albumless: true,
    seedable: true,
    popularity: 0,
  };

  const titles = KIDS_TITLES[input.territory];
  const odd: PlaylistRec = {
    id: id(EDGE_IDS.playlistWithOddTracks),
    title: titles.playlist,
    description: '',
    owner: input.owner,
    updatedAt: input.updatedAt,
    utcOffset: input.utcOffset,
    tracks: [nohome, ...r.sample(input.childSafe, 8)],
  };
  const own: ChildrenCategoryRec = { id: id(EDGE_IDS.kidsWithOwnPlaylists), title: titles.own, imageWidths: [400, 720], subcategories: [], playlists: [odd] };
  const nothing: ChildrenCategoryRec = { id: id(EDGE_IDS.kidsWithNothing), title: titles.nothing, imageWidths: [533], subcategories: [], playlists: [] };

  return { artists: [alone, quiet], albums: [silent], tracks: [nohome], childrenCategories: [own, nothing], playlists: [odd] };
}

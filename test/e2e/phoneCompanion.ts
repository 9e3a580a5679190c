/**
 * The companion with the built phone page (out/phone), on 127.0.0.1, over a small catalog in the territories'
 * languages: what the phone page's end-to-end tests and its screenshots run against. Every intent a phone sends is
 * recorded, as the TV would receive it. Pictures are the TV's own `/artwork/` paths, in the service's sizes, drawn by
 * the TV's artwork feature from an image host that paints the sandbox's cover art (`pictures` counts what it was asked).
 */
import { join } from 'node:path';
import sharp from 'sharp';
import type { DetailRef, DetailView, FavoriteState, ImageView, Result, RowId, RowView, TileView, TrackView } from '../../shared/bridge';
import type { RemoteKey, ShowOnTvTarget } from '../../shared/companion';
import { createArtwork } from '../../main/core/features/artwork/artwork';
import { createArtworkCache } from '../../main/core/features/artwork/artworkCache';
import { artworkPath } from '../../main/core/features/artwork/artworkPath';
import { createCompanion, findPhonePage, type Companion } from '../../main/core/features/companion/companion';
import { artworkImages, artworkSvg, type ArtworkKind } from '../../sandbox/artwork';
import { memoryArtworkFiles } from '../main/core/features/artwork/memoryArtworkFiles';
import { MemoryStore, memoryLogger } from '../main/core/support/fakes';
import { REPO } from './kiosk';

const IMAGE_HOST = 'https://pictures.tunewall.test';

/** A detail's picture in every size the service documents for its kind, as the TV's views give it: `/artwork/` paths. */
function picturesOf(kind: Exclude<ArtworkKind, 'children'>, id: string): ImageView[] {
  return artworkImages(IMAGE_HOST, kind, id).map((image) => ({ ...image, url: artworkPath(image.url) }));
}

const ARTWORK_KIND: Partial<Record<DetailRef['kind'], Exclude<ArtworkKind, 'children'>>> = { album: 'album', 'mood-station': 'station', 'genre-station': 'station' };

const tile = (kind: DetailRef['kind'], id: string, title: string, subtitle?: string, group?: string): TileView => ({
  ref: { kind, id },
  key: `${kind}-${id}`,
  title,
  subtitle,
  images: picturesOf(ARTWORK_KIND[kind] ?? 'playlist', id),
  group,
});

/** The image host: the sandbox's cover art for `/artwork/<kind>/<id>/<w>x<h>.jpg`, as JPEG; anything else 404. */
function imageHost(asked: string[]) {
  return async (input: string): Promise<Response> => {
    asked.push(input);
    const match = /^\/artwork\/(playlist|album|station)\/([^/]+)\/(\d+)x(\d+)\.jpg$/.exec(new URL(input).pathname);
    if (match === null) return new Response('not found', { status: 404 });
    const [, kind = 'album', id = '', width = '0', height = '0'] = match;
    const svg = artworkSvg(kind as ArtworkKind, decodeURIComponent(id), Number(width), Number(height));
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
    return new Response(new Uint8Array(jpeg), { headers: { 'content-type': 'image/jpeg' } });
  };
}

const track = (id: string, name: string, artist: string, album: string, explicit = false): TrackView => ({
  id,
  name,
  artist,
  album,
  durationMs: 240_000,
  explicit,
  url: `https://music.example/track/${id}`,
});

export const TRACKS: TrackView[] = [
  track('t1', '晴天', '周杰倫', '葉惠美'),
  track('t2', 'Lemon', '米津玄師', 'Lemon'),
  track('t3', '小幸運', '田馥甄', '我的少女時代 電影原聲帶'),
  track('t4', 'Shape of You', 'Ed Sheeran', '÷ (Deluxe)', true),
];

const ROWS: Partial<Record<RowId, TileView[]>> = {
  charts: [
    tile('chart', 'c1', '綜合新歌即時榜', '每日更新'),
    tile('chart', 'c2', '華語單曲日榜', '每日更新'),
    tile('chart', 'c3', '西洋單曲週榜', 'Weekly'),
    tile('chart', 'c4', '日語單曲週榜', 'オリコン'),
  ],
  'new-hits': [tile('new-hits', 'n1', '華語新歌精選'), tile('new-hits', 'n2', 'New Western Hits')],
  'mood-stations': [tile('mood-station', 'm1', '放鬆'), tile('mood-station', 'm2', '運動'), tile('mood-station', 'm3', '下雨天'), tile('mood-station', 'm4', 'Party')],
  'genre-stations': [tile('genre-station', 'g1', '華語流行', undefined, '華語'), tile('genre-station', 'g2', 'J-Pop', undefined, '日語'), tile('genre-station', 'g3', 'アニメ', undefined, '日語')],
  'new-releases': [tile('album', 'a1', '最偉大的作品', '周杰倫', '華語'), tile('album', 'a2', 'STRAY SHEEP', '米津玄師', '日語')],
  favorites: TRACKS.slice(0, 2).map((t) => ({ ref: undefined, key: `fav-${t.id}`, title: t.name, subtitle: t.artist, images: picturesOf('album', t.id), group: undefined, track: t })),
};

const DETAIL: DetailView = {
  layout: 'tracks',
  ref: { kind: 'chart', id: 'c1' },
  title: '綜合新歌即時榜',
  images: picturesOf('playlist', 'c1'),
  url: 'https://music.example/chart/c1',
  description: '每天更新的新歌排行',
  owner: undefined,
  updatedAt: undefined,
  totalTracks: 6,
  shuffled: false,
  tracks: TRACKS,
};

export interface PhoneCompanion {
  companion: Companion;
  origin: string;
  port: number;
  shown: ShowOnTvTarget[];
  keys: RemoteKey[];
  favorites: string[];
  /** Who is on screen: a member's key, or 'guest'. */
  screen: { member: string };
  /** The image host's URLs the TV fetched pictures at. */
  pictures: string[];
  stop(): Promise<void>;
}

export async function startPhoneCompanion(port = 0): Promise<PhoneCompanion> {
  const page = findPhonePage([join(REPO, 'out', 'phone')]);
  if (page === undefined) throw new Error('The phone page is not built: run `npm run build:phone`.');
  const shown: ShowOnTvTarget[] = [];
  const keys: RemoteKey[] = [];
  const favorites: string[] = [];
  const screen = { member: 'member-a' };
  const pictures: string[] = [];
  const logger = memoryLogger();
  const artwork = createArtwork({ fetch: imageHost(pictures), cache: createArtworkCache({ files: memoryArtworkFiles(), logger }), logger });
  const companion = createCompanion(
    {
      views: {
        loadRow: async (id: RowId): Promise<Result<RowView>> => ({ ok: true, value: { id, tiles: ROWS[id] ?? [], fetchedAt: 1, fromCache: false } }),
        getDetail: async (ref: DetailRef): Promise<Result<DetailView>> => ({ ok: true, value: { ...DETAIL, ref, title: ref.id === 'c1' ? DETAIL.title : `${DETAIL.title} ${ref.id}` } }),
        getTracks: async (_ref: DetailRef, offset: number) => ({ ok: true as const, value: { offset, total: 6, tracks: [track('t5', '告白氣球', '周杰倫', '周杰倫的床邊故事'), track('t6', '夜に駆ける', 'YOASOBI', 'THE BOOK')] } }),
        getTiles: async (_ref: DetailRef, offset: number) => ({ ok: true as const, value: { offset, total: 0, tiles: [] } }),
      },
      artwork,
      showOnTv: (target) => void shown.push(target),
      remoteKey: (key) => void keys.push(key),
      addFavorite: async (_member: string, trackId: string): Promise<Result<FavoriteState>> => {
        favorites.push(trackId);
        return { ok: true, value: 'favorite' };
      },
      memberOnScreen: () => screen.member,
      childOnScreen: () => false,
      pin: { isSet: () => false, refused: () => undefined },
      store: new MemoryStore(),
      clock: { now: () => Date.now() },
      logger,
      addresses: () => ['127.0.0.1'],
    },
    { page, keepAliveSeconds: 2 },
  );
  const started = await companion.start({ host: '127.0.0.1', port });
  return {
    companion,
    origin: `http://127.0.0.1:${started.port}`,
    port: started.port,
    shown,
    keys,
    favorites,
    screen,
    pictures,
    stop: () => companion.stop(),
  };
}

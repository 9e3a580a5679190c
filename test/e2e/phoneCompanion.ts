/**
 * The companion with the built phone page (out/phone), on 127.0.0.1, over a small catalog in the territories'
 * languages: what the phone page's end-to-end tests and its screenshots run against. Every intent a phone sends is
 * recorded, as the TV would receive it. Pictures are the TV's own `/artwork/` paths, which the companion does not serve.
 */
import { join } from 'node:path';
import type { DetailRef, DetailView, FavoriteState, Result, RowId, RowView, TileView, TrackView } from '../../shared/bridge';
import type { RemoteKey, ShowOnTvTarget } from '../../shared/companion';
import { createCompanion, findPhonePage, type Companion } from '../../main/core/features/companion/companion';
import { MemoryStore, memoryLogger } from '../main/core/support/fakes';
import { REPO } from './kiosk';

const picture = [{ url: '/artwork/aHR0cHM6Ly9pLmtma3MuaW8vYWxidW0vMS5qcGc', width: 500, height: 500 }];

const tile = (kind: DetailRef['kind'], id: string, title: string, subtitle?: string, group?: string): TileView => ({
  ref: { kind, id },
  key: `${kind}-${id}`,
  title,
  subtitle,
  images: picture,
  group,
});

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
  favorites: TRACKS.slice(0, 2).map((t) => ({ ref: undefined, key: `fav-${t.id}`, title: t.name, subtitle: t.artist, images: picture, group: undefined, track: t })),
};

const DETAIL: DetailView = {
  layout: 'tracks',
  ref: { kind: 'chart', id: 'c1' },
  title: '綜合新歌即時榜',
  images: picture,
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
  stop(): Promise<void>;
}

export async function startPhoneCompanion(port = 0): Promise<PhoneCompanion> {
  const page = findPhonePage([join(REPO, 'out', 'phone')]);
  if (page === undefined) throw new Error('The phone page is not built: run `npm run build:phone`.');
  const shown: ShowOnTvTarget[] = [];
  const keys: RemoteKey[] = [];
  const favorites: string[] = [];
  const screen = { member: 'member-a' };
  const companion = createCompanion(
    {
      views: {
        loadRow: async (id: RowId): Promise<Result<RowView>> => ({ ok: true, value: { id, tiles: ROWS[id] ?? [], fetchedAt: 1, fromCache: false } }),
        getDetail: async (ref: DetailRef): Promise<Result<DetailView>> => ({ ok: true, value: { ...DETAIL, ref, title: ref.id === 'c1' ? DETAIL.title : `${DETAIL.title} ${ref.id}` } }),
        getTracks: async (_ref: DetailRef, offset: number) => ({ ok: true as const, value: { offset, total: 6, tracks: [track('t5', '告白氣球', '周杰倫', '周杰倫的床邊故事'), track('t6', '夜に駆ける', 'YOASOBI', 'THE BOOK')] } }),
        getTiles: async (_ref: DetailRef, offset: number) => ({ ok: true as const, value: { offset, total: 0, tiles: [] } }),
      },
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
      logger: memoryLogger(),
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
    stop: () => companion.stop(),
  };
}

import type {
  ArtistDetailView,
  AlbumGridDetailView,
  DetailRef,
  DetailView,
  ImageView,
  KidsDetailView,
  MemberView,
  ReleaseDateView,
  RowId,
  TilePageView,
  TileView,
  TrackView,
  TracksDetailView,
} from '../../shared/bridge';
import type { Territory } from '../../shared/territory';

/** Deterministic pseudo-random numbers, so screenshots and tests see the same catalog every time. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Cover art drawn as SVG: a gradient and a few shapes, different for every title. */
export function artwork(title: string, sizes: number[] = [300, 600, 1000], aspect = 1): ImageView[] {
  const h = hash(title);
  const hue = h % 360;
  const hue2 = (hue + 40 + (h % 80)) % 360;
  const cx = 20 + (h % 60);
  const cy = 20 + ((h >> 8) % 60);
  const r = 18 + ((h >> 16) % 30);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" preserveAspectRatio="none">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue2},65%,22%)"/></linearGradient></defs>` +
    `<rect width="100" height="100" fill="url(#g)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsla(${hue2},90%,80%,.35)"/>` +
    `<circle cx="${100 - cx}" cy="${100 - cy / 2}" r="${r / 2}" fill="hsla(${hue},90%,90%,.25)"/>` +
    `<path d="M0 ${70 + (h % 20)} Q50 ${40 + (h % 30)} 100 ${75 + ((h >> 4) % 20)} V100 H0z" fill="rgba(0,0,0,.25)"/></svg>`;
  const url = `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
  return sizes.map((size) => ({ url, width: Math.round(size * aspect), height: size }));
}

interface Catalog {
  charts: string[];
  newHits: string[];
  moods: string[];
  genres: [group: string, names: string[]][];
  newReleases: string[];
  kids: [title: string, sections: string[]][];
  kidsWords: [first: string[], second: string[]];
  playlists: [title: string, owner: string][];
  shared: string[];
  member: string;
  words: string[];
  artists: string[];
  albums: string[];
}

const ZH: Catalog = {
  charts: ['華語單曲日榜', '西洋單曲日榜', '日語單曲週榜', '韓語單曲週榜', '台語單曲月榜', '粵語單曲週榜', '新歌日榜', '年度熱門榜'],
  newHits: ['華語新歌精選', '西洋新歌精選', '日韓新歌精選', '本週新歌', '獨立新聲', '影視新歌'],
  moods: ['放鬆', '專心工作', '運動', '派對', '浪漫晚餐', '睡前', '開車兜風', '下雨天'],
  genres: [
    ['流行', ['華語流行', '西洋流行', '日本流行', '韓國流行']],
    ['搖滾', ['獨立搖滾', '經典搖滾', '後搖', '金屬']],
    ['電子', ['Deep House', 'Lo-Fi 節拍', '電子舞曲', 'Synthwave']],
  ],
  newReleases: ['華語新專輯', '西洋新專輯', '日韓新專輯'],
  kids: [
    ['卡通主題曲', ['經典卡通', '動畫電影', '英雄冒險']],
    ['兒歌童謠', ['唱唱跳跳', '晚安搖籃曲', '英文兒歌']],
    ['床邊故事', ['童話故事', '動物朋友', '勇敢小孩']],
    ['學習時光', []],
  ],
  kidsWords: [['快樂', '小小', '彩虹', '森林', '星星', '海洋', '勇敢', '魔法'], ['兒歌', '故事', '派對', '冒險', '晚安曲', '合唱團']],
  playlists: [['城市夜景', '陳雨晴'], ['午後陽光', 'Tunewall 編輯'], ['Lo-Fi 讀書', '小夏'], ['海邊公路', '林晨'], ['老派情歌', '阿傑'], ['晨跑節奏', 'Tunewall 編輯']],
  shared: ['我們的旅行', '生日派對', '辦公室背景音樂', '給爸媽的歌'],
  member: '陳怡君',
  words: ['夏夜', '微光', '城市', '海風', '星空', '遠方', '回憶', '週末', '心跳', '月台', '晚安', '雨季', '山嵐', '霓虹'],
  artists: ['林晨', '陳雨晴', '蘇小夏', '高山青', '夜貓子樂團', 'Aurora Lane', '白日夢', '王子軒', '鹿角樂團', '李安琪'],
  albums: ['城市邊緣', '藍色時差', '某個夏天', '未完成的歌', '晴時多雲', '夜行列車'],
};

const JA: Catalog = {
  charts: ['J-POP デイリー', '洋楽デイリー', 'アニソン ウィークリー', 'K-POP ウィークリー', 'ロック ウィークリー', '新曲デイリー', '年間ヒット'],
  newHits: ['J-POP 新曲', '洋楽 新曲', 'アニメ 新曲', '今週の新曲', 'インディー 新曲'],
  moods: ['リラックス', '集中', 'ワークアウト', 'パーティー', 'ロマンティック', 'おやすみ', 'ドライブ', '雨の日'],
  genres: [
    ['ポップ', ['J-POP', '洋楽ポップ', 'シティポップ']],
    ['ロック', ['邦ロック', 'オルタナティブ', 'メタル']],
    ['ダンス', ['ハウス', 'ローファイ', 'テクノ']],
  ],
  newReleases: ['邦楽ニューリリース', '洋楽ニューリリース', 'アジア ニューリリース'],
  kids: [
    ['アニメソング', ['名作アニメ', 'アニメ映画', 'ヒーロー']],
    ['童謡', ['うたって踊ろう', '子守唄', '英語のうた']],
    ['おはなし', ['昔ばなし', 'どうぶつ', 'ぼうけん']],
    ['まなび', []],
  ],
  kidsWords: [['たのしい', 'ちいさな', 'にじいろ', 'もりの', 'ほしの', 'うみの'], ['うた', 'おはなし', 'パーティー', 'ぼうけん', 'おやすみ']],
  playlists: [['東京ナイト', '佐藤 結衣'], ['カフェタイム', 'Tunewall 編集部'], ['海沿いドライブ', '山田 蓮'], ['朝ラン', 'Tunewall 編集部']],
  shared: ['旅のおともに', '誕生日パーティー', '作業用 BGM'],
  member: '佐藤 結衣',
  words: ['夏の夜', '光', '街角', '潮風', '星空', '彼方', '思い出', '週末', '鼓動', '終電', '雨音', '朝焼け'],
  artists: ['佐藤 結衣', '夜光虫', 'ミナミ', '山田 蓮', 'Aurora Lane', 'シグナル', '青い鳥', '小林 葵'],
  albums: ['午前零時', '青の時間', 'ある夏', 'ひかり', '夜行列車'],
};

const EN: Catalog = {
  charts: ['Top 50 Daily', 'New Releases', 'Mandopop Weekly', 'K-Pop Weekly', 'Viral Hits', 'Top Albums'],
  newHits: ['Fresh Pop', 'New Mandopop', 'New in K-Pop', 'This Week', 'Indie Finds'],
  moods: ['Chill', 'Focus', 'Workout', 'Party', 'Romance', 'Sleep', 'Road Trip', 'Rainy Day'],
  genres: [
    ['Pop', ['Pop Hits', 'Indie Pop', 'Mandopop']],
    ['Rock', ['Indie Rock', 'Classic Rock', 'Metal']],
    ['Electronic', ['Deep House', 'Lo-Fi Beats', 'Synthwave']],
  ],
  newReleases: ['New Mandarin albums', 'New Western albums', 'New Asian albums'],
  kids: [
    ['Cartoon songs', ['Classic cartoons', 'Animated films', 'Heroes']],
    ['Nursery rhymes', ['Sing and dance', 'Lullabies', 'Learning songs']],
    ['Bedtime stories', ['Fairy tales', 'Animal friends', 'Brave kids']],
    ['Learning time', []],
  ],
  kidsWords: [['Happy', 'Little', 'Rainbow', 'Forest', 'Starry', 'Ocean', 'Brave', 'Magic'], ['Songs', 'Stories', 'Party', 'Adventures', 'Lullabies']],
  playlists: [['City Lights', 'Mei Ling'], ['Morning Coffee', 'Tunewall Editors'], ['Coastal Drive', 'Arif'], ['Study Beats', 'Tunewall Editors']],
  shared: ['Our Road Trip', 'Birthday Party', 'Office Background'],
  member: 'Mei Ling Tan',
  words: ['Summer', 'Night', 'City', 'Lights', 'Ocean', 'Echo', 'Golden', 'Hours', 'Neon', 'Rain', 'Heart', 'Drive'],
  artists: ['Aurora Lane', 'The Night Owls', 'Mira', 'Kai Chen', 'Blue Harbour', 'Juniper', 'Nova Lee'],
  albums: ['Midnight Drive', 'Blue Hours', 'Paper Moon', 'Afterglow', 'Harbour'],
};

export function catalogFor(territory: Territory): Catalog {
  if (territory === 'TW' || territory === 'HK') return ZH;
  if (territory === 'JP') return JA;
  return EN;
}

export function memberFor(territory: Territory): MemberView {
  const name = catalogFor(territory).member;
  return { name, images: artwork(`member:${name}`, [75, 180, 300]), territory };
}

function joinWords(territory: Territory, a: string, b: string, joiner: 'of' | 'and'): string {
  if (territory === 'TW' || territory === 'HK') return joiner === 'of' ? `${a}的${b}` : `${a}${b}`;
  if (territory === 'JP') return joiner === 'of' ? `${a}と${b}` : `${a}${b}`;
  return `${a} ${b}`;
}

// ---------- Albums and artists ----------

/** Albums in the fake catalog: enough for long grids and artists with more albums than one page. */
export const ALBUM_COUNT = 150;
/** An album whose id contains this exists only in Taiwan and Hong Kong (as `available_territories` allows). */
const TW_ONLY = 7;
/** The album with no tracks (bad input the screen must survive). */
export const EMPTY_ALBUM = 'album-29';

interface FakeAlbum {
  id: string;
  index: number;
  name: string;
  artistIndex: number;
  artistId: string;
  artist: string;
  releaseDate: ReleaseDateView | undefined;
  explicit: boolean;
  trackCount: number;
  territories: readonly Territory[] | 'all';
}

export function albumOf(index: number, territory: Territory): FakeAlbum {
  const c = catalogFor(territory);
  const artistIndex = index % c.artists.length;
  const name = index < c.albums.length
    ? (c.albums[index] ?? '')
    : joinWords(territory, c.words[index % c.words.length] ?? '', c.words[(index * 7 + 3) % c.words.length] ?? '', 'and');
  // Every shape the contract allows: a full date, a day of 00, a month of 00, no date at all.
  const year = 2025 - (index % 9);
  const month = 1 + (index % 12);
  const dates: (ReleaseDateView | undefined)[] = [
    { year, month, day: 1 + (index % 28) },
    { year, month, day: undefined },
    { year, month: undefined, day: undefined },
    undefined,
  ];
  return {
    id: `album-${index}`,
    index,
    name,
    artistIndex,
    artistId: `artist-${artistIndex}`,
    artist: c.artists[artistIndex] ?? '',
    releaseDate: dates[index % 4],
    explicit: index % 5 === 0,
    trackCount: `album-${index}` === EMPTY_ALBUM ? 0 : 8 + (index % 7),
    territories: index % 10 === TW_ONLY ? ['TW', 'HK'] : 'all',
  };
}

function albumIndex(id: string): number | undefined {
  const match = /^album-(\d+)$/.exec(id);
  const n = match ? Number(match[1]) : NaN;
  return Number.isInteger(n) && n >= 0 && n < ALBUM_COUNT ? n : undefined;
}

export function availableIn(album: FakeAlbum, territory: Territory): boolean {
  return album.territories === 'all' || album.territories.includes(territory);
}

function albumTile(album: FakeAlbum, group?: string, groupRef?: DetailRef): TileView {
  return {
    ref: { kind: 'album', id: album.id },
    key: album.id,
    title: album.name,
    subtitle: album.artist,
    images: artwork(`album:${album.name}`, [160, 500, 1000]),
    group,
    ...(groupRef === undefined ? {} : { groupRef }),
  };
}

function artistAlbums(artistIndex: number, territory: Territory): FakeAlbum[] {
  const out: FakeAlbum[] = [];
  for (let i = 0; i < ALBUM_COUNT; i++) {
    const album = albumOf(i, territory);
    if (album.artistIndex === artistIndex && album.trackCount > 0 && availableIn(album, territory)) out.push(album);
  }
  return out;
}

function categoryAlbums(category: number, territory: Territory): FakeAlbum[] {
  const out: FakeAlbum[] = [];
  for (let i = category; i < ALBUM_COUNT; i += 3) {
    const album = albumOf(i, territory);
    if (availableIn(album, territory)) out.push(album);
  }
  return out;
}

// ---------- Tracks ----------

function fakeTrack(id: string, name: string, album: FakeAlbum | undefined, explicit: boolean, durationMs: number): TrackView {
  return {
    id,
    name,
    artist: album?.artist ?? '',
    album: album?.name ?? '',
    durationMs,
    explicit,
    url: `https://music.example.com/track/${id}`,
    albumId: album?.id,
    artistId: album?.artistId,
  };
}

function trackCount(ref: DetailRef, territory: Territory): number {
  switch (ref.kind) {
    case 'chart':
      return ref.id === 'chart-0' ? 520 : 100;
    case 'playlist':
      return 24 + (hash(ref.id) % 60);
    case 'album': {
      const index = albumIndex(ref.id);
      return index === undefined ? 0 : albumOf(index, territory).trackCount;
    }
    case 'artist':
      return 40;
    case 'recommended':
      return hasRecommendations(ref.id) ? 30 : 0;
    default:
      return 100;
  }
}

/** Whether "More like this" finds anything for a track: most do, a few (about one in six) have no recommendations. */
export function hasRecommendations(trackId: string): boolean {
  return hash(`seed:${trackId}`) % 6 !== 0;
}

export function makeTracks(ref: DetailRef, territory: Territory, offset: number, limit: number, shuffleSeed = 0): TrackView[] {
  const c = catalogFor(territory);
  const total = trackCount(ref, territory);
  const out: TrackView[] = [];
  const ownAlbum = ref.kind === 'album' ? albumIndex(ref.id) : undefined;
  const artistIndex = ref.kind === 'artist' ? Number(/^artist-(\d+)$/.exec(ref.id)?.[1] ?? 0) : undefined;
  for (let i = offset; i < Math.min(total, offset + limit); i++) {
    const r = seeded(hash(`${ref.id}:${i}:${shuffleSeed}`));
    const pick = <T,>(list: T[]): T => list[Math.floor(r() * list.length)] as T;
    const name = joinWords(territory, pick(c.words), pick(c.words), 'of');
    const id = `${ref.id}-t${i}-${shuffleSeed}`;
    let album: FakeAlbum | undefined;
    if (ownAlbum !== undefined) album = albumOf(ownAlbum, territory);
    else if (artistIndex !== undefined) {
      const albums = artistAlbums(artistIndex, territory);
      album = albums[i % Math.max(1, albums.length)];
    } else if (i % 17 !== 16) {
      // Every 17th track comes without its album, as the service sometimes sends them.
      let index = Math.floor(r() * ALBUM_COUNT);
      while (!availableIn(albumOf(index, territory), territory) || albumOf(index, territory).trackCount === 0) index = (index + 1) % ALBUM_COUNT;
      album = albumOf(index, territory);
    }
    out.push(fakeTrack(id, name, album, ownAlbum !== undefined ? album?.explicit === true && i % 3 === 0 : r() < 0.12, 150_000 + Math.floor(r() * 150_000)));
  }
  return out;
}

// ---------- Rows ----------

function tile(kind: DetailRef['kind'], id: string, title: string, subtitle?: string, group?: string, images = artwork(title)): TileView {
  return { ref: { kind, id }, key: id, title, subtitle, images, group };
}

/** Noon UTC `days` days before today, as the service's `updated_at` says it. */
function daysAgo(days: number): string {
  const at = new Date();
  at.setUTCHours(12, 0, 0, 0);
  return new Date(at.getTime() - days * 86_400_000).toISOString();
}

/** The member's favourite tracks, newest first, as Home's first row shows them. */
export function favoriteTracks(territory: Territory): TrackView[] {
  return makeTracks({ kind: 'playlist', id: 'favorites' }, territory, 0, 14);
}

export function trackTile(track: TrackView): TileView {
  return {
    ref: undefined,
    key: track.id,
    title: track.name,
    subtitle: track.artist || undefined,
    images: track.album ? artwork(`album:${track.album}`, [160, 500, 1000]) : [],
    group: undefined,
    track,
  };
}

/** Albums of each new-release category on Home; each names its category (`groupRef`), whose grid has them all. */
const NEW_RELEASES_PER_ROW = 10;

export function rowTiles(id: RowId, territory: Territory): TileView[] {
  const c = catalogFor(territory);
  switch (id) {
    // Like the core: charts and new-hits playlists say when they were updated, not a subtitle.
    case 'charts':
      return c.charts.map((t, i) => ({ ...tile('chart', `chart-${i}`, t, undefined), updatedAt: daysAgo(i % 2) }));
    case 'new-hits':
      return c.newHits.map((t, i) => ({ ...tile('new-hits', `hits-${i}`, t, undefined), updatedAt: daysAgo(2 + i) }));
    case 'mood-stations':
      return c.moods.map((t, i) => tile('mood-station', `mood-${i}`, t));
    case 'genre-stations':
      // Like the service: genre stations come without pictures.
      return c.genres.flatMap(([group, names], g) => names.map((t, i) => tile('genre-station', `genre-${g}-${i}`, t, undefined, group, [])));
    case 'new-releases':
      return c.newReleases.flatMap((title, k) =>
        categoryAlbums(k, territory).slice(0, NEW_RELEASES_PER_ROW).map((album) => albumTile(album, title, { kind: 'new-release-category', id: `nr-${k}` })),
      );
    case 'kids':
      return c.kids.map(([title], i) => tile('kids-category', `kids-${i}`, title, undefined, undefined, artwork(`kids:${title}`, [300], 1.6)));
    case 'favorites':
      return favoriteTracks(territory).map(trackTile);
    case 'collected-playlists':
      return c.playlists.map(([t, owner], i) => tile('playlist', `pl-${i}`, t, owner));
    case 'album-collection':
      return [3, 8, 14, 21, 33, 40, 52, 65].map((i) => albumOf(i, territory)).filter((a) => availableIn(a, territory)).map((a) => albumTile(a));
    case 'shared-playlists':
      return c.shared.map((t, i) => tile('playlist', `shared-${i}`, t, c.member));
  }
}

// ---------- Details ----------

export type FakeDetail = { ok: true; value: DetailView } | { ok: false; reason: 'not-found' | 'territory' };

const FIRST_TRACKS = 50;
const FIRST_TILES = 12;

function kidsPlaylists(territory: Territory, category: number, section: number): TileView[] {
  const c = catalogFor(territory);
  const [first, second] = c.kidsWords;
  // One section holds more playlists than one page (the service pages them by 100).
  const count = category === 0 && section === 0 ? 130 : 6 + ((category * 3 + section) % 7);
  return Array.from({ length: count }, (_, i) => {
    const title = joinWords(territory, first[i % first.length] ?? '', second[Math.floor(i / first.length) % second.length] ?? '', 'and');
    const numbered = i >= first.length * second.length ? `${title} ${Math.floor(i / (first.length * second.length)) + 1}` : title;
    return tile('playlist', `kids-${category}-${section}-${i}`, numbered, undefined, undefined, artwork(`kidpl:${numbered}`));
  });
}

export function makeTiles(ref: DetailRef, territory: Territory, offset: number, limit: number): TilePageView {
  let all: TileView[] = [];
  const kids = /^kids-(\d+)-(\d+)$/.exec(ref.id);
  if (ref.kind === 'artist') all = artistAlbums(Number(/^artist-(\d+)$/.exec(ref.id)?.[1] ?? 0), territory).map((a) => albumTile(a));
  else if (ref.kind === 'new-release-category') all = categoryAlbums(Number(/^nr-(\d+)$/.exec(ref.id)?.[1] ?? 0), territory).map((a) => albumTile(a));
  else if (ref.kind === 'kids-category' && kids) all = kidsPlaylists(territory, Number(kids[1]), Number(kids[2]));
  return { offset, total: all.length, tiles: all.slice(offset, offset + limit) };
}

function description(ref: DetailRef, territory: Territory): string {
  const zh = territory === 'TW' || territory === 'HK';
  if (ref.kind === 'chart') return zh ? '每日更新的熱門單曲，根據全台播放次數排名。' : 'The most played songs, updated every day.';
  if (ref.kind === 'mood-station' || ref.kind === 'genre-station') {
    return zh ? '為此刻挑選的歌曲，每次都有新驚喜。' : 'Songs picked for the moment, different every time.';
  }
  return zh ? '精心挑選的歌單，適合任何時候。' : 'A hand-picked playlist for any time of day.';
}

function tracksDetail(ref: DetailRef, territory: Territory, title: string, shuffleSeed: number): TracksDetailView {
  const shuffled = ref.kind === 'mood-station' || ref.kind === 'genre-station';
  return {
    layout: 'tracks',
    ref,
    title,
    description: description(ref, territory),
    owner: ref.kind === 'playlist' || ref.kind === 'chart' || ref.kind === 'new-hits' ? 'Tunewall' : undefined,
    updatedAt: shuffled ? undefined : '2025-11-20T08:00:00Z',
    // Like the service: genre stations have no pictures.
    images: ref.kind === 'genre-station' ? [] : artwork(title),
    // Like the service: a chart's detail may leave its URL out.
    url: ref.kind === 'chart' ? undefined : `https://music.example.com/${ref.kind}/${ref.id}`,
    totalTracks: trackCount(ref, territory),
    shuffled,
    tracks: makeTracks(ref, territory, 0, FIRST_TRACKS, shuffleSeed),
  };
}

/** `seed`: the track "More like this" was asked for, as the screen that asked knew it. */
export function makeDetail(ref: DetailRef, territory: Territory, title: string, shuffleSeed = 0, seed?: TrackView): FakeDetail {
  if (ref.id.startsWith('missing')) return { ok: false, reason: 'not-found' };
  const c = catalogFor(territory);
  switch (ref.kind) {
    case 'album': {
      const index = albumIndex(ref.id);
      if (index === undefined) return { ok: false, reason: 'not-found' };
      const album = albumOf(index, territory);
      if (!availableIn(album, territory)) return { ok: false, reason: 'territory' };
      return {
        ok: true,
        value: {
          ...tracksDetail(ref, territory, album.name, shuffleSeed),
          description: '',
          owner: undefined,
          updatedAt: undefined,
          images: artwork(`album:${album.name}`, [160, 500, 1000]),
          album: { artist: { id: album.artistId, name: album.artist }, releaseDate: album.releaseDate, explicit: album.explicit },
        },
      };
    }
    case 'artist': {
      const index = Number(/^artist-(\d+)$/.exec(ref.id)?.[1] ?? NaN);
      const name = c.artists[index];
      if (name === undefined) return { ok: false, reason: 'not-found' };
      const albums = makeTiles(ref, territory, 0, 6);
      const view: ArtistDetailView = {
        layout: 'artist',
        ref,
        title: name,
        images: artwork(`artist:${name}`, [160, 300]),
        url: `https://music.example.com/artist/${ref.id}`,
        totalTracks: trackCount(ref, territory),
        tracks: makeTracks(ref, territory, 0, 20),
        totalAlbums: albums.total,
        albums: albums.tiles,
      };
      return { ok: true, value: view };
    }
    case 'new-release-category': {
      const index = Number(/^nr-(\d+)$/.exec(ref.id)?.[1] ?? NaN);
      const name = c.newReleases[index];
      if (name === undefined) return { ok: false, reason: 'not-found' };
      const albums = makeTiles(ref, territory, 0, FIRST_TILES * 2);
      const view: AlbumGridDetailView = { layout: 'albums', ref, title: name, images: [], url: undefined, totalAlbums: albums.total, albums: albums.tiles };
      return { ok: true, value: view };
    }
    case 'kids-category': {
      const index = Number(/^kids-(\d+)$/.exec(ref.id)?.[1] ?? NaN);
      const entry = c.kids[index];
      if (entry === undefined) return { ok: false, reason: 'not-found' };
      const [name, sections] = entry;
      const view: KidsDetailView = {
        layout: 'kids',
        ref,
        title: name,
        images: artwork(`kids:${name}`, [300], 1.6),
        url: undefined,
        sections: sections.map((title, s) => {
          const sectionRef: DetailRef = { kind: 'kids-category', id: `kids-${index}-${s}` };
          const page = makeTiles(sectionRef, territory, 0, 20);
          return { ref: sectionRef, title, images: artwork(`kidsub:${title}`, [300], 1.3), totalPlaylists: page.total, playlists: page.tiles };
        }),
      };
      return { ok: true, value: view };
    }
    case 'recommended': {
      const seedTrack = seed ?? fakeTrack(ref.id, title, undefined, false, 200_000);
      return {
        ok: true,
        value: { ...tracksDetail(ref, territory, seedTrack.name, shuffleSeed), description: '', owner: undefined, updatedAt: undefined, images: [], url: undefined, seed: seedTrack },
      };
    }
    default:
      return { ok: true, value: tracksDetail(ref, territory, title, shuffleSeed) };
  }
}

/** Pictures for a genre station's mosaic: the album art of its first four tracks; one station has none. */
export function stationImages(stationId: string, territory: Territory): ImageView[] {
  if (stationId.endsWith('-2')) return [];
  return makeTracks({ kind: 'genre-station', id: stationId }, territory, 0, 4)
    .filter((track) => track.album !== '')
    .map((track) => artwork(`album:${track.album}`, [160, 500])[0])
    .filter((image): image is ImageView => image !== undefined);
}

// ---------- The household ----------

export interface FakeMember {
  key: string;
  name: string;
  images: ImageView[];
  child: boolean;
  needsPairing: boolean;
}

/** Names of a household per language: one without a picture, a child, one whose sign-in ended. */
const HOUSEHOLDS: Record<'zh' | 'ja' | 'en', [name: string, picture: boolean, child: boolean, needsPairing: boolean][]> = {
  zh: [['陳怡君', true, false, false], ['林志豪', false, false, false], ['小安', true, true, false], ['王美玲', true, false, true], ['張家豪', true, false, false], ['歐陽子晴', false, false, false]],
  ja: [['佐藤 結衣', true, false, false], ['佐藤 健', false, false, false], ['ひなた', true, true, false], ['田中 美咲', true, false, true], ['渡辺 翔太', true, false, false], ['おばあちゃん', false, false, false]],
  en: [['Mei Ling Tan', true, false, false], ['Arif', false, false, false], ['Sophie', true, true, false], ['David Lim', true, false, true], ['Christopher Wong', true, false, false], ['Grandma', false, false, false]],
};

/** The members signed in on the fake TV (`count`: four, or up to six); the first is the one `memberFor` names. */
export function householdFor(territory: Territory, count = 4): FakeMember[] {
  const language = territory === 'TW' || territory === 'HK' ? 'zh' : territory === 'JP' ? 'ja' : 'en';
  return HOUSEHOLDS[language].slice(0, count).map(([name, picture, child, needsPairing], i) => ({
    key: `member-${i + 1}`,
    name,
    images: picture ? artwork(`member:${name}`, [75, 180, 300]) : [],
    child,
    needsPairing,
  }));
}

/** Each member's own favourites: different tracks for each, the first member's as `favoriteTracks`. */
export function favoriteTracksOf(memberKey: string, territory: Territory): TrackView[] {
  if (memberKey === 'member-1') return favoriteTracks(territory);
  return makeTracks({ kind: 'playlist', id: `favorites-${memberKey}` }, territory, 0, 10);
}

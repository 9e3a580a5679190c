import type { DetailRef, ImageView, MemberView, RowId, TileView, TrackView, TracksDetailView } from '../../shared/bridge';
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
export function artwork(title: string, sizes: number[] = [300, 600, 1000]): ImageView[] {
  const h = hash(title);
  const hue = h % 360;
  const hue2 = (hue + 40 + (h % 80)) % 360;
  const cx = 20 + (h % 60);
  const cy = 20 + ((h >> 8) % 60);
  const r = 18 + ((h >> 16) % 30);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue2},65%,22%)"/></linearGradient></defs>` +
    `<rect width="100" height="100" fill="url(#g)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsla(${hue2},90%,80%,.35)"/>` +
    `<circle cx="${100 - cx}" cy="${100 - cy / 2}" r="${r / 2}" fill="hsla(${hue},90%,90%,.25)"/>` +
    `<path d="M0 ${70 + (h % 20)} Q50 ${40 + (h % 30)} 100 ${75 + ((h >> 4) % 20)} V100 H0z" fill="rgba(0,0,0,.25)"/></svg>`;
  const url = `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
  return sizes.map((size) => ({ url, width: size, height: size }));
}

interface Catalog {
  charts: string[];
  moods: string[];
  genres: [group: string, names: string[]][];
  favorites: string[];
  playlists: [title: string, owner: string][];
  member: string;
  words: string[];
  artists: string[];
  albums: string[];
}

const ZH: Catalog = {
  charts: ['華語單曲日榜', '西洋單曲日榜', '日語單曲週榜', '韓語單曲週榜', '台語單曲月榜', '粵語單曲週榜', '新歌日榜', '年度熱門榜'],
  moods: ['放鬆', '專心工作', '運動', '派對', '浪漫晚餐', '睡前', '開車兜風', '下雨天'],
  genres: [
    ['流行', ['華語流行', '西洋流行', '日本流行', '韓國流行']],
    ['搖滾', ['獨立搖滾', '經典搖滾', '後搖', '金屬']],
    ['電子', ['Deep House', 'Lo-Fi 節拍', '電子舞曲', 'Synthwave']],
  ],
  favorites: ['我的最愛', '通勤必聽', '深夜獨處', '週末早午餐', '2010 年代金曲', '咖啡廳'],
  playlists: [['城市夜景', '陳雨晴'], ['午後陽光', 'Tunewall 編輯'], ['Lo-Fi 讀書', '小夏'], ['海邊公路', '林晨'], ['老派情歌', '阿傑'], ['晨跑節奏', 'Tunewall 編輯']],
  member: '陳怡君',
  words: ['夏夜', '微光', '城市', '海風', '星空', '遠方', '回憶', '週末', '心跳', '月台', '晚安', '雨季', '山嵐', '霓虹'],
  artists: ['林晨', '陳雨晴', '蘇小夏', '高山青', '夜貓子樂團', 'Aurora Lane', '白日夢', '王子軒', '鹿角樂團', '李安琪'],
  albums: ['城市邊緣', '藍色時差', '某個夏天', '未完成的歌', '晴時多雲', '夜行列車'],
};

const JA: Catalog = {
  charts: ['J-POP デイリー', '洋楽デイリー', 'アニソン ウィークリー', 'K-POP ウィークリー', 'ロック ウィークリー', '新曲デイリー', '年間ヒット'],
  moods: ['リラックス', '集中', 'ワークアウト', 'パーティー', 'ロマンティック', 'おやすみ', 'ドライブ', '雨の日'],
  genres: [
    ['ポップ', ['J-POP', '洋楽ポップ', 'シティポップ']],
    ['ロック', ['邦ロック', 'オルタナティブ', 'メタル']],
    ['ダンス', ['ハウス', 'ローファイ', 'テクノ']],
  ],
  favorites: ['お気に入り', '通勤', '夜更かし', '週末の朝'],
  playlists: [['東京ナイト', '佐藤 結衣'], ['カフェタイム', 'Tunewall 編集部'], ['海沿いドライブ', '山田 蓮'], ['朝ラン', 'Tunewall 編集部']],
  member: '佐藤 結衣',
  words: ['夏の夜', '光', '街角', '潮風', '星空', '彼方', '思い出', '週末', '鼓動', '終電', '雨音', '朝焼け'],
  artists: ['佐藤 結衣', '夜光虫', 'ミナミ', '山田 蓮', 'Aurora Lane', 'シグナル', '青い鳥', '小林 葵'],
  albums: ['午前零時', '青の時間', 'ある夏', 'ひかり', '夜行列車'],
};

const EN: Catalog = {
  charts: ['Top 50 Daily', 'New Releases', 'Mandopop Weekly', 'K-Pop Weekly', 'Viral Hits', 'Top Albums'],
  moods: ['Chill', 'Focus', 'Workout', 'Party', 'Romance', 'Sleep', 'Road Trip', 'Rainy Day'],
  genres: [
    ['Pop', ['Pop Hits', 'Indie Pop', 'Mandopop']],
    ['Rock', ['Indie Rock', 'Classic Rock', 'Metal']],
    ['Electronic', ['Deep House', 'Lo-Fi Beats', 'Synthwave']],
  ],
  favorites: ['Liked Songs', 'Commute', 'Late Night', 'Sunday Brunch'],
  playlists: [['City Lights', 'Mei Ling'], ['Morning Coffee', 'Tunewall Editors'], ['Coastal Drive', 'Arif'], ['Study Beats', 'Tunewall Editors']],
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
  return { name, image: artwork(`member:${name}`, [75, 180, 300])[1], territory };
}

function tile(kind: DetailRef['kind'], id: string, title: string, subtitle?: string, group?: string): TileView {
  return { ref: { kind, id }, key: id, title, subtitle, images: artwork(title), group };
}

export function rowTiles(id: RowId, territory: Territory): TileView[] {
  const c = catalogFor(territory);
  switch (id) {
    case 'charts':
      return c.charts.map((t, i) => tile('chart', `chart-${i}`, t, undefined));
    case 'mood-stations':
      return c.moods.map((t, i) => tile('mood-station', `mood-${i}`, t));
    case 'genre-stations':
      return c.genres.flatMap(([group, names], g) => names.map((t, i) => tile('genre-station', `genre-${g}-${i}`, t, undefined, group)));
    case 'favorites':
      return c.favorites.map((t, i) => tile('playlist', `fav-${i}`, t));
    case 'collected-playlists':
      return c.playlists.map(([t, owner], i) => tile('playlist', `pl-${i}`, t, owner));
    case 'new-hits':
    case 'new-releases':
    case 'kids':
    case 'album-collection':
    case 'shared-playlists':
      return [];
  }
}

function trackCount(ref: DetailRef): number {
  if (ref.kind === 'chart') return ref.id === 'chart-0' ? 520 : 100;
  if (ref.kind === 'playlist') return 24 + (hash(ref.id) % 60);
  return 100;
}

export function makeTracks(ref: DetailRef, territory: Territory, offset: number, limit: number, shuffleSeed = 0): TrackView[] {
  const c = catalogFor(territory);
  const total = trackCount(ref);
  const out: TrackView[] = [];
  for (let i = offset; i < Math.min(total, offset + limit); i++) {
    const r = seeded(hash(`${ref.id}:${i}:${shuffleSeed}`));
    const pick = <T,>(list: T[]): T => list[Math.floor(r() * list.length)] as T;
    const w1 = pick(c.words);
    const w2 = pick(c.words);
    const name = territory === 'TW' || territory === 'HK' ? `${w1}的${w2}` : territory === 'JP' ? `${w1}と${w2}` : `${w1} ${w2}`;
    const id = `${ref.id}-t${i}-${shuffleSeed}`;
    out.push({
      id,
      name,
      artist: pick(c.artists),
      album: pick(c.albums),
      durationMs: 150_000 + Math.floor(r() * 150_000),
      explicit: r() < 0.12,
      url: `https://music.example.com/track/${id}`,
    });
  }
  return out;
}

export function makeDetail(ref: DetailRef, territory: Territory, title: string, shuffleSeed = 0): TracksDetailView {
  const shuffled = ref.kind === 'mood-station' || ref.kind === 'genre-station';
  const zh = territory === 'TW' || territory === 'HK';
  const description = ref.kind === 'chart'
    ? zh ? '每日更新的熱門單曲，根據全台播放次數排名。' : 'The most played songs, updated every day.'
    : shuffled
      ? zh ? '為此刻挑選的歌曲，每次都有新驚喜。' : 'Songs picked for the moment, different every time.'
      : zh ? '精心挑選的歌單，適合任何時候。' : 'A hand-picked playlist for any time of day.';
  return {
    layout: 'tracks',
    ref,
    title,
    description,
    owner: ref.kind === 'playlist' || ref.kind === 'chart' ? 'Tunewall' : undefined,
    updatedAt: shuffled ? undefined : '2025-11-20T08:00:00Z',
    images: artwork(title),
    // Like the service: a chart's detail may leave its URL out.
    url: ref.kind === 'chart' ? undefined : `https://music.example.com/${ref.kind}/${ref.id}`,
    totalTracks: trackCount(ref),
    shuffled,
    tracks: makeTracks(ref, territory, 0, 50, shuffleSeed),
  };
}

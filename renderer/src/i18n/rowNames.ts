/**
 * Home's rows by name, in each UI language: the TV's Home (home.rows) and the phone page's (rows) say them alike.
 */
import type { RowId } from '../../../shared/bridge';

export const enRows = {
  charts: 'Charts',
  'mood-stations': 'Mood stations',
  'genre-stations': 'Genre stations',
  favorites: 'Your favorites',
  'collected-playlists': 'Your playlists',
  'new-hits': 'New hits',
  'new-releases': 'New releases',
  kids: 'Kids',
  'album-collection': 'Your albums',
  'shared-playlists': 'Playlists you shared',
} satisfies Record<RowId, string>;

export const zhHantRows = {
  charts: '排行榜',
  'mood-stations': '心情電台',
  'genre-stations': '曲風電台',
  favorites: '我的最愛',
  'collected-playlists': '我的歌單',
  'new-hits': '新歌精選',
  'new-releases': '最新發行',
  kids: '兒童',
  'album-collection': '我的專輯',
  'shared-playlists': '我分享的歌單',
} satisfies Record<RowId, string>;

export const jaRows = {
  charts: 'チャート',
  'mood-stations': 'ムードステーション',
  'genre-stations': 'ジャンルステーション',
  favorites: 'お気に入り',
  'collected-playlists': 'マイプレイリスト',
  'new-hits': '新曲プレイリスト',
  'new-releases': 'ニューリリース',
  kids: 'キッズ',
  'album-collection': 'マイアルバム',
  'shared-playlists': '共有したプレイリスト',
} satisfies Record<RowId, string>;

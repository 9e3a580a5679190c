/**
 * What each territory's editors call things: charts, stations, categories, playlists. Each list is written in the
 * territory's languages so the generated catalog reads like the real one on a TV.
 */
import type { Territory } from '../../shared/territory';
import type { Lang } from './names';

/** A list entry whose tracks come from artists singing in `langs` (all languages when absent). */
export interface Themed {
  title: string;
  langs?: Lang[];
}

export interface GenreCategory {
  category: string;
  langs?: Lang[];
  stations: string[];
}

export interface ChildrenTheme {
  title: string;
  subcategories: string[];
}

export interface TerritoryText {
  /** Share of each language among the territory's artists. */
  languages: [Lang, number][];
  /** UTC offset of the territory, used in ISO 8601 timestamps. */
  utcOffset: '+08:00' | '+09:00';
  charts: Themed[];
  /** Index into `charts` of the long chart (more than 500 tracks, so paging past 500 is exercised). */
  longChart: number;
  chartDescription: (title: string) => string;
  chartOwner: string;
  newHits: Themed[];
  newHitsDescription: (title: string) => string;
  newReleaseCategories: Themed[];
  genreCategories: GenreCategory[];
  moods: string[];
  children: ChildrenTheme[];
  /** Adjectives, nouns and series words combined into children's playlist titles. */
  childrenPlaylistWords: [string[], string[], string[]];
  curators: string[];
  sharedTitles: string[];
  sharedDescriptions: string[];
}

const zhMoods = ['放鬆', '派對', '專注', '運動', '浪漫', '失戀', '開車', '睡前', '咖啡館', '雨天', '早晨', '療癒', '懷舊', '讀書', '旅行'];

const TW: TerritoryText = {
  languages: [['zhTW', 62], ['en', 20], ['ja', 10], ['ko', 8]],
  utcOffset: '+08:00',
  charts: [
    { title: '綜合新歌即時榜' },
    { title: '華語單曲日榜', langs: ['zhTW'] },
    { title: '華語單曲週榜', langs: ['zhTW'] },
    { title: '西洋單曲日榜', langs: ['en'] },
    { title: '西洋單曲週榜', langs: ['en'] },
    { title: '日語單曲日榜', langs: ['ja'] },
    { title: '日語單曲週榜', langs: ['ja'] },
    { title: '韓語單曲日榜', langs: ['ko'] },
    { title: '韓語單曲週榜', langs: ['ko'] },
    { title: '台語單曲週榜', langs: ['zhTW'] },
    { title: '粵語單曲週榜', langs: ['zhTW'] },
    { title: '電子音樂週榜' },
    { title: '嘻哈饒舌週榜' },
    { title: '搖滾單曲週榜' },
    { title: '獨立音樂週榜', langs: ['zhTW', 'en'] },
    { title: 'R&B 單曲週榜' },
    { title: '爵士單曲週榜', langs: ['en'] },
    { title: '古典音樂週榜', langs: ['en'] },
    { title: '動漫單曲週榜', langs: ['ja'] },
    { title: '影視原聲帶週榜' },
    { title: '綜合單曲月榜' },
    { title: '年度單曲總榜' },
  ],
  longChart: 21,
  chartDescription: (title) => `${title}：依據播放次數每日更新，收錄最多人聽的歌。`,
  chartOwner: '排行榜編輯室',
  newHits: [
    { title: '華語新歌精選', langs: ['zhTW'] },
    { title: '西洋新歌精選', langs: ['en'] },
    { title: '日韓新歌精選', langs: ['ja', 'ko'] },
    { title: '本週新歌搶先聽' },
    { title: '獨立新聲', langs: ['zhTW'] },
    { title: '新歌熱播中' },
    { title: '週五新歌報到' },
    { title: '新人推薦' },
  ],
  newHitsDescription: (title) => `${title}，每週更新，第一時間聽到最新的歌。`,
  newReleaseCategories: [
    { title: '華語', langs: ['zhTW'] },
    { title: '西洋', langs: ['en'] },
    { title: '日語', langs: ['ja'] },
    { title: '韓語', langs: ['ko'] },
    { title: '台語', langs: ['zhTW'] },
    { title: '粵語', langs: ['zhTW'] },
    { title: '其他' },
  ],
  genreCategories: [
    { category: '華語', langs: ['zhTW'], stations: ['華語流行', '華語經典', '華語抒情', '華語搖滾', '華語嘻哈'] },
    { category: '日本', langs: ['ja'], stations: ['J-Pop', '日本搖滾', '動漫歌曲', '日本經典'] },
    { category: '韓國', langs: ['ko'], stations: ['K-Pop', '韓劇原聲', '韓國獨立'] },
    { category: '西洋', langs: ['en'], stations: ['西洋流行', '西洋搖滾', '西洋經典', 'R&B / 靈魂樂', '鄉村'] },
    { category: '電子', stations: ['電子舞曲', 'Chill House', 'Lo-fi'] },
    { category: '爵士', langs: ['en'], stations: ['爵士經典', '咖啡館爵士', '藍調'] },
    { category: '古典', langs: ['en'], stations: ['鋼琴', '交響樂', '弦樂'] },
    { category: '台語', langs: ['zhTW'], stations: ['台語流行', '台語經典', '台語新聲', '台語搖滾'] },
  ],
  moods: zhMoods,
  children: [
    { title: '兒歌', subcategories: ['0-3 歲', '4-6 歲', '7 歲以上'] },
    { title: '故事', subcategories: ['床邊故事', '童話', '寓言'] },
    { title: '卡通主題曲', subcategories: ['經典卡通', '新番卡通'] },
    { title: '英語學習', subcategories: ['英文兒歌', '自然發音', '英語故事'] },
    { title: '睡前音樂', subcategories: ['搖籃曲', '白噪音'] },
    { title: '律動遊戲', subcategories: ['唱跳', '手指謠', '體能律動'] },
  ],
  childrenPlaylistWords: [
    ['快樂', '可愛', '溫柔', '活力', '晚安', '彩虹', '動物', '森林', '小星星', '週末'],
    ['兒歌', '童謠', '故事', '搖籃曲', '律動', '唱遊', '合唱團', '派對'],
    ['', '精選', '合輯'],
  ],
  curators: ['音樂編輯 小樂', '阿凱的午夜電台', '今天聽什麼', '樂評人 林以安', '獨立音樂編輯部', '深夜食堂 DJ'],
  sharedTitles: ['通勤路上', '週末慢活', '雨天聽的歌', '一個人的深夜', '公路旅行', '讀書專用', '健身房歌單', '早安咖啡', '失眠的時候', 'KTV 必點'],
  sharedDescriptions: ['', '整理了最近一直重播的歌。', '每週更新，歡迎收藏。', '給需要的你。'],
};

const HK: TerritoryText = {
  languages: [['zhHK', 60], ['en', 30], ['ja', 5], ['ko', 5]],
  utcOffset: '+08:00',
  charts: [
    { title: '新歌即時榜' },
    { title: '粵語單曲日榜', langs: ['zhHK'] },
    { title: '粵語單曲週榜', langs: ['zhHK'] },
    { title: '華語單曲週榜', langs: ['zhHK'] },
    { title: 'Western Daily Chart', langs: ['en'] },
    { title: 'Western Weekly Chart', langs: ['en'] },
    { title: '日語單曲週榜', langs: ['ja'] },
    { title: 'K-Pop Weekly Chart', langs: ['ko'] },
    { title: '廣東歌經典榜', langs: ['zhHK'] },
    { title: 'Electronic Weekly Chart' },
    { title: 'Hip-Hop Weekly Chart' },
    { title: '搖滾週榜' },
    { title: 'Indie 週榜', langs: ['zhHK', 'en'] },
    { title: 'R&B Weekly Chart', langs: ['en'] },
    { title: 'Jazz Weekly Chart', langs: ['en'] },
    { title: '古典音樂週榜', langs: ['en'] },
    { title: '動漫歌曲週榜', langs: ['ja'] },
    { title: '劇集主題曲榜', langs: ['zhHK'] },
    { title: '電影原聲帶榜' },
    { title: '綜合單曲月榜' },
    { title: '年度總榜' },
  ],
  longChart: 20,
  chartDescription: (title) => `${title}：每日根據播放次數更新，睇吓大家最近聽緊乜。`,
  chartOwner: '排行榜編輯室',
  newHits: [
    { title: '廣東歌新歌', langs: ['zhHK'] },
    { title: 'New Western Hits', langs: ['en'] },
    { title: '日韓新歌', langs: ['ja', 'ko'] },
    { title: '本週新歌' },
    { title: '香港 Indie 新聲', langs: ['zhHK'] },
    { title: 'Fresh Finds' },
    { title: '新人推介' },
  ],
  newHitsDescription: (title) => `${title}：每個禮拜更新，第一時間聽新歌。`,
  newReleaseCategories: [
    { title: '粵語', langs: ['zhHK'] },
    { title: '華語', langs: ['zhHK'] },
    { title: 'Western', langs: ['en'] },
    { title: '日語', langs: ['ja'] },
    { title: '韓語', langs: ['ko'] },
    { title: '其他' },
  ],
  genreCategories: [
    { category: '廣東歌', langs: ['zhHK'], stations: ['廣東流行', '廣東經典', '廣東情歌', '香港樂隊', '香港嘻哈'] },
    { category: '華語', langs: ['zhHK'], stations: ['華語流行', '華語抒情', '華語經典'] },
    { category: 'J-Pop', langs: ['ja'], stations: ['J-Pop', '動漫歌曲', '日本搖滾', 'City Pop'] },
    { category: 'K-Pop', langs: ['ko'], stations: ['K-Pop', 'K-Pop 經典', '韓劇 OST'] },
    { category: 'Western', langs: ['en'], stations: ['Pop', 'Rock', 'R&B', 'Throwback', 'Acoustic'] },
    { category: 'Electronic', stations: ['EDM', 'Chill Out', 'Lo-fi'] },
    { category: 'Jazz', langs: ['en'], stations: ['Jazz Classics', 'Café Jazz', 'Blues'] },
    { category: 'Classical', langs: ['en'], stations: ['Piano', 'Symphony', 'Strings', 'Opera'] },
  ],
  moods: ['放鬆', '派對', '專注', '做運動', '浪漫', '失戀', '揸車', '瞓覺前', 'Café', '落雨天', '早晨', '治癒', '懷舊', '溫書', '旅行'],
  children: [
    { title: '兒歌', subcategories: ['0-3 歲', '4-6 歲', '7 歲以上'] },
    { title: '故事', subcategories: ['睡前故事', '童話', '寓言'] },
    { title: '卡通主題曲', subcategories: ['經典卡通', '最新卡通'] },
    { title: 'English for Kids', subcategories: ['Nursery Rhymes', 'Phonics', 'Story Time'] },
    { title: '瞓覺音樂', subcategories: ['搖籃曲', '白噪音'] },
    { title: '唱遊', subcategories: ['跳舞', '手指謠'] },
  ],
  childrenPlaylistWords: [
    ['開心', '可愛', '溫柔', '活力', '晚安', '彩虹', '動物', '森林', '小星星', 'Happy'],
    ['兒歌', '童謠', '故事', '搖籃曲', '唱遊', 'Sing-along', '派對'],
    ['', '精選', '大合唱'],
  ],
  curators: ['音樂編輯 阿樂', 'Kelvin 的深夜電台', '今晚聽乜好', '樂評人 陳朗天', 'Indie 編輯部'],
  sharedTitles: ['返工路上', '週末慢活', '落雨天', '一個人嘅深夜', '行山歌單', '溫書用', 'Gym 歌', '早晨咖啡', '瞓唔著', 'K 房必唱'],
  sharedDescriptions: ['', '最近不停 loop 嘅歌。', '每個禮拜更新。', 'Enjoy!'],
};

const JP: TerritoryText = {
  languages: [['ja', 80], ['en', 14], ['ko', 6]],
  utcOffset: '+09:00',
  charts: [
    { title: '総合リアルタイムランキング' },
    { title: 'J-POP デイリーランキング', langs: ['ja'] },
    { title: 'J-POP 週間ランキング', langs: ['ja'] },
    { title: '洋楽デイリーランキング', langs: ['en'] },
    { title: '洋楽週間ランキング', langs: ['en'] },
    { title: 'K-POP デイリーランキング', langs: ['ko'] },
    { title: 'K-POP 週間ランキング', langs: ['ko'] },
    { title: 'アニソン週間ランキング', langs: ['ja'] },
    { title: '邦ロック週間ランキング', langs: ['ja'] },
    { title: 'ヒップホップ週間ランキング' },
    { title: 'ボカロ週間ランキング', langs: ['ja'] },
    { title: 'シティポップ週間ランキング', langs: ['ja'] },
    { title: 'エレクトロニック週間ランキング' },
    { title: 'R&B 週間ランキング' },
    { title: 'ジャズ週間ランキング', langs: ['en', 'ja'] },
    { title: 'クラシック週間ランキング', langs: ['en'] },
    { title: 'ドラマ主題歌ランキング', langs: ['ja'] },
    { title: '映画サウンドトラックランキング' },
    { title: 'インディーズ週間ランキング', langs: ['ja'] },
    { title: '月間総合ランキング' },
    { title: '年間総合ランキング' },
  ],
  longChart: 20,
  chartDescription: (title) => `${title}。再生回数をもとに毎日更新しています。`,
  chartOwner: 'ランキング編集部',
  newHits: [
    { title: 'J-POP 最新ヒット', langs: ['ja'] },
    { title: '洋楽最新ヒット', langs: ['en'] },
    { title: 'K-POP 最新ヒット', langs: ['ko'] },
    { title: '今週の新曲' },
    { title: 'ネクストブレイク', langs: ['ja'] },
    { title: '金曜日の新曲' },
    { title: '注目の新人' },
  ],
  newHitsDescription: (title) => `${title}。毎週更新、いち早く新曲をチェック。`,
  newReleaseCategories: [
    { title: '邦楽', langs: ['ja'] },
    { title: '洋楽', langs: ['en'] },
    { title: 'K-POP', langs: ['ko'] },
    { title: 'アニメ', langs: ['ja'] },
    { title: 'その他' },
  ],
  genreCategories: [
    { category: 'J-POP', langs: ['ja'], stations: ['J-POP ヒット', 'J-POP バラード', '90年代 J-POP', 'シティポップ', 'アコースティック'] },
    { category: '邦ロック', langs: ['ja'], stations: ['邦ロック', 'パンク', 'オルタナティブ'] },
    { category: 'アニメ', langs: ['ja'], stations: ['アニソン', 'ゲーム音楽', 'ボカロ', '声優'] },
    { category: 'K-POP', langs: ['ko'], stations: ['K-POP', '韓国ドラマ OST', 'K-R&B', 'K-インディー'] },
    { category: '洋楽', langs: ['en'], stations: ['洋楽ポップ', '洋楽ロック', '洋楽 R&B', '洋楽クラシックス'] },
    { category: 'エレクトロニック', stations: ['EDM', 'チルアウト', 'ローファイ'] },
    { category: 'ジャズ', langs: ['en', 'ja'], stations: ['ジャズスタンダード', 'カフェジャズ', 'ブルース'] },
    { category: 'クラシック', langs: ['en'], stations: ['ピアノ', '交響曲', '弦楽', 'オペラ'] },
  ],
  moods: ['リラックス', 'パーティー', '集中', 'ワークアウト', 'ロマンティック', '失恋', 'ドライブ', 'おやすみ前', 'カフェ', '雨の日', '朝', '癒し', '懐かしい', '勉強', '旅'],
  children: [
    { title: 'どうよう', subcategories: ['0〜2さい', '3〜5さい', '6さい以上'] },
    { title: 'おはなし', subcategories: ['ねるまえのおはなし', 'むかしばなし', 'せかいの童話'] },
    { title: 'アニメ主題歌', subcategories: ['なつかしのアニメ', '最新アニメ'] },
    { title: 'えいご', subcategories: ['えいごのうた', 'フォニックス'] },
    { title: 'ねんねの音楽', subcategories: ['子守唄', 'オルゴール'] },
    { title: '手あそび・体操', subcategories: ['手あそび', 'たいそう', 'ダンス'] },
  ],
  childrenPlaylistWords: [
    ['たのしい', 'かわいい', 'やさしい', 'げんきな', 'おやすみ', 'にじいろ', 'どうぶつ', 'もりの', 'おほしさま'],
    ['どうよう', 'おうた', 'おはなし', '子守唄', 'たいそう', 'てあそび', 'オルゴール'],
    ['', 'ベスト', 'コレクション'],
  ],
  curators: ['音楽編集部 ハルカ', '深夜ラジオのユウキ', '今日なに聴く？', '音楽ライター 森奏', 'インディーズ編集部'],
  sharedTitles: ['通勤のおとも', '週末のんびり', '雨の日に聴く曲', '真夜中のプレイリスト', 'ドライブ用', '作業用', '筋トレ', 'モーニングコーヒー', '眠れない夜に', 'カラオケ定番'],
  sharedDescriptions: ['', '最近ずっとリピートしている曲。', '毎週更新します。', 'お気に入りをまとめました。'],
};

const SG: TerritoryText = {
  languages: [['en', 52], ['zhSG', 38], ['ko', 5], ['ja', 5]],
  utcOffset: '+08:00',
  charts: [
    { title: 'Top Hits Singapore' },
    { title: '华语单曲日榜', langs: ['zhSG'] },
    { title: '华语单曲周榜', langs: ['zhSG'] },
    { title: 'English Daily Chart', langs: ['en'] },
    { title: 'English Weekly Chart', langs: ['en'] },
    { title: 'K-Pop Daily Chart', langs: ['ko'] },
    { title: 'K-Pop Weekly Chart', langs: ['ko'] },
    { title: 'J-Pop Weekly Chart', langs: ['ja'] },
    { title: 'Hip-Hop Weekly Chart' },
    { title: 'Electronic Weekly Chart' },
    { title: 'Rock Weekly Chart' },
    { title: 'Indie Weekly Chart', langs: ['en', 'zhSG'] },
    { title: 'R&B Weekly Chart', langs: ['en'] },
    { title: 'Jazz Weekly Chart', langs: ['en'] },
    { title: 'Classical Weekly Chart', langs: ['en'] },
    { title: 'Local Heroes', langs: ['en', 'zhSG'] },
    { title: 'Soundtrack Weekly Chart' },
    { title: '新谣经典榜', langs: ['zhSG'] },
    { title: 'Viral Hits' },
    { title: 'Monthly Top Songs' },
    { title: 'Year-End Top Songs' },
  ],
  longChart: 20,
  chartDescription: (title) => `${title}: the most-played songs in Singapore, updated daily.`,
  chartOwner: 'Charts Team',
  newHits: [
    { title: 'New Music Friday' },
    { title: '华语新歌', langs: ['zhSG'] },
    { title: 'Fresh English Hits', langs: ['en'] },
    { title: 'K-Pop Fresh', langs: ['ko'] },
    { title: 'Local Fresh Finds', langs: ['en', 'zhSG'] },
    { title: 'New This Week' },
    { title: 'Rising Artists' },
  ],
  newHitsDescription: (title) => `${title}: the newest songs, updated every week.`,
  newReleaseCategories: [
    { title: 'English', langs: ['en'] },
    { title: '华语', langs: ['zhSG'] },
    { title: 'K-Pop', langs: ['ko'] },
    { title: 'J-Pop', langs: ['ja'] },
    { title: 'Local', langs: ['en', 'zhSG'] },
    { title: 'Others' },
  ],
  genreCategories: [
    { category: 'Mandopop', langs: ['zhSG'], stations: ['Mandopop Hits', '华语经典', '华语情歌', '新谣'] },
    { category: 'Pop', langs: ['en'], stations: ['Pop Hits', 'Throwback Pop', 'Acoustic Pop', 'Singer-Songwriter', 'R&B'] },
    { category: 'K-Pop', langs: ['ko'], stations: ['K-Pop Hits', 'K-Drama OST', 'K-Indie'] },
    { category: 'J-Pop', langs: ['ja'], stations: ['J-Pop Hits', 'Anime', 'City Pop'] },
    { category: 'Rock', langs: ['en'], stations: ['Classic Rock', 'Alternative', 'Indie Rock', 'Punk'] },
    { category: 'Electronic', stations: ['EDM', 'House', 'Chill Out', 'Lo-fi Beats', 'Ambient'] },
    { category: 'Jazz', langs: ['en'], stations: ['Jazz Classics', 'Café Jazz', 'Blues'] },
    { category: 'Classical', langs: ['en'], stations: ['Piano', 'Symphony', 'Strings'] },
  ],
  moods: ['Chill', 'Party', 'Focus', 'Workout', 'Romance', 'Heartbreak', 'Road Trip', 'Bedtime', 'Café', 'Rainy Day', 'Morning', 'Healing', 'Throwback', 'Study', 'Travel'],
  children: [
    { title: 'Nursery Rhymes', subcategories: ['Ages 0-3', 'Ages 4-6', 'Ages 7+'] },
    { title: 'Stories', subcategories: ['Bedtime Stories', 'Fairy Tales', 'Fables'] },
    { title: 'Cartoon Themes', subcategories: ['Classic Cartoons', 'New Cartoons'] },
    { title: '华语儿歌', subcategories: ['经典儿歌', '学华语'] },
    { title: 'Sleepy Time', subcategories: ['Lullabies', 'White Noise'] },
    { title: 'Sing & Dance', subcategories: ['Action Songs', 'Finger Plays', 'Dance Party'] },
  ],
  childrenPlaylistWords: [
    ['Happy', 'Little', 'Gentle', 'Sunny', 'Sleepy', 'Rainbow', 'Animal', 'Jungle', 'Twinkle', 'Weekend'],
    ['Rhymes', 'Songs', 'Stories', 'Lullabies', 'Sing-along', 'Playtime', 'Party'],
    ['', 'Collection', 'Favourites'],
  ],
  curators: ['Editor Wei Ling', 'Late Night Radio', 'What To Play Today', 'Music Writer Darren Ong', 'Indie Desk'],
  sharedTitles: ['MRT Commute', 'Lazy Sunday', 'Rainy Day Songs', 'Midnight Thoughts', 'Road Trip to JB', 'Study Session', 'Gym Mode', 'Kopi Morning', "Can't Sleep", 'Karaoke Night'],
  sharedDescriptions: ['', 'Songs I have on repeat lately.', 'Updated every week.', 'For you.'],
};

const MY: TerritoryText = {
  languages: [['ms', 45], ['en', 33], ['zhSG', 16], ['ko', 6]],
  utcOffset: '+08:00',
  charts: [
    { title: 'Top 50 Malaysia' },
    { title: 'Carta Harian Lagu Melayu', langs: ['ms'] },
    { title: 'Carta Mingguan Lagu Melayu', langs: ['ms'] },
    { title: 'English Daily Chart', langs: ['en'] },
    { title: 'English Weekly Chart', langs: ['en'] },
    { title: '华语单曲周榜', langs: ['zhSG'] },
    { title: 'K-Pop Weekly Chart', langs: ['ko'] },
    { title: 'Carta Indie Tempatan', langs: ['ms'] },
    { title: 'Hip-Hop Weekly Chart' },
    { title: 'Carta Lagu Rock', langs: ['ms', 'en'] },
    { title: 'Electronic Weekly Chart' },
    { title: 'Carta Lagu Raya', langs: ['ms'] },
    { title: 'R&B Weekly Chart', langs: ['en'] },
    { title: 'Jazz Weekly Chart', langs: ['en'] },
    { title: 'Classical Weekly Chart', langs: ['en'] },
    { title: 'Carta Runut Bunyi Drama', langs: ['ms'] },
    { title: 'Viral Malaysia' },
    { title: 'Carta Nostalgia', langs: ['ms'] },
    { title: 'Local Heroes', langs: ['ms', 'en', 'zhSG'] },
    { title: 'Monthly Top Songs' },
    { title: 'Carta Tahunan' },
  ],
  longChart: 20,
  chartDescription: (title) => `${title}: lagu paling banyak dimainkan, dikemas kini setiap hari.`,
  chartOwner: 'Pasukan Carta',
  newHits: [
    { title: 'Lagu Baharu Melayu', langs: ['ms'] },
    { title: 'New Music Friday' },
    { title: 'Fresh English Hits', langs: ['en'] },
    { title: '华语新歌', langs: ['zhSG'] },
    { title: 'K-Pop Fresh', langs: ['ko'] },
    { title: 'Bakat Baharu' },
    { title: 'Minggu Ini' },
  ],
  newHitsDescription: (title) => `${title}: lagu terbaharu, dikemas kini setiap minggu.`,
  newReleaseCategories: [
    { title: 'Melayu', langs: ['ms'] },
    { title: 'English', langs: ['en'] },
    { title: '华语', langs: ['zhSG'] },
    { title: 'K-Pop', langs: ['ko'] },
    { title: 'Lain-lain' },
  ],
  genreCategories: [
    { category: 'Melayu', langs: ['ms'], stations: ['Pop Melayu', 'Balada Melayu', 'Rock Kapak', 'Irama Malaysia', 'Nasyid'] },
    { category: 'Mandopop', langs: ['zhSG'], stations: ['Mandopop Hits', '华语经典', '华语情歌', '新谣'] },
    { category: 'K-Pop', langs: ['ko'], stations: ['K-Pop Hits', 'K-Drama OST', 'K-Indie'] },
    { category: 'Pop', langs: ['en'], stations: ['Pop Hits', 'Throwback Pop', 'Acoustic', 'Singer-Songwriter'] },
    { category: 'Rock', langs: ['en', 'ms'], stations: ['Rock Klasik', 'Alternative', 'Indie Rock'] },
    { category: 'Elektronik', stations: ['EDM', 'House', 'Chill Out', 'Lo-fi'] },
    { category: 'Jazz', langs: ['en'], stations: ['Jazz Classics', 'Café Jazz', 'Smooth Jazz', 'Blues'] },
    { category: 'Klasik', langs: ['en'], stations: ['Piano', 'Simfoni', 'Orkestra'] },
  ],
  moods: ['Santai', 'Parti', 'Fokus', 'Senaman', 'Romantik', 'Patah Hati', 'Memandu', 'Sebelum Tidur', 'Kafe', 'Hari Hujan', 'Pagi', 'Terapi', 'Nostalgia', 'Belajar', 'Kembara'],
  children: [
    { title: 'Lagu Kanak-kanak', subcategories: ['0-3 Tahun', '4-6 Tahun', '7 Tahun ke Atas'] },
    { title: 'Cerita', subcategories: ['Cerita Sebelum Tidur', 'Dongeng', 'Hikayat'] },
    { title: 'Lagu Kartun', subcategories: ['Kartun Klasik', 'Kartun Baharu'] },
    { title: 'Nursery Rhymes', subcategories: ['Sing-along', 'Phonics'] },
    { title: 'Masa Tidur', subcategories: ['Lagu Dodoi', 'Bunyi Alam'] },
    { title: 'Nyanyi & Menari', subcategories: ['Lagu Aksi', 'Tarian'] },
  ],
  childrenPlaylistWords: [
    ['Lagu', 'Cerita', 'Dodoi', 'Nyanyian', 'Permainan', 'Pesta'],
    ['Gembira', 'Comel', 'Ceria', 'Riang', 'Selamat Malam', 'Pelangi', 'Haiwan', 'Hutan', 'Bintang Kecil'],
    ['', 'Pilihan', 'Koleksi'],
  ],
  curators: ['Editor Nadia', 'Radio Tengah Malam', 'Dengar Apa Hari Ini', 'Penulis Muzik Hafiz Azman', 'Meja Indie'],
  sharedTitles: ['Dalam Perjalanan', 'Hujung Minggu', 'Lagu Hari Hujan', 'Tengah Malam', 'Balik Kampung', 'Study Session', 'Gym Mode', 'Kopi Pagi', 'Tak Boleh Tidur', 'Karaoke Malam'],
  sharedDescriptions: ['', 'Lagu yang selalu saya ulang.', 'Dikemas kini setiap minggu.', 'Untuk kamu.'],
};

export const TERRITORY_TEXT: Record<Territory, TerritoryText> = { TW, HK, SG, MY, JP };

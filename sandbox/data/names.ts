/**
 * Word lists and patterns that make song, album and artist names look real on a TV in each catalog language.
 * Names are combined from these lists, so a few thousand tracks per territory stay varied without a database.
 */
import type { Random } from './random';

export type Lang = 'zhTW' | 'zhHK' | 'zhSG' | 'ja' | 'ko' | 'en' | 'ms';

export interface NamePack {
  song(r: Random): string;
  album(r: Random): string;
  person(r: Random): string;
  group(r: Random): string;
}

type Pattern = (r: Random) => string;

function oneOf(r: Random, patterns: readonly Pattern[], weights?: readonly number[]): string {
  const pattern = weights ? r.weighted(patterns, weights) : r.pick(patterns);
  return pattern(r);
}

// Traditional Chinese (Taiwan).
const TW_PLACE = [
  '夏天', '月光', '城市', '深夜', '海邊', '昨天', '青春', '午後', '星空', '雨季', '北方', '南方', '十七歲', '冬天',
  '凌晨三點', '窗外', '街角', '山頂', '回家路上', '機場', '舊時光', '週末', '遠方', '島嶼', '宇宙', '屋頂', '那年', '台北',
];
const TW_NOUN = [
  '情書', '約定', '旅程', '風景', '告白', '心跳', '回憶', '煙火', '夢境', '月台', '時光', '小巷', '故事', '眼淚', '街燈',
  '雨聲', '鐘聲', '潮汐', '晚風', '信箱', '背影', '日記', '微笑', '秘密', '航線', '溫度', '星光', '歌', '海', '擁抱',
];
const TW_ADJ = ['溫柔', '孤單', '透明', '遙遠', '勇敢', '安靜', '漫長', '最後', '失眠', '自由', '浪漫', '倔強', '微小', '完美'];
const TW_OWNED = ['說好的', '想你的', '不完美的', '最好的', '沒說完的', '我們的', '你的', '屬於我們的', '最後一次'];
const TW_TO = ['你', '未來的我', '十年後的你', '親愛的你', '陌生人', '從前的我'];
const TW_PHRASE = [
  '不說再見', '帶我走', '慢慢來', '想見你', '好久不見', '別哭了', '一個人旅行', '晚安', '陪你到最後', '再愛一次', '我願意',
  '還是會想你', '不要忘記我', '就在這裡', '下一站幸福',
];
const TW_SURNAME = ['林', '陳', '張', '王', '李', '黃', '吳', '蔡', '周', '許', '鄭', '謝', '郭', '洪', '楊', '劉', '曾', '蕭', '徐', '高'];
const TW_GIVEN = [
  '宇恩', '語彤', '子晴', '承翰', '家豪', '詠琪', '浩然', '思妤', '品妍', '冠宇', '怡君', '柏翰', '欣妍', '睿哲', '書豪', '芷若',
  '以樂', '亦安', '允晴', '聖傑', '育綺', '若瑜', '佳穎', '禹辰',
];
const TW_BAND_A = ['草莓', '午夜', '回聲', '日落', '青空', '鐵道', '海岸', '牛奶', '貓咪', '夜行', '八月', '白晝', '藍調', '霓虹', '雨林', '月球'];
const TW_BAND_B = ['樂團', '樂隊', '合唱團', '計畫', '事務所', '巴士', '電台', '少年', '俱樂部'];

const zhTW: NamePack = {
  song: (r) =>
    oneOf(
      r,
      [
        (q) => `${q.pick(TW_PLACE)}的${q.pick(TW_NOUN)}`,
        (q) => `${q.pick(TW_ADJ)}${q.pick(TW_NOUN)}`,
        (q) => `${q.pick(TW_OWNED)}${q.pick(TW_NOUN)}`,
        (q) => `給${q.pick(TW_TO)}的${q.pick(TW_NOUN)}`,
        (q) => `${q.pick(TW_NOUN)}與${q.pick(TW_NOUN)}`,
        (q) => q.pick(TW_PHRASE),
        (q) => `${q.pick(TW_PLACE)}${q.pick(TW_NOUN)}`,
      ],
      [4, 2, 2, 1, 1, 2, 2],
    ),
  album: (r) =>
    oneOf(r, [
      (q) => q.pick(TW_NOUN),
      (q) => `${q.pick(TW_PLACE)}的${q.pick(TW_NOUN)}`,
      (q) => `${q.pick(TW_ADJ)}`,
      (q) => `${q.pick(TW_PLACE)}${q.pick(TW_NOUN)}`,
      (q) => q.pick(TW_PHRASE),
    ]),
  person: (r) => `${r.pick(TW_SURNAME)}${r.pick(TW_GIVEN)}`,
  group: (r) => `${r.pick(TW_BAND_A)}${r.pick(TW_BAND_B)}`,
};

// Traditional Chinese with Cantonese (Hong Kong); English names are mixed in through the artist pool.
const HK_PLACE = [
  '今晚', '舊街', '維港', '深水埗', '天星碼頭', '落雨天', '凌晨', '中環', '旺角', '尖沙咀', '十八歲', '夏天', '冬至', '海傍',
  '天台', '屋邨', '北角', '西環',
];
const HK_NOUN = ['情歌', '約定', '煙花', '告白', '車站', '時光', '街燈', '回憶', '眼淚', '鐘聲', '夜車', '小巴', '信', '故事', '霓虹', '晚風', '背影', '渡輪'];
const HK_PHRASE = [
  '冇人知', '點解', '係咁先', '咪走', '好想見你', '一個人去旅行', '唔緊要', '我哋嘅夏天', '今晚唔返屋企', '等埋我', '講唔出口',
  '唔好喊', '再見不再見', '返唔到去', '陪我行多一陣',
];
const HK_SURNAME = ['陳', '李', '張', '黃', '何', '梁', '吳', '鄧', '鄭', '麥', '蘇', '馮', '譚', '葉', '盧', '容'];
const HK_GIVEN = ['家明', '凱琳', '卓謙', '詠詩', '樂瞳', '朗天', '曉楓', '芷晴', '子謙', '嘉欣', '浩賢', '穎思', '俊傑', '靜雯', '晉熙', '慧敏'];
const HK_FIRST = ['Kayan', 'Tiffany', 'Kelvin', 'Marco', 'Cherry', 'Ivan', 'Winnie', 'Ray', 'Janice', 'Angus', 'Karen', 'Dickson', 'Phoebe', 'Edwin', 'Yoyo'];
const HK_LAST = ['Chan', 'Lee', 'Cheung', 'Wong', 'Ho', 'Leung', 'Ng', 'Tang', 'Cheng', 'Mak', 'So', 'Fung', 'Tam', 'Yip', 'Lo', 'Yung'];
const HK_BAND_A = ['維港', '天台', '九龍', '霓虹', '夜車', '碼頭', '雙層巴士', '叮叮'];
const HK_BAND_B = ['樂隊', '組合', '合唱團', ' Band'];

const zhHK: NamePack = {
  song: (r) =>
    oneOf(
      r,
      [
        (q) => `${q.pick(HK_PLACE)}嘅${q.pick(HK_NOUN)}`,
        (q) => `唔好${q.pick(['講再見', '喊', '走', '扮堅強', '再等', '回頭'])}`,
        (q) => q.pick(HK_PHRASE),
        (q) => `${q.pick(HK_PLACE)}${q.pick(HK_NOUN)}`,
        (q) => `${q.pick(HK_NOUN)}與${q.pick(HK_NOUN)}`,
      ],
      [3, 1, 3, 2, 1],
    ),
  album: (r) => oneOf(r, [(q) => q.pick(HK_NOUN), (q) => `${q.pick(HK_PLACE)}${q.pick(HK_NOUN)}`, (q) => q.pick(HK_PHRASE)]),
  person: (r) => (r.chance(0.6) ? `${r.pick(HK_SURNAME)}${r.pick(HK_GIVEN)}` : `${r.pick(HK_FIRST)} ${r.pick(HK_LAST)}`),
  group: (r) => `${r.pick(HK_BAND_A)}${r.pick(HK_BAND_B)}`,
};

// Simplified Chinese (Singapore, Malaysia).
const SG_PLACE = ['夏天', '月光', '城市', '深夜', '海边', '昨天', '青春', '午后', '星空', '雨季', '赤道', '组屋', '老巴刹', '滨海', '十七岁', '周末', '远方', '岛屿'];
const SG_NOUN = ['情书', '约定', '旅程', '风景', '告白', '心跳', '回忆', '烟火', '梦境', '时光', '小巷', '故事', '眼泪', '街灯', '雨声', '晚风', '背影', '日记', '微笑', '秘密', '温度', '海'];
const SG_PHRASE = ['不说再见', '带我走', '想见你', '好久不见', '晚安', '陪你到最后', '还是会想你', '下一站幸福', '一个人旅行', '别哭了'];
const SG_SURNAME = ['林', '陈', '张', '王', '李', '黄', '吴', '蔡', '周', '许', '郑', '谢', '郭', '洪', '杨', '刘'];
const SG_GIVEN = ['宇恩', '语彤', '子晴', '承翰', '家豪', '咏琪', '浩然', '思妤', '品妍', '冠宇', '怡君', '柏翰', '欣妍', '睿哲', '俊杰', '婉婷'];

const zhSG: NamePack = {
  song: (r) =>
    oneOf(
      r,
      [
        (q) => `${q.pick(SG_PLACE)}的${q.pick(SG_NOUN)}`,
        (q) => `${q.pick(SG_PLACE)}${q.pick(SG_NOUN)}`,
        (q) => q.pick(SG_PHRASE),
        (q) => `${q.pick(SG_NOUN)}与${q.pick(SG_NOUN)}`,
      ],
      [4, 2, 2, 1],
    ),
  album: (r) => oneOf(r, [(q) => q.pick(SG_NOUN), (q) => `${q.pick(SG_PLACE)}的${q.pick(SG_NOUN)}`, (q) => q.pick(SG_PHRASE)]),
  person: (r) => `${r.pick(SG_SURNAME)}${r.pick(SG_GIVEN)}`,
  group: (r) => `${r.pick(['赤道', '组屋', '滨海', '榴莲', '季风', '椰林'])}${r.pick(['乐团', '乐队', '合唱团'])}`,
};

// Japanese.
const JA_PLACE = [
  '夏', '夜明け', '真夜中', '放課後', '青空', '東京', '海辺', '最終電車', '雨上がり', '春', '冬', '星屑', '月夜', '午前零時',
  '帰り道', '坂道', '十七歳', '屋上', '夕暮れ', '遠い日',
];
const JA_NOUN = [
  'メロディー', '約束', '手紙', '花火', '記憶', '風景', 'ラブソング', 'ドライブ', 'シグナル', 'カーテンコール', '足跡', 'ひかり',
  '涙', '奇跡', '魔法', '物語', '旅人', 'シンフォニー', 'サイダー', 'ワルツ', '鼓動', '残像', '未来', '世界', 'ララバイ',
];
const JA_PHRASE = [
  '君に届け', 'さよならの代わりに', '会いたくて', 'またね', 'ありがとうを君に', '僕らの行方', '走り出せ', '夢のつづき', 'ただいま',
  'はじまりの歌', 'もう一度', 'いつかの君へ', '恋をしたのは', '風になって', '明日晴れるかな',
];
const JA_SURNAME = ['佐藤', '鈴木', '高橋', '田中', '渡辺', '伊藤', '山本', '中村', '小林', '加藤', '吉田', '山田', '松本', '井上', '木村', '清水', '森', '藤原'];
const JA_GIVEN = ['葵', '陽菜', '蓮', '湊', '結衣', '美咲', '大翔', '悠真', '花音', 'さくら', '颯太', '凛', '美月', '陽向', '紬', '奏', '千尋', '遥'];

const ja: NamePack = {
  song: (r) =>
    oneOf(
      r,
      [
        (q) => `${q.pick(JA_PLACE)}の${q.pick(JA_NOUN)}`,
        (q) => q.pick(JA_NOUN),
        (q) => `${q.pick(JA_NOUN)}と${q.pick(JA_NOUN)}`,
        (q) => q.pick(JA_PHRASE),
      ],
      [4, 1, 1, 3],
    ),
  album: (r) => oneOf(r, [(q) => q.pick(JA_NOUN), (q) => `${q.pick(JA_PLACE)}の${q.pick(JA_NOUN)}`, (q) => q.pick(JA_PHRASE)]),
  person: (r) => `${r.pick(JA_SURNAME)}${r.pick(JA_GIVEN)}`,
  group: (r) =>
    r.chance(0.5)
      ? `${r.pick(['ネオン', 'サニー', 'ミッドナイト', 'ブルー', 'シトラス', 'ペーパー', 'ガラス', 'ソーダ', 'ムーン', 'ステラ'])}${r.pick(['ズ', 'ボーイズ', 'バンド', 'オーケストラ', 'クラブ', 'ガールズ'])}`
      : `${r.pick(['夜明け', '青い', '真夏', '最終', '星屑', '月曜日'])}${r.pick(['少年', '楽団', '倶楽部', '通信', '電車'])}`,
};

// Korean.
const KO_WORD = ['사랑', '밤하늘', '첫눈', '너에게', '봄날', '별빛', '우리', '기억', '여름밤', '그리움', '바람', '하루', '꿈', '달빛', '눈물'];
const ko: NamePack = {
  song: (r) => (r.chance(0.5) ? r.pick(KO_WORD) : `${r.pick(KO_WORD)}의 ${r.pick(KO_WORD)}`),
  album: (r) => r.pick(['The 1st Mini Album', 'The 2nd Mini Album', 'The 3rd Mini Album', '정규 1집', '정규 2집', 'Special Album', 'Repackage']),
  person: (r) => `${r.pick(['김', '이', '박', '최', '정', '강', '윤', '한'])}${r.pick(['하은', '서준', '지우', '도윤', '수아', '민준', '예린', '지호'])}`,
  group: (r) => `${r.pick(['NOVA', 'LUMINA', 'STARLIGHT', 'AURORA', 'VIVID', 'ECLIPSE', 'PRISM', 'ORBIT'])}${r.pick(['', '9', 'X', ' ONE', '7'])}`,
};

// English.
const EN_ADJ = [
  'Golden', 'Silver', 'Midnight', 'Electric', 'Paper', 'Velvet', 'Neon', 'Quiet', 'Wild', 'Broken', 'Endless', 'Northern',
  'Lonely', 'Crystal', 'Faded', 'Hollow', 'Sleepless', 'Little', 'Bright', 'Secret', 'Restless', 'Slow', 'Blue', 'Violet',
];
const EN_NOUN = [
  'Hour', 'Heart', 'Lights', 'Dreams', 'Highway', 'Ocean', 'Skyline', 'Letters', 'Echoes', 'Season', 'Fire', 'River', 'Garden',
  'Satellite', 'Postcard', 'Rain', 'Stars', 'Summer', 'Love', 'Streets', 'Waves', 'Shadows', 'Mornings', 'Tides', 'Afterglow',
  'Horizon',
];
const EN_PHRASE = [
  'Stay With Me Tonight', 'Hold On', 'Say You Will', 'Take Me Home', "Don't Look Back", 'Call Me When You Land', 'Run Away With Me',
  'Back to You', 'Meet Me at Midnight', 'Never Enough', 'Fall Again', 'Drive Slow', 'Close Your Eyes', 'Come Alive', 'Where We Started',
];
const EN_FIRST = ['Ava', 'Noah', 'Mia', 'Leo', 'Ella', 'Jack', 'Chloe', 'Owen', 'Ruby', 'Finn', 'Isla', 'Miles', 'Nora', 'Theo', 'Lily', 'Jude', 'Harper', 'Eli', 'Zoe', 'Caleb'];
const EN_LAST = ['Hart', 'Bennett', 'Rivers', 'Cole', 'Hayes', 'Monroe', 'Blake', 'Carter', 'Reed', 'Sloane', 'Parker', 'Quinn', 'Harlow', 'Vance', 'Wilde', 'Archer', 'Lane', 'Fox', 'Brooks', 'Wells'];

const en: NamePack = {
  song: (r) =>
    oneOf(
      r,
      [
        (q) => `${q.pick(EN_ADJ)} ${q.pick(EN_NOUN)}`,
        (q) => `${q.pick(EN_NOUN)} of ${q.pick(EN_NOUN)}`,
        (q) => `Into the ${q.pick(EN_NOUN)}`,
        (q) => q.pick(EN_PHRASE),
      ],
      [4, 1, 1, 3],
    ),
  album: (r) => oneOf(r, [(q) => `${q.pick(EN_ADJ)} ${q.pick(EN_NOUN)}`, (q) => q.pick(EN_NOUN), (q) => `${q.pick(EN_ADJ)} ${q.pick(EN_NOUN)} (Deluxe)`], [4, 2, 1]),
  person: (r) => `${r.pick(EN_FIRST)} ${r.pick(EN_LAST)}`,
  group: (r) => (r.chance(0.5) ? `The ${r.pick(EN_ADJ)} ${r.pick(EN_NOUN)}` : `${r.pick(EN_ADJ)} ${r.pick(EN_NOUN)}`),
};

// Malay.
const MS_NOUN = ['Cinta', 'Rindu', 'Bulan', 'Bintang', 'Langit', 'Hujan', 'Angin', 'Senja', 'Pelangi', 'Mimpi', 'Hati', 'Lagu', 'Kenangan', 'Jalan', 'Pantai', 'Laut', 'Kasih', 'Janji', 'Cahaya', 'Suara'];
const MS_MOD = ['Biru', 'Terakhir', 'Semalam', 'Abadi', 'Sepi', 'Indah', 'Pertama', 'Malam', 'Pagi', 'Kita', 'Selamanya', 'Yang Hilang', 'Di Hatiku', 'Seribu Tahun'];
const MS_PHRASE = ['Jangan Pergi', 'Tunggu Aku', 'Sampai Bila', 'Kita Punya Cerita', 'Jauh di Mata', 'Masih Ada Esok', 'Kau Segalanya', 'Pulanglah', 'Bawa Aku Pergi', 'Sekali Lagi'];
const ms: NamePack = {
  song: (r) =>
    oneOf(
      r,
      [
        (q) => `${q.pick(MS_NOUN)} ${q.pick(MS_MOD)}`,
        (q) => `Di Bawah ${q.pick(MS_NOUN)}`,
        (q) => `${q.pick(MS_NOUN)} dan ${q.pick(MS_NOUN)}`,
        (q) => q.pick(MS_PHRASE),
      ],
      [4, 1, 1, 3],
    ),
  album: (r) => oneOf(r, [(q) => `${q.pick(MS_NOUN)} ${q.pick(MS_MOD)}`, (q) => q.pick(MS_NOUN), (q) => q.pick(MS_PHRASE)]),
  person: (r) =>
    `${r.pick(['Aiman', 'Nadia', 'Hafiz', 'Aina', 'Irfan', 'Sofea', 'Danial', 'Qistina', 'Haziq', 'Alya', 'Syafiq', 'Mira'])} ${r.pick(['Rahman', 'Azman', 'Zulkifli', 'Hakim', 'Ismail', 'Roslan', 'Yusof', 'Halim', 'Kamal', 'Rosli'])}`,
  group: (r) => `${r.pick(['Senja', 'Kopi', 'Ombak', 'Bayu', 'Lampu', 'Selatan'])} ${r.pick(['Muda', 'Band', 'Kolektif', 'Bersaudara', 'Jalanan'])}`,
};

/** English names with the surnames people in Singapore and Malaysia use. */
export function localEnglishPerson(r: Random): string {
  return `${r.pick(['Gerald', 'Shannon', 'Joanna', 'Darren', 'Benjamin', 'Charlene', 'Marcus', 'Rachel', 'Wei Ling', 'Jun Hao', 'Hui Min', 'Jayden'])} ${r.pick(['Tan', 'Lim', 'Lee', 'Ng', 'Ong', 'Goh', 'Chua', 'Koh', 'Teo', 'Wong', 'Chan', 'Seah', 'Ooi'])}`;
}

export const NAME_PACKS: Record<Lang, NamePack> = { zhTW, zhHK, zhSG, ja, ko, en, ms };

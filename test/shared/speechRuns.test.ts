import { describe, expect, it } from 'vitest';
import { catalogText, splitRuns, tidyRuns, uiText } from '../../shared/speechRuns';

describe('splitRuns', () => {
  it('says a Taiwan chart name in Mandarin and the English around it in English', () => {
    expect(splitRuns('華語單曲日榜, Updated Nov 19, Charts, 2 of 22', uiText('en', 'TW'))).toEqual([
      { text: '華語單曲日榜,', lang: 'zh-TW' },
      { text: 'Updated Nov 19, Charts, 2 of 22', lang: 'en-US' },
    ]);
  });

  it('reads hanzi by the territory: Cantonese in Hong Kong, Simplified Mandarin in Singapore and Malaysia', () => {
    expect(splitRuns('周杰倫', catalogText('HK'))).toEqual([{ text: '周杰倫', lang: 'zh-HK' }]);
    expect(splitRuns('周杰伦', catalogText('SG'))).toEqual([{ text: '周杰伦', lang: 'zh-SG' }]);
    expect(splitRuns('周杰伦', catalogText('MY'))).toEqual([{ text: '周杰伦', lang: 'zh-SG' }]);
  });

  it('reads a kanji word among kana as Japanese, even in the Taiwan catalog, and its Chinese neighbour as Mandarin', () => {
    expect(splitRuns('夜に駆ける / 告白氣球', catalogText('TW'))).toEqual([
      { text: '夜に駆ける', lang: 'ja-JP' },
      { text: '/ 告白氣球', lang: 'zh-TW' },
    ]);
  });

  it('gives Hangul to Korean and Latin in a CJK catalog to English', () => {
    expect(splitRuns('NewJeans 뉴진스 Ditto', catalogText('TW'))).toEqual([
      { text: 'NewJeans', lang: 'en-US' },
      { text: '뉴진스', lang: 'ko-KR' },
      { text: 'Ditto', lang: 'en-US' },
    ]);
    expect(splitRuns('Official髭男dism', catalogText('JP'))).toEqual([
      { text: 'Official', lang: 'en-US' },
      { text: '髭男', lang: 'ja-JP' },
      { text: 'dism', lang: 'en-US' },
    ]);
  });

  it('keeps a Japanese UI sentence in Japanese, digits included, and its Latin brand in English', () => {
    expect(splitRuns('コードの有効期限まであと 10 分です。', uiText('ja', 'TW'))).toEqual([
      { text: 'コードの有効期限まであと 10 分です。', lang: 'ja-JP' },
    ]);
    expect(splitRuns('22 件中 2 件目', uiText('ja', 'JP'))).toEqual([{ text: '22 件中 2 件目', lang: 'ja-JP' }]);
    expect(splitRuns('Tunewall を終了しますか？', uiText('ja', 'JP'))).toEqual([
      { text: 'Tunewall', lang: 'en-US' },
      { text: 'を終了しますか？', lang: 'ja-JP' },
    ]);
  });

  it('reads a member name in the English UI as the territory does, and the Chinese UI as Mandarin', () => {
    expect(splitRuns('Home, 林語彤', uiText('en', 'HK'))).toEqual([
      { text: 'Home,', lang: 'en-US' },
      { text: '林語彤', lang: 'zh-HK' },
    ]);
    expect(splitRuns('設定', uiText('zh-Hant', 'HK'))).toEqual([{ text: '設定', lang: 'zh-TW' }]);
    expect(splitRuns('設定', uiText('ja', 'HK'))).toEqual([{ text: '設定', lang: 'ja-JP' }]);
  });

  it('reads an address whole in English, in a Japanese sentence too, but leaves a decimal to its sentence', () => {
    expect(splitRuns('スマートフォンで 127.0.0.1:4780/d を開き', uiText('ja', 'JP'))).toEqual([
      { text: 'スマートフォンで', lang: 'ja-JP' },
      { text: '127.0.0.1:4780/d', lang: 'en-US' },
      { text: 'を開き', lang: 'ja-JP' },
    ]);
    expect(splitRuns('tunewall.app を開く', uiText('ja', 'JP'))[0]).toEqual({ text: 'tunewall.app', lang: 'en-US' });
    expect(splitRuns('1.5 倍', uiText('ja', 'JP'))).toEqual([{ text: '1.5 倍', lang: 'ja-JP' }]);
  });

  it('gives the digits after a list’s last separator to the run they open: a track’s place in English, its length with its title', () => {
    expect(splitRuns('凌晨三點的鐘聲, 2:33, 1 of 100', catalogText('TW'))).toEqual([
      { text: '凌晨三點的鐘聲, 2:33,', lang: 'zh-TW' },
      { text: '1 of 100', lang: 'en-US' },
    ]);
  });

  it('says text with no letters in the language it is written in', () => {
    expect(splitRuns('1 / 4', uiText('zh-Hant', 'TW'))).toEqual([{ text: '1 / 4', lang: 'zh-TW' }]);
    expect(splitRuns('   ', uiText('en', 'TW'))).toEqual([]);
  });

  it('gives punctuation that opens a word to that word: a path in a Chinese sentence is English from its first slash', () => {
    expect(splitRuns('以 /etc/tunewall/config.json 裡的金鑰', uiText('zh-Hant', 'TW'))).toEqual([
      { text: '以', lang: 'zh-TW' },
      { text: '/etc/tunewall/config.json', lang: 'en-US' },
      { text: '裡的金鑰', lang: 'zh-TW' },
    ]);
    expect(splitRuns('あと 10分です', uiText('ja', 'JP'))).toEqual([{ text: 'あと 10分です', lang: 'ja-JP' }]);
  });
});

describe('tidyRuns', () => {
  it('joins neighbours of one language with a space and puts a lone comma with the run before it', () => {
    expect(
      tidyRuns([
        { text: 'Home', lang: 'en-US' },
        { text: 'Settings', lang: 'en-US' },
        { text: ', ', lang: 'zh-TW' },
        { text: '設定', lang: 'zh-TW' },
      ]),
    ).toEqual([
      { text: 'Home Settings,', lang: 'en-US' },
      { text: '設定', lang: 'zh-TW' },
    ]);
  });
});

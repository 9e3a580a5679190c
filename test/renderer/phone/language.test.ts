/** The page's language from the phone's, and the language catalog text is marked with. */
import { describe, expect, it } from 'vitest';
import { pickLanguage } from '../../../renderer/phone/src/i18n/language';
import { catalogLang } from '../../../renderer/phone/src/text';

describe('the page’s language', () => {
  it('is the first of the phone’s languages the page speaks; Simplified Chinese is not offered Traditional; else English', () => {
    expect(pickLanguage(['fr-FR', 'zh-TW', 'en'])).toBe('zh-Hant');
    expect(pickLanguage(['zh-Hant-HK'])).toBe('zh-Hant');
    expect(pickLanguage(['ja-JP', 'en-US'])).toBe('ja');
    expect(pickLanguage(['zh-CN', 'ko'])).toBe('en');
    expect(pickLanguage(['en-GB', 'ja'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});

describe('catalog text', () => {
  it('is marked by its script, and left unmarked in the page’s own language', () => {
    expect(catalogLang('夜に駆ける', 'en')).toBe('ja');
    expect(catalogLang('晴天', 'en')).toBe('zh-Hant');
    expect(catalogLang('晴天', 'zh-Hant')).toBeUndefined();
    expect(catalogLang('米津玄師', 'ja')).toBeUndefined();
    expect(catalogLang('소녀시대', 'ja')).toBe('ko');
    expect(catalogLang('Lemon', 'ja')).toBe('en');
    expect(catalogLang('Lemon', 'en')).toBeUndefined();
    expect(catalogLang('÷', 'en')).toBeUndefined();
  });
});

/**
 * Catalog text on the phone: the TV's views carry no language, so a title's language is read from its script (kana:
 * Japanese; Hangul: Korean; hanzi: Traditional Chinese, or Japanese when the page speaks Japanese; Latin: English), for
 * `lang`, so a screen reader reads it with the right voice and lines break by its own rules. Undefined when it is the
 * page's own language.
 */
import type { PhoneLanguage } from './i18n/language';

export function catalogLang(text: string, page: PhoneLanguage): string | undefined {
  let lang: string | undefined;
  if (/[\u3040-\u30ff]/.test(text)) lang = 'ja';
  else if (/[\uac00-\ud7af\u1100-\u11ff]/.test(text)) lang = 'ko';
  else if (/[\u3400-\u9fff]/.test(text)) lang = page === 'ja' ? 'ja' : 'zh-Hant';
  else if (/[A-Za-z]/.test(text)) lang = 'en';
  return lang === page ? undefined : lang;
}

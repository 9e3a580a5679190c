/**
 * Catalog text on the phone: the TV's views carry no language, so a title's language is read from its script (kana:
 * Japanese; Hangul: Korean; hanzi: Traditional Chinese, or Japanese when the page speaks Japanese; Latin: English), for
 * `lang`, so a screen reader reads it with the right voice and lines break by its own rules. Undefined when it is the
 * page's own language. Pictures: the page's policy allows its own origin and data: only, and the companion serves no
 * pictures yet, so only a data: picture is drawn.
 */
import type { ImageView } from '../../../shared/bridge';
import type { PhoneLanguage } from './i18n/language';

export function catalogLang(text: string, page: PhoneLanguage): string | undefined {
  let lang: string | undefined;
  if (/[\u3040-\u30ff]/.test(text)) lang = 'ja';
  else if (/[\uac00-\ud7af\u1100-\u11ff]/.test(text)) lang = 'ko';
  else if (/[\u3400-\u9fff]/.test(text)) lang = page === 'ja' ? 'ja' : 'zh-Hant';
  else if (/[A-Za-z]/.test(text)) lang = 'en';
  return lang === page ? undefined : lang;
}

export function pictureOf(images: readonly ImageView[]): string | undefined {
  return images.find((image) => image.url.startsWith('data:image/'))?.url;
}

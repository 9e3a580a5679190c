import type { Language } from '../../../shared/bridge';

/** "This device has no voice for Japanese…", the language named in the UI language. */
export function noVoiceText(t: (key: string, params: Record<string, string>) => string, language: Language, uiLanguage: string = language): string {
  const name = new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(language) ?? language;
  return t('a11y.noVoice', { language: name });
}

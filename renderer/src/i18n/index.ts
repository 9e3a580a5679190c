import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../shared/bridge';
import type { Territory } from '../../../shared/territory';
import { en } from './en';
import { ja } from './ja';
import { zhHant } from './zh-Hant';

/** 'auto' follows the territory's language, then the system locale, then English. */
export function resolveLanguage(setting: Language | 'auto', territory: Territory | undefined, systemLocale: string): Language {
  if (setting !== 'auto') return setting;
  if (territory === 'TW' || territory === 'HK') return 'zh-Hant';
  if (territory === 'JP') return 'ja';
  const locale = systemLocale.toLowerCase();
  if (locale.startsWith('ja')) return 'ja';
  if (locale.startsWith('zh')) return 'zh-Hant';
  return 'en';
}

export function createI18n(language: Language = 'en'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en }, 'zh-Hant': { translation: zhHant }, ja: { translation: ja } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

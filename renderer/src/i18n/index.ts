import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../shared/bridge';
import type { Territory } from '../../../shared/territory';
import { I18N_OPTIONS } from './options';

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
  void instance.use(initReactI18next).init({ ...I18N_OPTIONS, lng: language });
  return instance;
}

import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language, LanguageSetting } from '../../../shared/bridge';
import type { Territory } from '../../../shared/territory';
import { I18N_OPTIONS } from './options';

/**
 * 'auto' (the first run's setting) follows the system locale when Tunewall speaks its language, else English: the
 * default territory says nothing about who is watching. 'territory' is the viewer's own choice in Settings.
 */
export function resolveLanguage(setting: LanguageSetting, territory: Territory | undefined, systemLocale: string): Language {
  if (setting === 'territory') {
    if (territory === 'TW' || territory === 'HK') return 'zh-Hant';
    if (territory === 'JP') return 'ja';
    return 'en';
  }
  if (setting !== 'auto') return setting;
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

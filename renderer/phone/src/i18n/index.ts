import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { ja } from './ja';
import type { PhoneLanguage } from './language';
import { zhHant } from './zh-Hant';

export function createPhoneI18n(language: PhoneLanguage): i18n {
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

import type { InitOptions } from 'i18next';
import { en } from './en';
import { ja } from './ja';
import { zhHant } from './zh-Hant';

/**
 * i18next's options for Tunewall's catalogs, apart from the language and React's binding: the main process's tests
 * translate its messages with exactly these.
 */
export const I18N_OPTIONS = {
  resources: { en: { translation: en }, 'zh-Hant': { translation: zhHant }, ja: { translation: ja } },
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
} satisfies InitOptions;

import { createContext, useContext } from 'react';

/**
 * The interface's language, for components drawn by the hundred (a tile's title): reading it from a context costs one
 * lookup, where react-i18next's useTranslation makes a translation function and its wrappers in every component that
 * calls it (at CPU 4×, 40 ms of Home's first render went there). App provides it from the one i18n instance, and every
 * reader renders again when it changes.
 */
export const UiLanguage = createContext<string>('en');

export function useUiLanguage(): string {
  return useContext(UiLanguage);
}

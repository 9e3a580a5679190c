import type { TFunction } from 'i18next';

/** Words from the main process: English, with the key and parameters of their translation when they have one. */
export interface CoreWords {
  message: string;
  messageKey?: string | undefined;
  params?: Record<string, string | number> | undefined;
}

/**
 * Words from the core in the UI's language (an error, a configuration problem, why tokens stay in memory): their
 * message key and parameters when the catalog (`errors.*`) has a translation, else the English message they came with.
 */
export function errorText<W extends CoreWords>(t: TFunction, words: W): string {
  if (words.messageKey === undefined) return words.message;
  return t(`errors.${words.messageKey}`, { ...words.params, defaultValue: words.message });
}

import type { TFunction } from 'i18next';
import type { UiError } from '../../../shared/bridge';

/**
 * An error from the core in the UI's language: its message key and parameters when the catalog (`errors.*`) has a
 * translation, else the English message it came with.
 */
export function errorText(t: TFunction, error: UiError): string {
  if (error.messageKey === undefined) return error.message;
  return t(`errors.${error.messageKey}`, { ...error.params, defaultValue: error.message });
}

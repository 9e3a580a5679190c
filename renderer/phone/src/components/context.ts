/** What every part of a paired phone's page shares: the API, the page's language, the status line, the member. */
import { createContext, useContext } from 'react';
import type { PhoneApi } from '../api/client';
import type { PhoneLanguage } from '../i18n/language';

export interface PhoneContextValue {
  api: PhoneApi;
  language: PhoneLanguage;
  /** Says a result politely (the page's status line, read by screen readers). */
  say(text: string): void;
  /** The phone's member has favorites (not a guest). */
  canFavorite: boolean;
}

export const PhoneContext = createContext<PhoneContextValue | undefined>(undefined);

export function usePhone(): PhoneContextValue {
  const value = useContext(PhoneContext);
  if (value === undefined) throw new Error('usePhone outside a paired page');
  return value;
}

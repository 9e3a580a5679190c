import type { Territory } from '../../../shared/territory';
import { useTerritoryIfAny } from '../store/context';

/**
 * The language the catalog writes a territory's names in, for `lang` on catalog text: Chromium breaks Japanese lines at
 * phrase boundaries and applies the kinsoku rules by the text's own language, not the interface's. Singapore's and
 * Malaysia's catalogs mix languages, so their text keeps the interface's.
 */
const CONTENT_LANG: Record<Territory, string | undefined> = {
  TW: 'zh-Hant-TW',
  HK: 'zh-Hant-HK',
  JP: 'ja',
  SG: undefined,
  MY: undefined,
};

export function contentLang(territory: Territory | undefined): string | undefined {
  return territory === undefined ? undefined : CONTENT_LANG[territory];
}

/** `lang` for catalog text on screen (titles, names), from the territory the data belongs to. */
export function useContentLang(): string | undefined {
  return contentLang(useTerritoryIfAny());
}

/** What marks catalog text on an element: `lang` for its lines, `data-catalog` (its territory) for the voice that reads it. */
export interface CatalogTextAttributes {
  lang: string | undefined;
  'data-catalog': Territory | undefined;
}

export function catalogTextAttributes(territory: Territory | undefined): CatalogTextAttributes {
  return { lang: contentLang(territory), 'data-catalog': territory };
}

/** `lang` and `data-catalog` for catalog text on screen (titles, names), from the territory the data belongs to. */
export function useCatalogText(): CatalogTextAttributes {
  return catalogTextAttributes(useTerritoryIfAny());
}

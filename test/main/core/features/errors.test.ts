/** The features' failures carry keys the renderer's catalogs translate, and the English matches the renderer's. */
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FEATURE_MESSAGE_KEYS, featureErrors } from '../../../../main/core/features/errors';
import type { UiError } from '../../../../shared/bridge';
import { TERRITORIES } from '../../../../shared/territory';

// The renderer's catalogs belong to the web build; they are loaded at run time and checked for the parts read here.
const CatalogSchema = z.looseObject({
  // Flat messages of the features beside sections of the core's own (catalog, storage, config…).
  errors: z.record(z.string(), z.unknown()),
  settings: z.looseObject({ territoryNames: z.record(z.string(), z.string()) }),
});
type Catalog = z.infer<typeof CatalogSchema>;
let en: Catalog;
let ja: Catalog;
let zhHant: Catalog;

beforeAll(async () => {
  const dir = '../../../../renderer/src/i18n';
  const load = async (file: string, name: string): Promise<Catalog> => {
    const module: unknown = await import(`${dir}/${file}`);
    return CatalogSchema.parse(z.record(z.string(), z.unknown()).parse(module)[name]);
  };
  [en, ja, zhHant] = await Promise.all([load('en.ts', 'en'), load('ja.ts', 'ja'), load('zh-Hant.ts', 'zhHant')]);
});

function translator(language: 'en' | 'ja' | 'zh-Hant') {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    resources: { en: { translation: en }, ja: { translation: ja }, 'zh-Hant': { translation: zhHant } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return (error: UiError) => instance.t(`errors.${error.messageKey ?? ''}`, { ...error.params });
}

const every: UiError[] = [
  featureErrors.badRequest('row'),
  featureErrors.noService(),
  featureErrors.signInToSeeRow(),
  featureErrors.signInForOwnMusic(),
  ...TERRITORIES.map((t) => featureErrors.notAvailableIn(t)),
  featureErrors.explicitHidden(),
  featureErrors.favoriteNeedsMember(),
  ...(['network', 'server', 'not-found', 'auth', 'unknown', 'invalid-response'] as const).map((kind) =>
    featureErrors.favoriteFailed({ kind, message: 'x', retryable: false }),
  ),
];

describe('feature error messages', () => {
  it('every key is given, and every key given is listed', () => {
    expect(new Set(every.map((e) => e.messageKey))).toEqual(new Set(FEATURE_MESSAGE_KEYS));
  });

  it.each(every.map((e) => [e.messageKey, e] as const))('%s reads the same in the core and the English catalog', (_, error) => {
    expect(translator('en')(error)).toBe(error.message);
  });

  it.each(['ja', 'zh-Hant'] as const)('%s translates every key, territory names included', (language) => {
    const t = translator(language);
    for (const error of every) {
      const text = t(error);
      expect(text).not.toMatch(/errors\.|\$t\(|territoryNames/);
      expect(text).not.toBe(error.message);
    }
  });

  it('names the territory in the language of the screen', () => {
    const jp = featureErrors.notAvailableIn('JP');
    expect(jp).toMatchObject({ kind: 'territory', message: 'Not available in Japan', params: { territory: 'JP' }, retryable: false });
    expect(translator('ja')(jp)).toBe('日本では利用できません');
    expect(translator('zh-Hant')(featureErrors.notAvailableIn('MY'))).toBe('在馬來西亞無法提供');
  });

  it('says why a favourite was not added, and whether trying again can help', () => {
    expect(featureErrors.favoriteFailed({ kind: 'network', message: 'x', retryable: true })).toMatchObject({
      kind: 'network',
      retryable: true,
      messageKey: 'favoriteFailedOffline',
    });
    expect(featureErrors.favoriteFailed({ kind: 'not-found', message: 'x', retryable: false })).toMatchObject({
      retryable: false,
      messageKey: 'favoriteFailedUnknownTrack',
    });
  });
});

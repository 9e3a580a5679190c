// @vitest-environment jsdom
/**
 * Catalog text's word breaks follow the interface's language when the territory's catalog has none of its own (Singapore,
 * Malaysia), and a tile's place in its row is said in that language: both read once per list, not per tile.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Phrased } from '../../renderer/src/components/Phrased';
import type { Language } from '../../shared/bridge';
import { createI18n } from '../../renderer/src/i18n';
import { positionsIn } from '../../renderer/src/i18n/position';
import { UiLanguage } from '../../renderer/src/i18n/uiLanguage';

afterEach(() => cleanup());

const LONG = '総合リアルタイムランキング';

describe('Phrased', () => {
  it('breaks a long Japanese run between its words in a Japanese interface, and not in an English one', () => {
    const { container, rerender } = render(
      <UiLanguage.Provider value="ja">
        <Phrased text={LONG} />
      </UiLanguage.Provider>,
    );
    expect(container.querySelectorAll('wbr').length).toBeGreaterThan(0);
    expect(container.textContent).toBe(LONG);
    rerender(
      <UiLanguage.Provider value="en">
        <Phrased text={LONG} />
      </UiLanguage.Provider>,
    );
    expect(container.querySelectorAll('wbr')).toHaveLength(0);
    expect(container.textContent).toBe(LONG);
  });

  it('a language given wins over the interface’s', () => {
    const { container } = render(
      <UiLanguage.Provider value="en">
        <Phrased text={LONG} lang="ja" />
      </UiLanguage.Provider>,
    );
    expect(container.querySelectorAll('wbr').length).toBeGreaterThan(0);
  });
});

describe('positionsIn', () => {
  it.each<[Language, string, string]>([
    ['en', '3 of 24', '24 of 24'],
    ['zh-Hant', '第 3 項，共 24 項', '第 24 項，共 24 項'],
    ['ja', '24\u00a0件中 3\u00a0件目', '24\u00a0件中 24\u00a0件目'],
  ])('in %s says each place as the translation does', async (language, third, last) => {
    const i18n = createI18n(language);
    await i18n.changeLanguage(language);
    const position = positionsIn(i18n.t, 24);
    expect(position(2)).toBe(third);
    expect(position(23)).toBe(last);
    expect(position(2)).toBe(i18n.t('a11y.position', { index: 3, count: 24 }));
  });
});

/**
 * Japanese keeps a number and its unit on one line ("32 バイト" broke as "32 / バイト" in Settings): the space between
 * them is a no-break space in every Japanese string, so a line break cannot fall there.
 */
import { describe, expect, it } from 'vitest';
import { ja } from '../../renderer/src/i18n/ja';

function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => strings(inner, path === '' ? key : `${path}.${key}`));
}

describe('Japanese numbers and units', () => {
  it('are joined by a no-break space, never an ordinary one', () => {
    const all = strings(ja);
    expect(all.filter(([, text]) => text.includes('\u00a0バイト')).length).toBeGreaterThan(0);
    expect(all.filter(([, text]) => /(\d|\}\}) (バイト|ミリ秒|秒|分|件|曲|人)/.test(text)).map(([key]) => key)).toEqual([]);
  });
});

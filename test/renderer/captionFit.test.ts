import { describe, expect, it } from 'vitest';
import { surelyFits } from '../../renderer/src/components/captionFit';

// A square tile's title: 17rem wide at 1.75rem, two lines; its subtitle: 1.5rem, one line.
const TITLE = { perLine: 17 / 1.75, lines: 2 };
const SUBTITLE = { perLine: 17 / 1.5, lines: 1 };

describe('surelyFits', () => {
  it('lets short names, in every script, go without a clamp', () => {
    for (const name of ['Top Hits', 'Mandopop Weekly', '韓語單曲週榜', 'チル', '케이팝 히트']) {
      expect(surelyFits(name, TITLE.perLine, TITLE.lines)).toBe(true);
    }
    for (const subtitle of ['Updated Nov 19', '11月19日 更新', '更新於 11月19日', 'Stella Club']) {
      expect(surelyFits(subtitle, SUBTITLE.perLine, SUBTITLE.lines)).toBe(true);
    }
  });

  it('clamps what may take more lines than it has: long names, long words, wide letters', () => {
    expect(surelyFits('The Very Best of Late Night Jazz Piano for Rainy Sundays', TITLE.perLine, TITLE.lines)).toBe(false);
    expect(surelyFits('ミッドナイト・シティポップ・セレクション・ウィークリー', TITLE.perLine, TITLE.lines)).toBe(false);
    expect(surelyFits('WWWWWWWWWWWWWWWWWWWWWWWW', TITLE.perLine, TITLE.lines)).toBe(false);
    // Short enough in characters, but the first line may end a long word short.
    expect(surelyFits('A Supercalifragilisticexpialidocious', TITLE.perLine, TITLE.lines)).toBe(false);
    expect(surelyFits('Updated November 19, 2025', SUBTITLE.perLine, SUBTITLE.lines)).toBe(false);
    expect(surelyFits('🎧🎧🎧🎧🎧🎧🎧🎧🎧', SUBTITLE.perLine, SUBTITLE.lines)).toBe(false);
  });

  it('gives no room to a caption of nothing but spaces and counts nothing for an empty one', () => {
    expect(surelyFits('', TITLE.perLine, TITLE.lines)).toBe(true);
    expect(surelyFits(' '.repeat(40), SUBTITLE.perLine, SUBTITLE.lines)).toBe(false);
  });
});

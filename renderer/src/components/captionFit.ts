/** A character of the East Asian scripts, full-width forms and CJK punctuation: a whole em wide. */
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;
/** Emoji and other pictographs: wider than an em in most fonts. */
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** What a line may surely end at: a space (Japanese wraps between phrases, which an estimate cannot see). */
const SPACE = /\s/u;

/** Generous widths in ems: Latin letters are 0.5 to 0.6 em in the UI's font (W and M about 0.9), a space 0.26. */
const WIDE_EM = 1;
const PICTOGRAPH_EM = 1.3;
const OTHER_EM = 0.75;
const SPACE_EM = 0.4;
/** Room kept for what the estimate cannot see: kerning, a heavier weight, a fallback font. */
const SLACK = 0.9;

/**
 * Whether `text` surely fits in `lines` lines of `perLine` ems, estimated from its characters alone (no layout): every
 * character counted at a generous width, and every line but the last allowed to end a whole unbreakable run short (a
 * word, or a run of East Asian characters, up to a line). A caption that may not fit is clamped and cut; a caption that surely fits needs
 * no clamp, and a clamp clips: a clip of its own on every tile of Home, which the compositor works through on every
 * remote press (bench: remote press → focus painted).
 */
export function surelyFits(text: string, perLine: number, lines: number): boolean {
  let total = 0;
  let run = 0;
  let longestRun = 0;
  for (const char of text) {
    if (SPACE.test(char)) {
      total += SPACE_EM;
      run = 0;
      continue;
    }
    const wide = WIDE.test(char);
    const em = wide ? WIDE_EM : PICTOGRAPH.test(char) ? PICTOGRAPH_EM : OTHER_EM;
    total += em;
    // Japanese breaks between phrases (auto-phrase), not around any character: a run of East Asian characters is counted
    // as one unbreakable word, as a Latin one is (a generous estimate for Chinese, which may break anywhere).
    run += em;
    longestRun = Math.max(longestRun, Math.min(run, perLine));
  }
  return total + (lines - 1) * longestRun <= perLine * lines * SLACK;
}

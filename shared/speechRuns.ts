/**
 * What is said, split into runs by language before anyone speaks it. A text is written in one language (the UI's, or
 * the catalog's), but its characters say more: kana are Japanese, Hangul is Korean, Latin is English (a Latin title in
 * a Chinese or Japanese catalog is English, and so is a brand in a Japanese sentence), and hanzi are read in the
 * language the text is in (a Japanese title in the Taiwan catalog is Japanese: its kanji stand among kana).
 * Digits, spaces and punctuation go with the run they stand in. No side effects: the renderer splits, the main side's
 * tests split the same way.
 */
import type { Language, SpeechLang, SpeechRun } from './bridge';
import type { Territory } from './territory';

/** The language of speech each UI language is said in: Traditional Chinese as Taiwan speaks it, Mandarin. */
export const UI_SPEECH_LANG: Readonly<Record<Language, SpeechLang>> = { en: 'en-US', 'zh-Hant': 'zh-TW', ja: 'ja-JP' };

/** The language each territory's catalog reads its hanzi in. Singapore and Malaysia write Mandarin in Simplified. */
export const TERRITORY_HAN: Readonly<Record<Territory, SpeechLang>> = {
  TW: 'zh-TW',
  HK: 'zh-HK',
  SG: 'zh-SG',
  MY: 'zh-SG',
  JP: 'ja-JP',
};

/** Where a text comes from: the language it is written in, and the one its hanzi are read in. */
export interface TextLanguage {
  /** The text's own language: what its digits and punctuation go with when nothing else is near. */
  base: SpeechLang;
  /** Hanzi with no kana beside them. */
  han: SpeechLang;
}

/** UI text: the UI's language; hanzi in it (a member's name in the English UI) as the territory reads them. */
export function uiText(ui: Language, territory: Territory | undefined): TextLanguage {
  const base = UI_SPEECH_LANG[ui];
  return { base, han: ui === 'en' ? territory === undefined ? 'zh-TW' : TERRITORY_HAN[territory] : base };
}

/** Catalog text of a territory: its hanzi and its base in the territory's language. */
export function catalogText(territory: Territory): TextLanguage {
  const han = TERRITORY_HAN[territory];
  return { base: han, han };
}

type Script = 'han' | 'kana' | 'hangul' | 'latin' | 'neutral';

const HAN = /[\p{Script=Han}\u3006\u3007]/u;
// The prolonged sound mark (ー) and the iteration marks are "Common" in Unicode, yet only Japanese writes them.
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}\u30fc\u309d\u309e\u30fd\u30fe\uff70]/u;
const HANGUL = /\p{Script=Hangul}/u;
const LATIN = /\p{Script=Latin}/u;
/** What ends a word group: kana anywhere in a group makes its hanzi Japanese (夜に駆ける), not the text's other words. */
const GROUP_BREAK = /[\s,，、;；:：/|·・()（）「」『』【】[\]"“”!！?？。.\-–—~〜]/u;

function scriptOf(char: string): Script {
  if (KANA.test(char)) return 'kana';
  if (HAN.test(char)) return 'han';
  if (HANGUL.test(char)) return 'hangul';
  if (LATIN.test(char)) return 'latin';
  return 'neutral';
}

/** The language of each character, undefined for those that go with their neighbours. */
function languagesOf(chars: readonly string[], scripts: readonly Script[], from: (i: number) => TextLanguage): (SpeechLang | undefined)[] {
  const langs: (SpeechLang | undefined)[] = new Array<SpeechLang | undefined>(chars.length).fill(undefined);
  let start = 0;
  while (start < chars.length) {
    let end = start;
    while (end < chars.length && !GROUP_BREAK.test(chars[end] ?? '')) end += 1;
    const japanese = scripts.slice(start, end).includes('kana');
    for (let i = start; i < end; i += 1) {
      const script = scripts[i];
      if (script === 'kana') langs[i] = 'ja-JP';
      else if (script === 'hangul') langs[i] = 'ko-KR';
      else if (script === 'latin') langs[i] = 'en-US';
      else if (script === 'han') langs[i] = japanese ? 'ja-JP' : from(i).han;
    }
    start = end + 1;
  }
  return langs;
}

/** An address or host ("tunewall.app/d", "127.0.0.1:4780"): read whole, as English reads it, its digits and dots too. */
const ADDRESS = /[A-Za-z0-9][A-Za-z0-9.:/?#=&_-]*[A-Za-z0-9/]/g;

function markAddresses(text: string, offsets: readonly number[], scripts: Script[]): void {
  for (const match of text.matchAll(ADDRESS)) {
    const token = match[0];
    const dots = token.split('.').length - 1;
    if (!token.includes('/') && dots < 2 && !(dots === 1 && /[A-Za-z]/.test(token))) continue;
    const start = match.index;
    offsets.forEach((offset, i) => {
      if (offset >= start && offset < start + token.length) scripts[i] = 'latin';
    });
  }
}

/** Where a list's parts are separated: what follows it belongs to the next part. */
const PART_BREAK = /[,，、;；。]/u;

/**
 * Digits and punctuation between two runs of different languages: up to the last separator with the run before, the
 * rest with the run after ("…, 2:33, | 1 of 100": the place is English, the length goes with the title before it).
 * Those that open the text go with the first run, those that end it with the last (left undefined here).
 */
function placeNeutrals(chars: readonly string[], langs: (SpeechLang | undefined)[]): void {
  let i = 0;
  while (i < chars.length) {
    if (langs[i] !== undefined) {
      i += 1;
      continue;
    }
    let end = i;
    while (end < chars.length && langs[end] === undefined) end += 1;
    const before = langs[i - 1];
    const after = langs[end];
    if (before !== undefined && after !== undefined && before !== after) {
      let cut = i;
      for (let k = i; k < end; k += 1) if (PART_BREAK.test(chars[k] ?? '')) cut = k + 1;
      for (let k = i; k < end; k += 1) langs[k] = k < cut ? before : after;
    }
    i = end;
  }
}

/**
 * `text` as runs, each in one language; what has no letters at all is said in the text's own language. `from`: where
 * the text comes from, or, for a text made of parts from different places (a tile's catalog title and the UI's words
 * around it), where the character at each UTF-16 offset comes from.
 */
export function splitRuns(text: string, from: TextLanguage | ((offset: number) => TextLanguage)): SpeechRun[] {
  const chars = [...text];
  const offsets: number[] = [];
  let offset = 0;
  for (const char of chars) {
    offsets.push(offset);
    offset += char.length;
  }
  const source = typeof from === 'function' ? (i: number) => from(offsets[i] ?? 0) : () => from;
  const scripts = chars.map(scriptOf);
  markAddresses(text, offsets, scripts);
  const langs = languagesOf(chars, scripts, source);
  placeNeutrals(chars, langs);
  const first = langs.find((lang) => lang !== undefined) ?? source(0).base;
  const runs: SpeechRun[] = [];
  let current: SpeechRun | undefined;
  chars.forEach((char, i) => {
    const lang = langs[i] ?? current?.lang ?? first;
    if (current !== undefined && current.lang === lang) {
      current.text += char;
      return;
    }
    current = { text: char, lang };
    runs.push(current);
  });
  return tidyRuns(openersToTheirWord(runs));
}

/**
 * Runs as a speaker takes them: neighbours of one language joined, each without spaces at its ends, none empty. A run
 * of punctuation alone (", " between a Chinese title and its Japanese subtitle) joins the run before it.
 */
export function tidyRuns(runs: readonly SpeechRun[]): SpeechRun[] {
  const out: SpeechRun[] = [];
  for (const run of runs) {
    const text = run.text.replace(/\s+/g, ' ');
    const last = out[out.length - 1];
    const wordless = !/[\p{L}\p{N}]/u.test(text);
    if (last !== undefined && (last.lang === run.lang || wordless)) {
      const gap = wordless || /\s$/.test(last.text) || /^[\s,.;:!?、。，；：！？]/.test(text) ? '' : ' ';
      last.text = `${last.text}${gap}${text}`.replace(/\s+/g, ' ');
      continue;
    }
    if (wordless && last === undefined) {
      if (text.trim() !== '') out.push({ text, lang: run.lang });
      continue;
    }
    out.push({ text, lang: run.lang });
  }
  return out.map((run) => ({ text: run.text.trim(), lang: run.lang })).filter((run) => run.text !== '');
}

/** The text of runs, as a caption would show it. */
export function runsText(runs: readonly SpeechRun[]): string {
  return runs.map((run) => run.text).join(' ');
}

/**
 * Punctuation and digits that open a word ("以 /etc/tunewall") go with the word they open, not with the run
 * before the space: a Chinese voice would otherwise say the slash by English rules.
 */
function openersToTheirWord(runs: SpeechRun[]): SpeechRun[] {
  for (let i = 1; i < runs.length; i += 1) {
    const before = runs[i - 1];
    const run = runs[i];
    const opener = before === undefined || run === undefined || !/^\p{L}/u.test(run.text) ? null : /(?<=\s)[^\s\p{L}]+$/u.exec(before.text);
    if (before === undefined || run === undefined || opener === null) continue;
    before.text = before.text.slice(0, opener.index);
    run.text = `${opener[0]}${run.text}`;
  }
  return runs;
}

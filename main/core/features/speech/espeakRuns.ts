/**
 * A request's runs as espeak-ng's voices can read them: each run with the voice of its language and its text in the
 * script that voice reads (pinyin for Mandarin, kana for Japanese), symbols a voice would spell out in English
 * ("ampersand", "Japanese letter") said in the run's own language or left as a pause.
 */
import type { SpeechLang, SpeechRun } from '../../../../shared/bridge';
import { espeakVoiceFor, type EspeakVoice } from './espeakVoices';
import type { JapaneseWord, Readings } from './readings';

export interface VoicedRun {
  text: string;
  /** espeak-ng's voice; undefined: it has none of the run's language, and its default voice reads it. */
  voice: string | undefined;
  lang: SpeechLang;
}

/**
 * How long a Japanese run waits for the dictionary the first time (it loads in about a second on a desktop, longer
 * on a TV box): a listener would rather hear the words a moment late than "Chinese letter" or half a title, and a
 * press in the meantime replaces the utterance anyway.
 */
export const KANA_WAIT_MS = 4000;

const HAN = /[\p{Script=Han}\u3005\u3006\u3007]/u;
const HAN_ALL = /[\p{Script=Han}\u3005\u3006\u3007]+/gu;
/** "0〜2さい": a range between numbers, said as one. */
const RANGE = /(\d)\s*[〜~～]\s*(?=\d)/gu;
/** Dashes and waves: a pause. */
const DASHES = /[\p{Pd}〜~～…‥]+/gu;
/** Pictographs and other symbols (♪, ★): nothing a listener needs said. */
const SYMBOLS = /[\p{So}\p{Sk}]+/gu;
type Own = Exclude<SpeechLang, 'en-US'>;
const AND: Readonly<Record<Own, string>> = { 'ja-JP': 'アンド', 'ko-KR': '앤드', 'zh-TW': '和', 'zh-SG': '和', 'zh-HK': '同' };
const UNTIL: Readonly<Record<Own, string>> = { 'ja-JP': 'から', 'ko-KR': '에서', 'zh-TW': '到', 'zh-SG': '到', 'zh-HK': '至' };
const NUMBER_SIGN: Readonly<Record<Own, string>> = { 'ja-JP': '番号', 'ko-KR': '번호', 'zh-TW': '編號', 'zh-SG': '编号', 'zh-HK': '編號' };
/** "100%": Chinese says the percent first (百分之一百), Japanese and Korean after the number. */
const PERCENT = /(\d+(?:[.,]\d+)?)\s*%/gu;
const percentOf: Readonly<Record<Own, (number: string) => string>> = {
  'ja-JP': (n) => `${n}パーセント`,
  'ko-KR': (n) => `${n}퍼센트`,
  'zh-TW': (n) => `百分之${n}`,
  'zh-SG': (n) => `百分之${n}`,
  'zh-HK': (n) => `百分之${n}`,
};

/** The characters of a non-English run its voice would read by English rules, in the run's language. */
function ownSymbols(text: string, lang: Own): string {
  return text
    .replace(RANGE, `$1 ${UNTIL[lang]} `)
    .replace(PERCENT, (_, n: string) => percentOf[lang](n))
    .replace(/&/g, ` ${AND[lang]} `)
    .replace(/#/g, ` ${NUMBER_SIGN[lang]} `)
    .replace(DASHES, ', ')
    .replace(SYMBOLS, ' ')
    .replace(/[「」『』【】《》〈〉“”"・·•/]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One space between words, none before a comma. */
const tidy = (text: string): string => text.replace(/\s+/g, ' ').replace(/ (?=[,.!?])/g, '').trim();

/** Japanese words as kana: particles and suffixes with the word before them, a word the dictionary lacks as written. */
export function kanaOf(words: readonly JapaneseWord[]): string {
  let out = '';
  for (const word of words) {
    if (word.surface.trim() === '') continue;
    const said = word.pronunciation ?? word.surface;
    out += out === '' || word.attached || /^[\p{P}]/u.test(said) ? said : ` ${said}`;
  }
  return out;
}

/**
 * espeak-ng's ja spells a whole word out where a long mark follows a vowel kana after another kana (トオー), and
 * reads the particle ヲ as "wo", where it is said "o".
 */
const longVowels = (kana: string): string => kana.replace(/([アイウエオあいうえお])ー/g, '$1$1').replace(/ヲ/g, 'オ');

async function japaneseText(text: string, readings: Readings, waitMs: number): Promise<string> {
  // "あと 10 分": without the space the analyser reads 分 as the counter (フン), not as a part (ブン).
  const joined = text.replace(/(\d)\s+(?=[\p{Script=Han}])/gu, '$1');
  if (!HAN.test(joined)) return longVowels(joined);
  const words = await readings.japanese(joined, waitMs);
  // Without the dictionary the kana are said and the kanji left out, rather than each named "Chinese letter".
  return longVowels(words === undefined ? joined.replace(HAN_ALL, ' ').replace(/\s+/g, ' ').trim() : kanaOf(words));
}

/** One run's text as its espeak-ng voice reads it (`readings`: the voice's, see espeakVoices.ts). */
export async function espeakText(run: SpeechRun, readings: Readings, voice: Pick<EspeakVoice, 'readings'>, waitMs = KANA_WAIT_MS): Promise<string> {
  const text = run.text.normalize('NFKC');
  if (run.lang === 'en-US') return text;
  const own = ownSymbols(text, run.lang);
  switch (voice.readings) {
    case 'pinyin-pro':
      return HAN.test(own) ? tidy(await readings.pinyin(own)) : own;
    case 'kuromoji':
      return japaneseText(own, readings, waitMs);
    case undefined:
      return own;
  }
}

/**
 * `runs` with their voices and readings. `names`: the voices espeak-ng has (undefined: not listed yet, the best taken
 * to be there); a run whose language has none is said by the default voice as written.
 */
export async function espeakRuns(
  runs: readonly SpeechRun[],
  readings: Readings,
  names?: ReadonlySet<string>,
  waitMs = KANA_WAIT_MS,
): Promise<VoicedRun[]> {
  const voices = runs.map((run) => espeakVoiceFor(run.lang, names));
  const texts = await Promise.all(runs.map((run, i) => espeakText(run, readings, voices[i] ?? { readings: undefined }, waitMs)));
  return runs
    .map((run, i) => {
      const voice = voices[i];
      return { text: texts[i] ?? '', voice: voice?.available === true ? voice.voice : undefined, lang: run.lang };
    })
    .filter((run) => run.text.trim() !== '');
}

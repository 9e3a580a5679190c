/**
 * What turns a run into words espeak-ng's voice of its language can read: Mandarin's hanzi into pinyin with tone
 * numbers (pinyin-pro), Japanese's kanji into kana (kuromoji's morphological analyser and its IPA dictionary). Both
 * are loaded the first time a run needs them, so a machine whose voice guidance is off, or never says Japanese, never
 * pays for them; the dictionary (some 40 MB once loaded, see the bench) is let go when guidance is turned off.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { IPADIC_FILE, loadCompactTokenizer } from './ipadic';

/** Pinyin-pro's conversion, as this module calls it. */
export type PinyinOf = (text: string) => string;
/** A word of a Japanese text, as the analyser splits it. */
export interface JapaneseWord {
  surface: string;
  /** Katakana as it is said (は as ワ, long vowels as ー); undefined where the dictionary does not know the word. */
  pronunciation: string | undefined;
  /** Particles, auxiliaries and suffixes: said with the word before them, without a break. */
  attached: boolean;
}
export type Analyse = (text: string) => JapaneseWord[];

export type KuromojiState = 'unloaded' | 'loading' | 'ready' | 'failed';

export interface Readings {
  /** Pinyin with tone numbers (neutral tone 5) of the hanzi in `text`; its other characters as they are. */
  pinyin(text: string): Promise<string>;
  /**
   * The words of a Japanese text, once the dictionary is there. Asking starts loading it; undefined when it is not
   * ready within `waitMs` (the caller says the run without it), or could not be loaded.
   */
  japanese(text: string, waitMs: number): Promise<JapaneseWord[] | undefined>;
  kuromoji(): KuromojiState;
  /** Lets the dictionary go (voice guidance was turned off); the next Japanese run loads it again. */
  release(): void;
}

export interface ReadingsDeps {
  loadPinyin?: () => Promise<PinyinOf>;
  loadAnalyser?: () => Promise<Analyse>;
  /** Told once when a library could not be loaded. */
  failed?: (library: 'pinyin-pro' | 'kuromoji', error: unknown) => void;
  /** Told each time the Japanese dictionary has loaded, with how long it took. */
  loaded?: (library: 'kuromoji', ms: number) => void;
}

// kuromoji is CommonJS: found as Node finds it from where this module is (node_modules, or app.asar's).
const requirePackage = createRequire(import.meta.url);

/** The folder of kuromoji's IPA dictionary, found as Node finds the package (inside app.asar too). */
export function kuromojiDictionary(): string {
  return join(dirname(requirePackage.resolve('kuromoji/package.json')), 'dict');
}

export const loadPinyinPro = async (): Promise<PinyinOf> => {
  const { pinyin } = await import('pinyin-pro');
  // Tone numbers, the neutral tone as 5 (cmn-latn-pinyin reads a 0 as the first tone); other characters kept together.
  return (text) => pinyin(text, { toneType: 'num', nonZh: 'consecutive' }).replace(/([a-zü])0(?![0-9])/g, '$15');
};

const ATTACHED_POS = new Set(['助詞', '助動詞']);

function wordOf(token: IpadicFeatures): JapaneseWord {
  const said = token.pronunciation ?? token.reading;
  return {
    surface: token.surface_form,
    pronunciation: said === undefined || said === '*' ? undefined : said,
    attached: ATTACHED_POS.has(token.pos) || token.pos_detail_1 === '接尾',
  };
}

/** A text's words as `tokenizer` finds them. */
export const analyseWith =
  (tokenizer: Tokenizer<IpadicFeatures>): Analyse =>
  (text) =>
    tokenizer.tokenize(text).map(wordOf);

/** Where the build put the compact dictionary: beside the bundle this module is part of (out/kiosk, out/main), or above its chunk. */
export function builtIpadicFiles(): string[] {
  const here = dirname(fileURLToPath(import.meta.url));
  return [join(here, IPADIC_FILE), join(here, '..', IPADIC_FILE)];
}

/** kuromoji over its dictionary, held as compactly as a reading allows (ipadic.ts). */
export const loadKuromoji = async (builtFiles: readonly string[] = builtIpadicFiles()): Promise<Analyse> =>
  analyseWith(await loadCompactTokenizer(builtFiles, kuromojiDictionary()));

export function createReadings(deps: ReadingsDeps = {}): Readings {
  const loadPinyin = deps.loadPinyin ?? loadPinyinPro;
  const loadAnalyser = deps.loadAnalyser ?? loadKuromoji;
  let pinyin: Promise<PinyinOf | undefined> | undefined;
  let analyser: Promise<Analyse | undefined> | undefined;
  let state: KuromojiState = 'unloaded';

  const pinyinOf = (): Promise<PinyinOf | undefined> => {
    pinyin ??= loadPinyin().catch((error: unknown) => {
      deps.failed?.('pinyin-pro', error);
      return undefined;
    });
    return pinyin;
  };

  const analyserOf = (): Promise<Analyse | undefined> => {
    if (analyser === undefined) {
      state = 'loading';
      const started = performance.now();
      const loading: Promise<Analyse | undefined> = loadAnalyser().then(
        (analyse) => {
          if (analyser === loading) state = 'ready';
          deps.loaded?.('kuromoji', performance.now() - started);
          return analyse;
        },
        (error: unknown) => {
          if (analyser === loading) state = 'failed';
          deps.failed?.('kuromoji', error);
          return undefined;
        },
      );
      analyser = loading;
    }
    return analyser;
  };

  return {
    async pinyin(text) {
      const convert = await pinyinOf();
      return convert === undefined ? text : convert(text);
    },
    async japanese(text, waitMs) {
      const loading = analyserOf();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), waitMs)));
      const analyse = await Promise.race([loading, late]);
      clearTimeout(timer);
      return analyse?.(text);
    },
    kuromoji: () => state,
    release() {
      analyser = undefined;
      state = 'unloaded';
    },
  };
}

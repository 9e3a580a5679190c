/**
 * Which of espeak-ng's voices says each language of speech, and what makes a run readable to it: Mandarin's hanzi
 * become pinyin with tone numbers for `cmn-latn-pinyin` (espeak-ng's `cmn` reads hanzi it does not know as English
 * letters), Japanese's kanji become kana for `ja` (which reads kana only), Cantonese is read as written by `yue`.
 */
import type { Language, ShellVoiceView, SpeechLang } from '../../../../shared/bridge';
import { SPEECH_LANGS } from '../../../../shared/bridgeArgs';
import { UI_SPEECH_LANG } from '../../../../shared/speechRuns';

export interface EspeakVoice {
  /** The name `-v` and SSML's `<voice name>` take (the "Language" column of `espeak-ng --voices`). */
  voice: string;
  readings: 'pinyin-pro' | 'kuromoji' | undefined;
}

/** espeak-ng's voices for each language, the best first; an older espeak-ng without one has the next. */
export const ESPEAK_VOICES: Readonly<Record<SpeechLang, readonly EspeakVoice[]>> = {
  'en-US': [{ voice: 'en-us', readings: undefined }],
  'ja-JP': [{ voice: 'ja', readings: 'kuromoji' }],
  'ko-KR': [{ voice: 'ko', readings: undefined }],
  // Without the pinyin voice, cmn reads the hanzi it knows and spells the rest.
  'zh-TW': [
    { voice: 'cmn-latn-pinyin', readings: 'pinyin-pro' },
    { voice: 'cmn', readings: undefined },
  ],
  // Without Cantonese, Mandarin's reading of the characters rather than English letters.
  'zh-HK': [
    { voice: 'yue', readings: undefined },
    { voice: 'cmn-latn-pinyin', readings: 'pinyin-pro' },
  ],
  'zh-SG': [
    { voice: 'cmn-latn-pinyin', readings: 'pinyin-pro' },
    { voice: 'cmn', readings: undefined },
  ],
};

/**
 * The voice that says `lang`: the best one espeak-ng has (`names` undefined: its list is not read yet, the best is
 * taken to be there); `available` false when it has none, and its default voice reads the text as written.
 */
export function espeakVoiceFor(lang: SpeechLang, names: ReadonlySet<string> | undefined): EspeakVoice & { available: boolean } {
  const voices = ESPEAK_VOICES[lang];
  const found = voices.find(({ voice }) => names === undefined || names.has(voice));
  return found === undefined ? { voice: voices[0]?.voice ?? lang, readings: undefined, available: false } : { ...found, available: true };
}

/** The language speech-dispatcher is asked for (its -l takes a language code; its module picks the voice). */
export const SPD_LANGUAGES: Readonly<Record<SpeechLang, string>> = {
  'en-US': 'en',
  'ja-JP': 'ja',
  'ko-KR': 'ko',
  'zh-TW': 'zh',
  'zh-HK': 'yue',
  'zh-SG': 'zh',
};

/** The voice names an `espeak-ng --voices` listing holds (its second column). */
export function espeakVoiceNames(listing: string): Set<string> {
  return new Set(
    listing
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/)[1]?.toLowerCase())
      .filter((name): name is string => name !== undefined && name !== ''),
  );
}

/** Each language of speech with espeak-ng's voice for it; `names` undefined: the listing is not read yet. */
export function espeakShellVoices(names: ReadonlySet<string> | undefined): ShellVoiceView[] {
  return SPEECH_LANGS.map((lang) => ({ lang, engine: 'espeak-ng', ...espeakVoiceFor(lang, names) }));
}

export function spdShellVoices(): ShellVoiceView[] {
  return SPEECH_LANGS.map((lang) => ({ lang, engine: 'spd-say', voice: SPD_LANGUAGES[lang], readings: undefined, available: true }));
}

/** The UI languages whose own language of speech has a voice. */
export function voicedLanguages(voices: readonly ShellVoiceView[]): Language[] {
  const available = new Set(voices.filter((voice) => voice.available).map((voice) => voice.lang));
  return (Object.keys(UI_SPEECH_LANG) as Language[]).filter((language) => available.has(UI_SPEECH_LANG[language]));
}

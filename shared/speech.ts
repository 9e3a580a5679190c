/**
 * Speech as data, as it travels over the bridge: an utterance is runs, each in its language (BCP 47), and voice
 * guidance's state as Settings shows it. Re-exported by bridge.ts.
 */
import type { Language } from './bridge';

/** Voice guidance: whether it is on, and what the shell can say when the page's own speech has no voices. */
export interface VoiceGuidanceView {
  enabled: boolean;
  /** The shell's speech engine (speech-dispatcher's spd-say or espeak-ng); undefined when the machine has none. */
  shellEngine: 'espeak-ng' | 'spd-say' | undefined;
  /** The UI languages the shell's engine has a voice for. */
  shellLanguages: Language[];
  /** Which of the shell's voices speaks each language of speech, and what makes the text readable to it. */
  shellVoices: ShellVoiceView[];
}

/**
 * The languages a run of speech is in (BCP 47): the UI's three and those the catalog writes names in. Hanzi are read by
 * the territory's spoken language: Mandarin in Traditional characters (zh-TW), Cantonese (zh-HK), Mandarin in
 * Simplified characters (zh-SG, for Singapore and Malaysia).
 */
export type SpeechLang = 'en-US' | 'ja-JP' | 'ko-KR' | 'zh-TW' | 'zh-HK' | 'zh-SG';

/** A stretch of an utterance in one language: a speaker says each run in a voice of its language. */
export interface SpeechRun {
  text: string;
  lang: SpeechLang;
}

/** How the shell says one language of speech (shown in Settings). */
export interface ShellVoiceView {
  lang: SpeechLang;
  engine: 'espeak-ng' | 'spd-say';
  /** The engine's voice ('cmn-latn-pinyin', 'ja'), or the language asked of speech-dispatcher ('zh'). */
  voice: string;
  /** What turns the text into words the voice can read: pinyin with tones, kana readings; undefined: read as written. */
  readings: 'pinyin-pro' | 'kuromoji' | undefined;
  /** False: the engine has no voice of this language, and its default voice reads it. */
  available: boolean;
}

/** One thing to say: runs in their languages, said one after another without a pause between them. */
export interface SpeechRequest {
  runs: SpeechRun[];
  /** 'slow': a code read character by character. */
  rate: 'normal' | 'slow';
  /** 'interrupt' cuts off whatever is being said; 'queue' waits for it (a polite status). */
  mode: 'interrupt' | 'queue';
}

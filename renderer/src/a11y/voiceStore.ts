import { createStore } from 'zustand/vanilla';
import type { Language, SpeechLang } from '../../../shared/bridge';

/** Which voice says one language of speech, as Settings lists it. */
export interface VoiceLine {
  lang: SpeechLang;
  /** The voice's name (espeak-ng's voice, the browser's voice); undefined: none here, the default voice reads it. */
  voice: string | undefined;
  /** The library that makes the text readable to that voice (kuromoji, pinyin-pro). */
  readings: string | undefined;
  /** The browser speaks rather than the shell. */
  browser: boolean;
}

/** What Settings shows of voice guidance while it runs: the UI language it has no voice for, and who speaks what. */
export const voiceStore = createStore<{ missingVoice: Language | undefined; voices: VoiceLine[] }>()(() => ({ missingVoice: undefined, voices: [] }));

/**
 * The one small interface voice guidance speaks through. Two implementations: the browser's speechSynthesis where it
 * has voices (webSpeech.ts), else the shell, over the bridge (shellSpeech.ts); speechRouter.ts picks between them.
 */
import type { Language, SpeechRequest } from '../../../shared/bridge';

export type { SpeechRequest };

export interface Speech {
  /** Says `request` ('interrupt' cuts off what is being said, 'queue' waits its turn). Never throws, never waits. */
  speak(request: SpeechRequest): void;
  /** Cuts off what is being said and what was queued. */
  cancel(): void;
  /** Whether there is a voice of `language`; without one, the default voice says it. */
  hasVoice(language: Language): boolean;
}

/** The BCP 47 tag a speech engine knows each UI language by: Traditional Chinese is spoken as Mandarin in Taiwan. */
export const SPEECH_LANG: Readonly<Record<Language, string>> = { en: 'en-US', 'zh-Hant': 'zh-TW', ja: 'ja-JP' };

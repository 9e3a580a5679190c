/**
 * The one small interface voice guidance speaks through. Two implementations: the browser's speechSynthesis where it
 * has voices (webSpeech.ts), else the shell, over the bridge (shellSpeech.ts); speechRouter.ts picks between them.
 * Each takes what is said as runs in their languages (shared/speechRuns.ts splits them) and says each in its own voice.
 */
import type { SpeechLang, SpeechRequest } from '../../../shared/bridge';
import type { VoiceLine } from './voiceStore';

export type { SpeechRequest };

export interface Speech {
  /** Says `request` ('interrupt' cuts off what is being said, 'queue' waits its turn). Never throws, never waits. */
  speak(request: SpeechRequest): void;
  /** Cuts off what is being said and what was queued. */
  cancel(): void;
  /** Whether there is a voice of `lang`; without one, the default voice says it. */
  hasVoice(lang: SpeechLang): boolean;
  /** Which voice says `lang` here, for Settings. */
  describe?(lang: SpeechLang): VoiceLine;
}

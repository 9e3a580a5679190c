import type { Speech } from './speech';
import type { WebSpeech } from './webSpeech';

/** The browser's voices where it has any, else the shell's; asked at each utterance, as the browser's list arrives late. */
export function createSpeechRouter(web: WebSpeech | undefined, shell: Speech): Speech {
  const current = (): Speech => (web !== undefined && web.hasVoices() ? web : shell);
  let last: Speech | undefined;
  return {
    hasVoice: (language) => current().hasVoice(language),
    describe: (lang) => current().describe?.(lang) ?? { lang, voice: undefined, readings: undefined, browser: false },
    speak(request) {
      const speech = current();
      if (last !== undefined && last !== speech && request.mode === 'interrupt') last.cancel();
      last = speech;
      speech.speak(request);
    },
    cancel: () => last?.cancel(),
  };
}

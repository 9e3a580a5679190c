import type { ShellVoiceView, TunewallBridge } from '../../../shared/bridge';
import type { Speech } from './speech';

/** The shell speaks (espeak-ng or speech-dispatcher on its side); `voices`: how it says each language of speech. */
export function createShellSpeech(bridge: Pick<TunewallBridge, 'speak' | 'stopSpeaking'>, voices: () => readonly ShellVoiceView[]): Speech {
  // A press cancels speech; only one request crosses to the shell per utterance, not one per press.
  let speaking = false;
  const warn = (error: unknown): void => console.warn('voice guidance: the shell did not take the request', error);
  return {
    hasVoice: (lang) => voices().some((voice) => voice.lang === lang && voice.available),
    describe: (lang) => {
      const voice = voices().find((v) => v.lang === lang && v.available);
      return { lang, voice: voice === undefined ? undefined : `${voice.engine} (${voice.voice})`, readings: voice?.readings, browser: false };
    },
    speak(request) {
      speaking = true;
      bridge.speak(request).catch(warn);
    },
    cancel() {
      if (!speaking) return;
      speaking = false;
      bridge.stopSpeaking().catch(warn);
    },
  };
}

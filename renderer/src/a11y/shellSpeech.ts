import type { Language, TunewallBridge } from '../../../shared/bridge';
import type { Speech } from './speech';

/** The shell speaks (espeak-ng or speech-dispatcher on its side); `languages`: those it has a voice for. */
export function createShellSpeech(bridge: Pick<TunewallBridge, 'speak' | 'stopSpeaking'>, languages: () => readonly Language[]): Speech {
  // A press cancels speech; only one request crosses to the shell per utterance, not one per press.
  let speaking = false;
  const warn = (error: unknown): void => console.warn('voice guidance: the shell did not take the request', error);
  return {
    hasVoice: (language) => languages().includes(language),
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

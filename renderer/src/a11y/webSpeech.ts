import type { Language } from '../../../shared/bridge';
import { SPEECH_LANG, type Speech } from './speech';

export interface WebSpeech extends Speech {
  /** Whether the browser lists any voice at all (headless Chromium, and Chromium on Linux without speech-dispatcher, list none). */
  hasVoices(): boolean;
}

/** Tags a voice of each UI language may carry, best first (Chrome says zh-TW, others cmn-Hant-TW, zh-Hant…). */
const ACCEPTED: Readonly<Record<Language, readonly RegExp[]>> = {
  en: [/^en-us$/, /^en\b/],
  'zh-Hant': [/^zh-tw$/, /^(cmn|zh)-hant\b/, /^zh-hk$/, /^(cmn|zh)\b/],
  ja: [/^ja\b/],
};

export function voiceFor(voices: readonly SpeechSynthesisVoice[], language: Language): SpeechSynthesisVoice | undefined {
  const tagged = voices.map((voice) => ({ voice, tag: voice.lang.replace(/_/g, '-').toLowerCase() }));
  for (const pattern of ACCEPTED[language]) {
    const found = tagged.find(({ tag }) => pattern.test(tag));
    if (found !== undefined) return found.voice;
  }
  return undefined;
}

/** The Web Speech API: `synth` is window.speechSynthesis, `Utterance` the page's SpeechSynthesisUtterance. */
export function createWebSpeech(synth: SpeechSynthesis, Utterance: typeof SpeechSynthesisUtterance): WebSpeech {
  let voices: SpeechSynthesisVoice[] = synth.getVoices();
  // Chromium lists its voices a moment after the page asks first.
  synth.addEventListener('voiceschanged', () => {
    voices = synth.getVoices();
  });
  return {
    hasVoices: () => voices.length > 0,
    hasVoice: (language) => voiceFor(voices, language) !== undefined,
    speak(request) {
      if (request.mode === 'interrupt') synth.cancel();
      const utterance = new Utterance(request.text);
      utterance.lang = SPEECH_LANG[request.language];
      // No voice of the language: the browser's default voice says it rather than nothing.
      utterance.voice = voiceFor(voices, request.language) ?? null;
      utterance.rate = request.rate === 'slow' ? 0.6 : 1;
      synth.speak(utterance);
    },
    cancel: () => synth.cancel(),
  };
}

import type { SpeechLang } from '../../../shared/bridge';
import type { Speech } from './speech';

export interface WebSpeech extends Speech {
  /** Whether the browser lists any voice at all (headless Chromium, and Chromium on Linux without speech-dispatcher, list none). */
  hasVoices(): boolean;
}

const MANDARIN_HANS = [/^zh-cn$/, /^zh-sg$/, /^(cmn|zh)-hans\b/, /^cmn\b/];
/**
 * Tags a voice of each language may carry, best first (Chrome says zh-TW, others cmn-Hant-TW, zh-Hant…). A Mandarin
 * voice reads any hanzi better than a voice of no Chinese at all, so each Chinese language falls back to the others.
 */
const ACCEPTED: Readonly<Record<SpeechLang, readonly RegExp[]>> = {
  'en-US': [/^en-us$/, /^en\b/],
  'ja-JP': [/^ja\b/],
  'ko-KR': [/^ko\b/],
  'zh-TW': [/^zh-tw$/, /^(cmn|zh)-hant\b(?!-hk)/, ...MANDARIN_HANS, /^zh\b(?!-hk)/, /^(zh-hk|yue)\b/],
  'zh-HK': [/^zh-hk$/, /^(yue|zh-yue)\b/, /^zh-hant-hk\b/, /^zh-tw$/, ...MANDARIN_HANS, /^zh\b/],
  'zh-SG': [...MANDARIN_HANS, /^zh-my$/, /^zh-tw$/, /^zh\b(?!-hk)/, /^(zh-hk|yue)\b/],
};

export function voiceFor(voices: readonly SpeechSynthesisVoice[], lang: SpeechLang): SpeechSynthesisVoice | undefined {
  const tagged = voices.map((voice) => ({ voice, tag: voice.lang.replace(/_/g, '-').toLowerCase() }));
  for (const pattern of ACCEPTED[lang]) {
    const found = tagged.find(({ tag }) => pattern.test(tag));
    if (found !== undefined) return found.voice;
  }
  return undefined;
}

/**
 * The Web Speech API: `synth` is window.speechSynthesis, `Utterance` the page's SpeechSynthesisUtterance. A request's
 * runs become one utterance each, queued back to back, each with the run's `lang` and a voice of it.
 */
export function createWebSpeech(synth: SpeechSynthesis, Utterance: typeof SpeechSynthesisUtterance): WebSpeech {
  let voices: SpeechSynthesisVoice[] = synth.getVoices();
  // Each language's voice, found once per list: speech-dispatcher's espeak-ng module alone offers thousands.
  let chosen = new Map<SpeechLang, SpeechSynthesisVoice | undefined>();
  const voiceOf = (lang: SpeechLang): SpeechSynthesisVoice | undefined => {
    if (!chosen.has(lang)) chosen.set(lang, voiceFor(voices, lang));
    return chosen.get(lang);
  };
  // Chromium lists its voices a moment after the page asks first.
  synth.addEventListener('voiceschanged', () => {
    voices = synth.getVoices();
    chosen = new Map();
  });
  return {
    hasVoices: () => voices.length > 0,
    hasVoice: (lang) => voiceOf(lang) !== undefined,
    describe: (lang) => ({ lang, voice: voiceOf(lang)?.name, readings: undefined, browser: true }),
    speak(request) {
      if (request.mode === 'interrupt') synth.cancel();
      for (const run of request.runs) {
        const utterance = new Utterance(run.text);
        utterance.lang = run.lang;
        // No voice of the language: the browser's default voice says it rather than nothing.
        utterance.voice = voiceOf(run.lang) ?? null;
        utterance.rate = request.rate === 'slow' ? 0.6 : 1;
        synth.speak(utterance);
      }
    },
    cancel: () => synth.cancel(),
  };
}

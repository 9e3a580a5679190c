/**
 * A recording stand-in for the Web Speech API, installed before a page's own script runs (Playwright's addInitScript):
 * `window.speechSynthesis` with a voice of each UI language, and a `SpeechSynthesisUtterance` whose every use is
 * recorded: its text, `lang`, rate, when it was asked for, when it started (its `start` event), and when it was cancelled.
 * Utterances take turns as in a browser; each "speaks" for `SPOKEN_MS_PER_CHARACTER` a character (as long as a voice
 * would take, roughly) unless cancelled first.
 */
import { z } from 'zod';

export const SPOKEN_MS_PER_CHARACTER = 40;

export const SpokenSchema = z.object({
  text: z.string(),
  lang: z.string(),
  rate: z.number(),
  voice: z.string().nullable(),
  /** performance.now() of the page when speak() was called, when `start` fired, and when cancel() cut it off. */
  askedAt: z.number(),
  startedAt: z.number().nullable(),
  cancelledAt: z.number().nullable(),
});
export type Spoken = z.infer<typeof SpokenSchema>;

/** `voices`: the voices' languages the page finds (a browser with none: the page falls back to the shell). */
export function speechStandInScript(voices: readonly string[] = ['en-US', 'zh-TW', 'ja-JP']): string {
  return `(() => {
  const SPOKEN_MS_PER_CHARACTER = ${SPOKEN_MS_PER_CHARACTER};
  const log = [];
  Object.defineProperty(window, '__tunewallSpoken', { value: log });
  const voices = ${JSON.stringify(voices)}.map((lang) => ({ name: 'Stand-in ' + lang, lang, localService: true, default: lang === 'en-US', voiceURI: 'stand-in:' + lang }));
  class Utterance extends EventTarget {
    constructor(text) {
      super();
      this.text = String(text ?? '');
      this.lang = '';
      this.voice = null;
      this.rate = 1;
      this.pitch = 1;
      this.volume = 1;
      this.onstart = null;
      this.onend = null;
      this.onerror = null;
    }
  }
  const queue = [];
  let current = null;
  let timer = 0;
  const fire = (utterance, type) => {
    const event = new Event(type);
    utterance.dispatchEvent(event);
    const handler = utterance['on' + type];
    if (typeof handler === 'function') handler.call(utterance, event);
  };
  const next = () => {
    if (current !== null || queue.length === 0) return;
    current = queue.shift();
    current.record.startedAt = performance.now();
    fire(current.utterance, 'start');
    const mine = current;
    timer = setTimeout(() => {
      if (current !== mine) return;
      current = null;
      fire(mine.utterance, 'end');
      next();
    }, Math.max(200, SPOKEN_MS_PER_CHARACTER * mine.utterance.text.length));
  };
  const synth = new EventTarget();
  Object.assign(synth, {
    get speaking() { return current !== null; },
    get pending() { return queue.length > 0; },
    paused: false,
    onvoiceschanged: null,
    getVoices: () => voices.slice(),
    speak(utterance) {
      const record = {
        text: utterance.text,
        lang: utterance.lang,
        rate: utterance.rate,
        voice: utterance.voice ? utterance.voice.lang : null,
        askedAt: performance.now(),
        startedAt: null,
        cancelledAt: null,
      };
      log.push(record);
      queue.push({ utterance, record });
      next();
    },
    cancel() {
      const now = performance.now();
      for (const item of [current, ...queue]) {
        if (item === null) continue;
        item.record.cancelledAt = now;
        fire(item.utterance, 'error');
      }
      queue.length = 0;
      current = null;
      clearTimeout(timer);
    },
    pause() {},
    resume() {},
  });
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true, writable: true });
})();`;
}

/** What the page's stand-in recorded. A string: the page's CSP forbids eval of page-made functions. */
export const READ_SPOKEN = 'JSON.stringify(window.__tunewallSpoken ?? [])';

export function parseSpoken(json: unknown): Spoken[] {
  return z.array(SpokenSchema).parse(JSON.parse(String(json)));
}

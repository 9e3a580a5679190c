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

/** A text without its spaces: runs are trimmed and joined by the speaker, so phrases are compared without them. */
export const squash = (text: string): string => text.replace(/\s+/g, '');

/**
 * What was said, as one text: each utterance is one run of a phrase (a Chinese title and the English around it are
 * two), so a phrase is found whole in the runs joined, wherever its languages change.
 */
export function spokenStream(spoken: readonly Spoken[]): string {
  return squash(spoken.map((s) => s.text).join(''));
}

/** Where each of `phrases` was said, in this order, in `stream`; a message naming the first one missing otherwise. */
export function inOrder(stream: string, phrases: readonly string[]): string {
  let at = 0;
  for (const phrase of phrases) {
    const found = stream.indexOf(squash(phrase), at);
    if (found === -1) return `missing "${phrase}" after ${at} in ${JSON.stringify(stream)}`;
    at = found + squash(phrase).length;
  }
  return 'in order';
}

/** How many times `phrase` was said in `stream`. */
export function timesSaid(stream: string, phrase: string): number {
  const needle = squash(phrase);
  let count = 0;
  for (let at = stream.indexOf(needle); at !== -1; at = stream.indexOf(needle, at + needle.length)) count += 1;
  return count;
}

/** The utterances (runs) that said `phrase`, first time, one after another; undefined when it was not said whole. */
export function phraseRuns(spoken: readonly Spoken[], phrase: string): Spoken[] | undefined {
  const whole = squash(phrase);
  for (let i = 0; i < spoken.length; i += 1) {
    let said = '';
    for (let j = i; j < spoken.length && said.length < whole.length; j += 1) {
      said += squash(spoken[j]?.text ?? '');
      if (said === whole) return spoken.slice(i, j + 1);
      if (!whole.startsWith(said)) break;
    }
  }
  return undefined;
}

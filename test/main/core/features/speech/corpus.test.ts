/**
 * Issue 36's measure of whether the shell's voice can be understood: the sandbox's catalog names of every territory
 * and every UI string of the three languages, split into runs as the renderer splits them, made into what the shell
 * asks espeak-ng to say (the speaker's own requestCommands, readings included), and spoken by the real espeak-ng in
 * phoneme mode. A name fails where espeak-ng names a script instead of reading it, or hands a word to English rules
 * inside a Chinese, Japanese or Korean voice. Runs where espeak-ng is installed (scripts/setup.sh installs it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createReadings, type Readings } from '../../../../../main/core/features/speech/readings';
import { requestCommands } from '../../../../../main/core/features/speech/shellSpeaker';
import type { Language, SpeechRun } from '../../../../../shared/bridge';
import { catalogText, splitRuns, uiText } from '../../../../../shared/speechRuns';
import { TERRITORIES, type Territory } from '../../../../../shared/territory';
import { territoryNames, uiStrings } from './corpus';
import { findEspeak, ssmlPhonemes, unreadable, voicePhonemes } from './phonemes';

const espeak = findEspeak();
/** The voice Tunewall used before runs: the UI language's, for everything. */
const UI_VOICE: Readonly<Record<Language, string>> = { en: 'en-us', 'zh-Hant': 'cmn', ja: 'ja' };
/** The UI language a viewer of the territory would have: its own where Tunewall has it. */
const TERRITORY_UI: Readonly<Record<Territory, Language>> = { TW: 'zh-Hant', HK: 'zh-Hant', SG: 'en', MY: 'en', JP: 'ja' };

interface Verdict {
  text: string;
  runs: SpeechRun[];
  phonemes: string;
  why: string | undefined;
}

async function spoken(readings: Readings, texts: readonly { text: string; runs: SpeechRun[] }[]): Promise<Verdict[]> {
  if (espeak === undefined) throw new Error('espeak-ng is not installed');
  const documents = await Promise.all(
    texts.map(async ({ runs }) => {
      const [command] = await requestCommands('espeak-ng', { runs, rate: 'normal', mode: 'interrupt' }, readings);
      return command?.stdin ?? '<speak></speak>';
    }),
  );
  const phonemes = await ssmlPhonemes(espeak, documents);
  return texts.map(({ text, runs }, i) => {
    const said = phonemes[i] ?? '';
    return { text, runs, phonemes: said, why: unreadable(said, runs.every((run) => run.lang === 'en-US')) };
  });
}

function report(label: string, verdicts: readonly Verdict[]): void {
  const failed = verdicts.filter((v) => v.why !== undefined);
  const lines = failed.map((v) => `  ${v.why}: ${v.text} → ${v.runs.map((r) => `[${r.lang}] ${r.text}`).join(' ')} → ${v.phonemes}`);
  console.info(`${label}: ${verdicts.length - failed.length} of ${verdicts.length} readable${lines.length > 0 ? `\n${lines.join('\n')}` : ''}`);
}

describe.skipIf(espeak === undefined)('what the shell says through espeak-ng can be understood', () => {
  let readings: Readings;
  beforeAll(() => {
    readings = createReadings();
  });

  it('the detector flags what espeak-ng cannot read, and passes words it can', async () => {
    if (espeak === undefined) return;
    const [kanji, hanzi, kana, english, hangul] = await Promise.all([
      voicePhonemes(espeak, 'ja', ['東京の涙']),
      voicePhonemes(espeak, 'cmn', ['華語單曲日榜']),
      voicePhonemes(espeak, 'ja', ['トウキョウノナミダ']),
      voicePhonemes(espeak, 'en-us', ['Chinese songs', '東京']),
      voicePhonemes(espeak, 'en-us', ['한국']),
    ]);
    expect(unreadable(kanji[0] ?? '')).toBe('script name');
    expect(unreadable(hanzi[0] ?? '')).toBe('English rules');
    expect(unreadable(kana[0] ?? '')).toBeUndefined();
    expect(unreadable(english[0] ?? '', true)).toBeUndefined();
    expect(unreadable(english[1] ?? '', true)).toBe('script name');
    // Hangul in the English voice switches to Korean by itself: it is read.
    expect(unreadable(hangul[0] ?? '', true)).toBeUndefined();
  });

  it.each(TERRITORIES)('%s: at least 300 catalog names, 98 percent of them readable (before: the UI voice for all)', async (territory) => {
    if (espeak === undefined) return;
    const names = territoryNames(territory);
    expect(names.length).toBeGreaterThanOrEqual(300);
    const texts = names.map(({ text }) => ({ text, runs: splitRuns(text, catalogText(territory)) }));
    const after = await spoken(readings, texts);
    // Before: a sample of 300 (every nth name), each said whole in the UI language's voice.
    const voice = UI_VOICE[TERRITORY_UI[territory]];
    const step = names.length / 300;
    const sample = Array.from({ length: 300 }, (_, i) => names[Math.floor(i * step)]?.text ?? '');
    const raw = await voicePhonemes(espeak, voice, sample);
    const before = raw.filter((phonemes) => unreadable(phonemes, voice === 'en-us') !== undefined).length;
    const readable = after.filter((v) => v.why === undefined).length;
    console.info(`${territory} before, all through ${voice}: ${sample.length - before} of ${sample.length} readable`);
    if (territory !== 'MY') expect(before / sample.length).toBeGreaterThan(0.25);
    report(`${territory} after`, after);
    expect(readable / names.length).toBeGreaterThanOrEqual(0.98);
  });

  it.each(['en', 'zh-Hant', 'ja'] as const)('every UI string in %s is readable', async (language) => {
    if (espeak === undefined) return;
    const texts = uiStrings(language).map(({ text }) => ({ text, runs: splitRuns(text, uiText(language, 'TW')) }));
    const after = await spoken(readings, texts);
    report(`UI ${language}`, after);
    expect(after.filter((v) => v.why !== undefined).map((v) => v.text)).toEqual([]);
  });
});

import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { espeakRuns } from '../../../../../main/core/features/speech/espeakRuns';
import { espeakShellVoices, espeakVoiceNames } from '../../../../../main/core/features/speech/espeakVoices';
import { createReadings, loadPinyinPro, type Analyse, type JapaneseWord } from '../../../../../main/core/features/speech/readings';
import { createShellSpeaker, type RunLike } from '../../../../../main/core/features/speech/shellSpeaker';
import { createSpeech } from '../../../../../main/core/features/speech/speech';
import type { SpeechRequest, SpeechRun } from '../../../../../shared/bridge';
import { memoryLogger } from '../../support/fakes';

/** A spawned program as Node hands it back: stdin to write to, exit when done or killed. */
class FakeChild extends EventEmitter {
  readonly stdin = new PassThrough();
  written = '';
  killed: string | undefined;
  constructor(
    readonly command: string,
    readonly args: readonly string[],
  ) {
    super();
    this.stdin.on('data', (chunk: Buffer) => (this.written += chunk.toString('utf8')));
  }
  kill(signal: string): boolean {
    this.killed = signal;
    queueMicrotask(() => this.emit('exit', null, signal));
    return true;
  }
  finish(): void {
    this.emit('exit', 0, null);
  }
}

const LISTING = ` Pty Language       Age/Gender VoiceName          File                 Other Languages
 5  cmn             --/M      Chinese_(Mandarin,_latin_as_English) sit/cmn              (zh-cmn 5)(zh 5)
 5  cmn-latn-pinyin --/M      Chinese_(Mandarin,_latin_as_Pinyin) sit/cmn-Latn-pinyin  (zh-cmn 5)(zh 5)
 2  en-us           --/M      English_(America)  gmw/en-US            (en 3)
 5  ja              --/M      Japanese           jpx/ja
 5  ko              --/M      Korean             ko
 5  yue             --/M      Chinese_(Cantonese) sit/yue              (zh-yue 5)(zh 8)
`;
const WITHOUT_JA = LISTING.replace(/\n 5 {2}ja .*\n/, '\n');

/** A stand-in analyser: 夜 and 駆 as a dictionary would read them, counting how often it is loaded. */
function fakeAnalyser(delayMs = 0) {
  let loads = 0;
  const words: Record<string, JapaneseWord> = {
    夜: { surface: '夜', pronunciation: 'ヨル', attached: false },
    に: { surface: 'に', pronunciation: 'ニ', attached: true },
    駆ける: { surface: '駆ける', pronunciation: 'カケル', attached: false },
  };
  const analyse: Analyse = (text) => (text.match(/夜|に|駆ける|[^夜に駆]+/g) ?? []).map((w) => words[w] ?? { surface: w, pronunciation: undefined, attached: false });
  return {
    loads: () => loads,
    load: () => {
      loads += 1;
      return new Promise<Analyse>((resolve) => setTimeout(() => resolve(analyse), delayMs));
    },
  };
}

function setup(options: { programs?: string[]; listing?: RunLike; analyserDelayMs?: number } = {}) {
  const programs = options.programs ?? ['/usr/bin/espeak-ng', '/usr/bin/spd-say'];
  const children: FakeChild[] = [];
  const logger = memoryLogger();
  const analyser = fakeAnalyser(options.analyserDelayMs);
  const readings = createReadings({ loadAnalyser: analyser.load });
  let changed = 0;
  const speaker = createShellSpeaker({
    logger,
    path: '/opt/none:/usr/bin',
    changed: () => (changed += 1),
    isExecutable: (file) => programs.includes(file),
    run: options.listing ?? (async () => LISTING),
    readings,
    spawn: (command, args) => {
      const child = new FakeChild(command, args);
      children.push(child);
      return child as unknown as ChildProcess;
    },
  });
  return { speaker, children, logger, readings, analyser, changed: () => changed };
}

const say = (runs: SpeechRun[] | string, over: Partial<SpeechRequest> = {}): SpeechRequest => ({
  runs: typeof runs === 'string' ? [{ text: runs, lang: 'en-US' }] : runs,
  rate: 'normal',
  mode: 'interrupt',
  ...over,
});
const settle = async (times = 3) => {
  for (let i = 0; i < times; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
/** Waits until `done` holds (readings load in their own time), two seconds at most. */
const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};
/** The voices and texts of an SSML document, in order. */
const voiced = (ssml: string) => [...ssml.matchAll(/<voice(?: name="([^"]*)")?>([^<]*)<\/voice>/g)].map(([, voice, text]) => [voice, text]);

describe('the shell speaker', () => {
  it('says a request through one espeak-ng without a shell: SSML on stdin, every run in the voice of its language', async () => {
    const { speaker, children } = setup();
    expect(speaker.engine).toBe('espeak-ng');
    speaker.speak(
      say(
        [
          { text: 'Top 50,', lang: 'en-US' },
          { text: '華語單曲日榜', lang: 'zh-TW' },
          { text: '华语新歌', lang: 'zh-SG' },
          { text: '粵語流行', lang: 'zh-HK' },
          { text: '한국 노래', lang: 'ko-KR' },
          { text: 'ホーム', lang: 'ja-JP' },
        ],
        { rate: 'slow' },
      ),
    );
    await until(() => children.length > 0);
    expect(children).toHaveLength(1);
    expect(children[0]?.command).toBe('/usr/bin/espeak-ng');
    expect(children[0]?.args).toEqual(['-m', '-s', '100', '-b', '1', '--stdin']);
    expect(children[0]?.written.startsWith('<speak>')).toBe(true);
    expect(voiced(children[0]?.written ?? '')).toEqual([
      ['en-us', 'Top 50,'],
      ['cmn-latn-pinyin', 'hua2 yu3 dan1 qu3 ri4 bang3'],
      ['cmn-latn-pinyin', 'hua2 yu3 xin1 ge1'],
      ['yue', '粵語流行'],
      ['ko', '한국 노래'],
      ['ja', 'ホーム'],
    ]);
  });

  it('text is never markup nor an option: it is escaped inside its voice, on stdin', async () => {
    const { speaker, children } = setup();
    speaker.speak(say('Tom & "Jerry" <3 </voice><voice name="ja">; rm -rf / --help'));
    await settle();
    expect(children[0]?.args).not.toContain('--help');
    expect(children[0]?.written).toBe(
      '<speak><voice name="en-us">Tom &amp; &quot;Jerry&quot; &lt;3 &lt;/voice&gt;&lt;voice name=&quot;ja&quot;&gt;; rm -rf / --help</voice></speak>\n',
    );
  });

  it("symbols a CJK voice would spell in English are said in the run's language or as a pause", async () => {
    const readings = createReadings({ loadAnalyser: fakeAnalyser().load });
    const runs = await espeakRuns(
      [
        { text: '周杰倫 & 蔡依林 — 一起', lang: 'zh-TW' },
        { text: '0〜2さい ♪', lang: 'ja-JP' },
        { text: '音量 100%', lang: 'zh-TW' },
        { text: '100% ・ #', lang: 'ja-JP' },
        { text: 'ミッドナイトオーケストラ', lang: 'ja-JP' },
      ],
      readings,
    );
    expect(runs.map((run) => run.text)).toEqual([
      'zhou1 jie2 lun2 he2 cai4 yi1 lin2, yi4 qi3',
      '0 から 2さい',
      'yin1 liang4 bai3 fen1 zhi1 100',
      '100パーセント 番号',
      'ミッドナイトオオケストラ',
    ]);
  });

  it('the neutral tone is 5 for cmn-latn-pinyin (a 0 would be read as the first tone)', async () => {
    expect((await loadPinyinPro())('我的')).toBe('wo3 de5');
  });

  it('loads the Japanese dictionary only when a Japanese run has kanji, once, and says its kana', async () => {
    const { speaker, children, readings, analyser } = setup();
    speaker.speak(say([{ text: 'ホーム', lang: 'ja-JP' }, { text: '首頁', lang: 'zh-TW' }]));
    await settle();
    expect(children).toHaveLength(1);
    expect(analyser.loads()).toBe(0);
    expect(readings.kuromoji()).toBe('unloaded');
    speaker.speak(say([{ text: '夜に駆ける', lang: 'ja-JP' }]));
    await settle(5);
    expect(analyser.loads()).toBe(1);
    expect(readings.kuromoji()).toBe('ready');
    expect(voiced(children[1]?.written ?? '')).toEqual([['ja', 'ヨルニ カケル']]);
    speaker.speak(say([{ text: '夜', lang: 'ja-JP' }]));
    await settle();
    expect(analyser.loads()).toBe(1);
  });

  it('says once each time the dictionary has loaded, for the log (the bench waits for it)', async () => {
    const analyser = fakeAnalyser();
    const loaded: string[] = [];
    const readings = createReadings({ loadAnalyser: analyser.load, loaded: (library, ms) => loaded.push(`${library} ${ms >= 0 ? 'timed' : 'untimed'}`) });
    await readings.japanese('夜', 1_000);
    await readings.japanese('夜', 1_000);
    expect(loaded).toEqual(['kuromoji timed']);
    readings.release();
    await readings.japanese('夜', 1_000);
    expect(loaded).toEqual(['kuromoji timed', 'kuromoji timed']);
    expect(analyser.loads()).toBe(2);
  });

  it('a Japanese run waits for the dictionary a bounded time, then is said without its kanji', async () => {
    const never = createReadings({ loadAnalyser: () => new Promise<Analyse>(() => undefined) });
    const runs = await espeakRuns([{ text: '夜に駆ける', lang: 'ja-JP' }], never, undefined, 20);
    expect(runs).toEqual([{ text: 'に ける', voice: 'ja', lang: 'ja-JP' }]);
    expect(never.kuromoji()).toBe('loading');
  });

  it('a press while the dictionary loads: what it was to say is never said, the new focus is', async () => {
    const { speaker, children } = setup({ analyserDelayMs: 30 });
    speaker.speak(say([{ text: '夜に駆ける', lang: 'ja-JP' }]));
    await settle();
    expect(children).toHaveLength(0);
    speaker.speak(say([{ text: 'ホーム', lang: 'ja-JP' }]));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(children.map((child) => voiced(child.written))).toEqual([[['ja', 'ホーム']]]);
  });

  it('reads its voices from espeak-ng: each language with its voice, readings and whether it is there', async () => {
    const { speaker, changed } = setup({ listing: async () => WITHOUT_JA });
    expect(speaker.voices()).toEqual([]);
    expect(speaker.languages()).toEqual([]);
    await settle();
    expect(changed()).toBe(1);
    expect(speaker.voices()).toEqual([
      { lang: 'en-US', engine: 'espeak-ng', voice: 'en-us', readings: undefined, available: true },
      { lang: 'ja-JP', engine: 'espeak-ng', voice: 'ja', readings: undefined, available: false },
      { lang: 'ko-KR', engine: 'espeak-ng', voice: 'ko', readings: undefined, available: true },
      { lang: 'zh-TW', engine: 'espeak-ng', voice: 'cmn-latn-pinyin', readings: 'pinyin-pro', available: true },
      { lang: 'zh-HK', engine: 'espeak-ng', voice: 'yue', readings: undefined, available: true },
      { lang: 'zh-SG', engine: 'espeak-ng', voice: 'cmn-latn-pinyin', readings: 'pinyin-pro', available: true },
    ]);
    expect(speaker.languages()).toEqual(['en', 'zh-Hant']);
    expect([...espeakVoiceNames(LISTING)].sort()).toEqual(['cmn', 'cmn-latn-pinyin', 'en-us', 'ja', 'ko', 'yue']);
  });

  it('an espeak-ng without the pinyin or the Cantonese voice has Mandarin read by cmn, Cantonese by pinyin', async () => {
    const older = espeakVoiceNames(LISTING.replace(/\n 5 {2}cmn-latn-pinyin .*\n/, '\n'));
    const noYue = espeakVoiceNames(LISTING.replace(/\n 5 {2}yue .*\n/, '\n'));
    const readings = createReadings();
    expect(await espeakRuns([{ text: '華語', lang: 'zh-TW' }], readings, older)).toEqual([{ text: '華語', voice: 'cmn', lang: 'zh-TW' }]);
    expect(await espeakRuns([{ text: '粵語', lang: 'zh-HK' }], readings, noYue)).toEqual([{ text: 'yue4 yu3', voice: 'cmn-latn-pinyin', lang: 'zh-HK' }]);
    expect(espeakShellVoices(older).find((voice) => voice.lang === 'zh-TW')).toEqual({ lang: 'zh-TW', engine: 'espeak-ng', voice: 'cmn', readings: undefined, available: true });
  });

  it('a language espeak-ng has no voice for is said in its default voice', async () => {
    const { speaker, children } = setup({ listing: async () => WITHOUT_JA });
    speaker.languages();
    await settle();
    speaker.speak(say([{ text: 'Home', lang: 'en-US' }, { text: 'ホーム', lang: 'ja-JP' }]));
    await settle();
    expect(children[0]?.written).toBe('<speak><voice name="en-us">Home</voice> <voice>ホーム</voice></speak>\n');
  });

  it('a new utterance cuts off the one being said; a status waits its turn, and a few at most', async () => {
    const { speaker, children } = setup();
    speaker.speak(say('Home'));
    await settle();
    speaker.speak(say('Charts, 3 of 24'));
    expect(children[0]?.killed).toBe('SIGTERM');
    await settle();
    for (const text of ['one', 'two', 'three', 'four', 'five']) speaker.speak(say(text, { mode: 'queue' }));
    await settle();
    expect(children).toHaveLength(2);
    for (let i = 1; i < 10; i++) {
      children[i]?.finish();
      await settle();
    }
    expect(children.slice(1).map((child) => voiced(child.written)[0]?.[1])).toEqual(['Charts, 3 of 24', 'one', 'two', 'three']);
  });

  it('stop kills what is being said and forgets the queue', async () => {
    const { speaker, children } = setup();
    speaker.speak(say('a'));
    speaker.speak(say('b', { mode: 'queue' }));
    await settle();
    speaker.stop();
    expect(children[0]?.killed).toBe('SIGTERM');
    await settle();
    expect(children).toHaveLength(1);
  });

  it('with spd-say only: one call per run with its language, the text after --, and the daemon told to cancel', async () => {
    const { speaker, children } = setup({ programs: ['/usr/bin/spd-say'] });
    expect(speaker.engine).toBe('spd-say');
    expect(speaker.languages()).toEqual(['en', 'zh-Hant', 'ja']);
    expect(speaker.voices().find((voice) => voice.lang === 'zh-HK')).toEqual({ lang: 'zh-HK', engine: 'spd-say', voice: 'yue', readings: undefined, available: true });
    speaker.speak(say([{ text: '-x 你好', lang: 'zh-TW' }, { text: 'Top 50', lang: 'en-US' }]));
    await settle();
    expect(children.map((child) => child.args)).toEqual([['-l', 'zh', '-r', '0', '-w', '--', '-x 你好']]);
    children[0]?.finish();
    await settle();
    expect(children[1]?.args).toEqual(['-l', 'en', '-r', '0', '-w', '--', 'Top 50']);
    speaker.stop();
    expect(children[2]?.args).toEqual(['-C']);
    children[1]?.finish();
    await settle();
    expect(children).toHaveLength(3);
  });

  it('a machine without a speech engine says nothing and goes on; an engine that fails is logged, never thrown', async () => {
    const none = setup({ programs: [] });
    expect(none.speaker.engine).toBeUndefined();
    expect(() => none.speaker.speak(say('Home'))).not.toThrow();
    await settle();
    expect(none.children).toHaveLength(0);

    const broken = setup();
    broken.speaker.speak(say('Home'));
    await settle();
    broken.children[0]?.emit('error', new Error('spawn EACCES'));
    broken.speaker.speak(say('Settings', { mode: 'queue' }));
    await settle();
    expect(broken.children).toHaveLength(2);
    expect(broken.logger.lines.some((line) => line.message === 'speech: the speech engine failed')).toBe(true);
  });

  it('the bridge says nothing while voice guidance is off; turning it off cuts speech off and lets the dictionary go', async () => {
    const { speaker, children, readings } = setup();
    let on = false;
    const speech = createSpeech({
      speaker,
      settings: {
        voiceGuidance: () => on,
        handlers: { setVoiceGuidance: async (value) => void (on = value), setTerritory: async () => ({ ok: true, value: undefined }), setLanguage: async () => undefined, setDisplay: async () => undefined },
      },
    });
    await speech.handlers.speak(say('Home'));
    await settle();
    expect(children).toHaveLength(0);
    expect(speech.view()).toEqual({ enabled: false, shellEngine: 'espeak-ng', shellLanguages: [], shellVoices: [] });
    await speech.handlers.setVoiceGuidance(true);
    expect(speech.view().shellVoices).toEqual([]);
    await settle();
    expect(speech.view().shellLanguages).toEqual(['en', 'zh-Hant', 'ja']);
    expect(speech.view().shellVoices.map((voice) => `${voice.lang} ${voice.voice}`)).toContain('ja-JP ja');
    await speech.handlers.speak(say([{ text: '夜', lang: 'ja-JP' }]));
    await speech.handlers.speak({ runs: [], rate: 'normal', mode: 'interrupt' });
    await until(() => children.length > 0);
    await settle();
    expect(children).toHaveLength(1);
    expect(readings.kuromoji()).toBe('ready');
    await speech.handlers.setVoiceGuidance(false);
    expect(children[0]?.killed).toBe('SIGTERM');
    expect(readings.kuromoji()).toBe('unloaded');
  });
});

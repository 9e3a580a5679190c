import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createShellSpeaker, espeakLanguages, type RunLike } from '../../../../../main/core/features/speech/shellSpeaker';
import { createSpeech } from '../../../../../main/core/features/speech/speech';
import type { SpeechRequest } from '../../../../../shared/bridge';
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
 2  en-us           --/M      English_(America)  gmw/en-US            (en 3)
 5  ja              --/M      Japanese           jpx/ja               
`;

function setup(programs: string[] = ['/usr/bin/espeak-ng', '/usr/bin/spd-say'], listing: RunLike = async () => LISTING) {
  const children: FakeChild[] = [];
  const logger = memoryLogger();
  let changed = 0;
  const speaker = createShellSpeaker({
    logger,
    path: '/opt/none:/usr/bin',
    changed: () => (changed += 1),
    isExecutable: (file) => programs.includes(file),
    run: listing,
    spawn: (command, args) => {
      const child = new FakeChild(command, args);
      children.push(child);
      return child as unknown as ChildProcess;
    },
  });
  return { speaker, children, logger, changed: () => changed };
}

const say = (text: string, over: Partial<SpeechRequest> = {}): SpeechRequest => ({ text, language: 'en', rate: 'normal', mode: 'interrupt', ...over });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the shell speaker', () => {
  it('runs espeak-ng without a shell, with the voice of the UI language, the text on stdin', async () => {
    const { speaker, children } = setup();
    expect(speaker.engine).toBe('espeak-ng');
    speaker.speak(say('Sign in; rm -rf / --help', { language: 'ja', rate: 'slow' }));
    await settle();
    expect(children[0]?.command).toBe('/usr/bin/espeak-ng');
    expect(children[0]?.args).toEqual(['-v', 'ja', '-s', '100', '-b', '1', '--stdin']);
    expect(children[0]?.written).toBe('Sign in; rm -rf / --help\n');
    speaker.speak(say('首頁', { language: 'zh-Hant' }));
    expect(children[1]?.args.slice(0, 2)).toEqual(['-v', 'cmn']);
  });

  it('reads the languages it has voices for from espeak-ng, and tells the screen', async () => {
    const { speaker, changed } = setup();
    expect(speaker.languages()).toEqual([]);
    await settle();
    expect(speaker.languages()).toEqual(['en', 'zh-Hant', 'ja']);
    expect(changed()).toBe(1);
    expect(espeakLanguages(LISTING.replace(/\n 5 {2}ja.*\n/, '\n'))).toEqual(['en', 'zh-Hant']);
  });

  it('a language espeak-ng has no voice for is said with its default voice', async () => {
    const { speaker, children } = setup(undefined, async () => LISTING.replace(/\n 5 {2}ja.*\n/, '\n'));
    speaker.languages();
    await settle();
    speaker.speak(say('ホーム', { language: 'ja' }));
    expect(children[0]?.args).toEqual(['-s', '175', '-b', '1', '--stdin']);
  });

  it('a new utterance cuts off the one being said; a status waits its turn, and a few at most', async () => {
    const { speaker, children } = setup();
    speaker.speak(say('Home'));
    speaker.speak(say('Charts, 3 of 24'));
    expect(children[0]?.killed).toBe('SIGTERM');
    for (const text of ['one', 'two', 'three', 'four', 'five']) speaker.speak(say(text, { mode: 'queue' }));
    expect(children).toHaveLength(2);
    for (let i = 1; i < 10; i++) {
      children[i]?.finish();
      await settle();
    }
    expect(children.slice(2).map((child) => child.written.trim())).toEqual(['one', 'two', 'three']);
  });

  it('stop kills what is being said and forgets the queue', async () => {
    const { speaker, children } = setup();
    speaker.speak(say('a'));
    speaker.speak(say('b', { mode: 'queue' }));
    speaker.stop();
    expect(children[0]?.killed).toBe('SIGTERM');
    await settle();
    expect(children).toHaveLength(1);
  });

  it('with spd-say only: the language by code, the text after --, and the daemon told to cancel', async () => {
    const { speaker, children } = setup(['/usr/bin/spd-say']);
    expect(speaker.engine).toBe('spd-say');
    expect(speaker.languages()).toEqual(['en', 'zh-Hant', 'ja']);
    speaker.speak(say('-x 你好', { language: 'zh-Hant' }));
    expect(children[0]?.args).toEqual(['-l', 'zh', '-r', '0', '-w', '--', '-x 你好']);
    speaker.stop();
    expect(children[1]?.args).toEqual(['-C']);
  });

  it('a machine without a speech engine says nothing and goes on; an engine that fails is logged, never thrown', async () => {
    const none = setup([]);
    expect(none.speaker.engine).toBeUndefined();
    expect(() => none.speaker.speak(say('Home'))).not.toThrow();
    expect(none.children).toHaveLength(0);

    const broken = setup();
    broken.speaker.speak(say('Home'));
    broken.children[0]?.emit('error', new Error('spawn EACCES'));
    broken.speaker.speak(say('Settings', { mode: 'queue' }));
    expect(broken.children).toHaveLength(2);
    expect(broken.logger.lines.some((line) => line.message === 'speech: the speech engine failed')).toBe(true);
  });

  it('the bridge says nothing while voice guidance is off, and turning it off cuts speech off', async () => {
    const { speaker, children } = setup();
    let on = false;
    const speech = createSpeech({
      speaker,
      settings: {
        voiceGuidance: () => on,
        handlers: { setVoiceGuidance: async (value) => void (on = value), setTerritory: async () => ({ ok: true, value: undefined }), setLanguage: async () => undefined, setDisplay: async () => undefined },
      },
    });
    await speech.handlers.speak(say('Home'));
    expect(children).toHaveLength(0);
    expect(speech.view()).toEqual({ enabled: false, shellEngine: 'espeak-ng', shellLanguages: [] });
    await speech.handlers.setVoiceGuidance(true);
    await speech.handlers.speak(say('Home'));
    await speech.handlers.speak({ text: '', language: 'en', rate: 'normal', mode: 'interrupt' });
    expect(children).toHaveLength(1);
    await speech.handlers.setVoiceGuidance(false);
    expect(children[0]?.killed).toBe('SIGTERM');
  });
});

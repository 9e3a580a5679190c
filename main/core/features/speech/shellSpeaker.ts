/**
 * The shell's own voice, for a page whose browser has none (headless Chromium, Chromium without
 * --enable-speech-dispatcher, an Electron that lists no voices): espeak-ng, else speech-dispatcher's spd-say, each run
 * as its own process without a shell, the text on stdin or as one argument after `--`, never parsed by a shell.
 * Nothing waits on speech: a machine without either program says nothing and works as before.
 */
import { execFile, spawn as nodeSpawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Language, SpeechRequest } from '../../../../shared/bridge';
import type { Logger } from '../../ports';

export type SpeechEngine = 'espeak-ng' | 'spd-say';

export type SpawnLike = (command: string, args: readonly string[]) => ChildProcess;
/** Runs a program to its end and hands back what it printed (the voice list). */
export type RunLike = (command: string, args: readonly string[]) => Promise<string>;

export interface ShellSpeaker {
  readonly engine: SpeechEngine | undefined;
  /** The UI languages the engine has a voice for; empty until the engine's voice list has been read. */
  languages(): Language[];
  speak(request: SpeechRequest): void;
  stop(): void;
  dispose(): void;
}

export interface ShellSpeakerDeps {
  logger: Logger;
  /** The PATH to look for the programs on. */
  path: string | undefined;
  /** The voice list was read: the languages changed. */
  changed?: () => void;
  spawn?: SpawnLike;
  run?: RunLike;
  isExecutable?: (file: string) => boolean;
}

/** espeak-ng's voice for each UI language: Mandarin for Traditional Chinese (Taiwan's spoken language). */
export const ESPEAK_VOICES: Record<Language, string> = { en: 'en-us', 'zh-Hant': 'cmn', ja: 'ja' };
/** The language speech-dispatcher is asked for (its -l takes an ISO code; it picks the module's voice for it). */
export const SPD_LANGUAGES: Record<Language, string> = { en: 'en', 'zh-Hant': 'zh', ja: 'ja' };
/** Words per minute (espeak-ng's -s, its default 175) and speech-dispatcher's rate (-100…100). */
const ESPEAK_RATE = { normal: 175, slow: 100 } as const;
const SPD_RATE = { normal: 0, slow: -50 } as const;
/** Statuses waiting their turn; more are dropped, since what they said is old by then. */
const MAX_QUEUED = 3;

function defaultIsExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch (error) {
    void error;
    return false;
  }
}

function findProgram(name: string, path: string | undefined, isExecutable: (file: string) => boolean): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (dir === '') continue;
    const file = join(dir, name);
    if (isExecutable(file)) return file;
  }
  return undefined;
}

const defaultSpawn: SpawnLike = (command, args) => nodeSpawn(command, args, { stdio: ['pipe', 'ignore', 'ignore'], shell: false });
const defaultRun: RunLike = (command, args) =>
  new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 10_000, maxBuffer: 1 << 20 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });

/** The UI languages an `espeak-ng --voices` listing has a voice for (its second column is the voice's name). */
export function espeakLanguages(listing: string): Language[] {
  const names = new Set(listing.split('\n').map((line) => line.trim().split(/\s+/)[1]?.toLowerCase()));
  return (Object.keys(ESPEAK_VOICES) as Language[]).filter((language) => names.has(ESPEAK_VOICES[language]));
}

/**
 * The program's arguments that say `request`, and what goes on its stdin. `voiced`: the engine has a voice of the
 * language; without one its default voice says it rather than nothing.
 */
export function speechCommand(engine: SpeechEngine, request: SpeechRequest, voiced = true): { args: string[]; stdin: string | undefined } {
  if (engine === 'espeak-ng') {
    const voice = voiced ? ['-v', ESPEAK_VOICES[request.language]] : [];
    // -b 1: the text is UTF-8; --stdin: it comes on standard input, so no part of it is ever read as an option.
    return { args: [...voice, '-s', String(ESPEAK_RATE[request.rate]), '-b', '1', '--stdin'], stdin: `${request.text}\n` };
  }
  // -w: the process lives while the message is spoken, so the next one in the queue waits its turn.
  return { args: ['-l', SPD_LANGUAGES[request.language], '-r', String(SPD_RATE[request.rate]), '-w', '--', request.text], stdin: undefined };
}

export function createShellSpeaker(deps: ShellSpeakerDeps): ShellSpeaker {
  const { logger } = deps;
  const spawn = deps.spawn ?? defaultSpawn;
  const run = deps.run ?? defaultRun;
  const isExecutable = deps.isExecutable ?? defaultIsExecutable;
  const espeak = findProgram('espeak-ng', deps.path, isExecutable);
  const spd = findProgram('spd-say', deps.path, isExecutable);
  const engine: SpeechEngine | undefined = espeak !== undefined ? 'espeak-ng' : spd !== undefined ? 'spd-say' : undefined;
  const program = espeak ?? spd;
  let languages: Language[] = engine === 'spd-say' ? ['en', 'zh-Hant', 'ja'] : [];
  let listed = engine !== 'espeak-ng';
  // Until espeak-ng has listed its voices, each language is taken to have one.
  let voicesKnown = false;
  let current: ChildProcess | undefined;
  let queue: SpeechRequest[] = [];
  let failures = 0;

  const listVoices = (): void => {
    if (listed || espeak === undefined) return;
    listed = true;
    run(espeak, ['--voices']).then(
      (listing) => {
        languages = espeakLanguages(listing);
        voicesKnown = true;
        logger.info('speech: espeak-ng voices', { languages });
        deps.changed?.();
      },
      (error: unknown) => logger.warn('speech: espeak-ng did not list its voices', { error: String(error) }),
    );
  };

  const start = (request: SpeechRequest): void => {
    if (program === undefined || engine === undefined) return;
    const { args, stdin } = speechCommand(engine, request, !voicesKnown || languages.includes(request.language));
    let child: ChildProcess;
    try {
      child = spawn(program, args);
    } catch (error) {
      logger.warn('speech: could not start the speech engine', { engine, error: String(error) });
      return;
    }
    current = child;
    const done = (): void => {
      if (current !== child) return;
      current = undefined;
      const next = queue.shift();
      if (next !== undefined) start(next);
    };
    child.on('error', (error) => {
      // Said once or twice, not on every focus move of a machine whose engine cannot run.
      if (failures++ < 2) logger.warn('speech: the speech engine failed', { engine, error: String(error) });
      done();
    });
    child.on('exit', done);
    if (stdin !== undefined && child.stdin !== null) {
      child.stdin.on('error', (error) => void error);
      child.stdin.end(stdin);
    }
  };

  const cancelDaemon = (file: string): void => {
    try {
      spawn(file, ['-C']).on('error', (error) => logger.warn('speech: spd-say -C failed', { error: String(error) }));
    } catch (error) {
      logger.warn('speech: spd-say -C failed', { error: String(error) });
    }
  };

  const stop = (): void => {
    queue = [];
    const child = current;
    current = undefined;
    child?.kill('SIGTERM');
    // spd-say hands the text to the speech-dispatcher daemon: ending the client does not end the speech.
    if (engine === 'spd-say' && spd !== undefined && child !== undefined) cancelDaemon(spd);
  };

  return {
    engine,
    languages: () => {
      listVoices();
      return languages;
    },
    speak(request) {
      listVoices();
      if (request.mode === 'interrupt') stop();
      if (current === undefined) start(request);
      else if (queue.length < MAX_QUEUED) queue.push(request);
    },
    stop,
    dispose: stop,
  };
}

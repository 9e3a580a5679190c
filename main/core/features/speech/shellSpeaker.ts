/**
 * The shell's own voice, for a page whose browser has none (headless Chromium, Chromium without
 * --enable-speech-dispatcher, an Electron that lists no voices): espeak-ng, else speech-dispatcher's spd-say, run
 * without a shell, the text on stdin or as one argument after `--`, never parsed by a shell. Each run of a request is
 * said in a voice of its language (espeakRuns.ts, speechCommand.ts). Nothing waits on speech: a machine without
 * either program says nothing and works as before.
 */
import { execFile, spawn as nodeSpawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Language, ShellVoiceView, SpeechRequest } from '../../../../shared/bridge';
import type { Logger } from '../../ports';
import { espeakRuns } from './espeakRuns';
import { espeakShellVoices, espeakVoiceNames, spdShellVoices, voicedLanguages } from './espeakVoices';
import { createReadings, type Readings } from './readings';
import { espeakCommand, spdCommands, type Command } from './speechCommand';

export type SpeechEngine = 'espeak-ng' | 'spd-say';

export type SpawnLike = (command: string, args: readonly string[]) => ChildProcess;
/** Runs a program to its end and hands back what it printed (the voice list). */
export type RunLike = (command: string, args: readonly string[]) => Promise<string>;

export interface ShellSpeaker {
  readonly engine: SpeechEngine | undefined;
  /** The UI languages the engine has a voice for; empty until the engine's voice list has been read. */
  languages(): Language[];
  /** Which voice says each language of speech; empty until the engine's voice list has been read. */
  voices(): ShellVoiceView[];
  speak(request: SpeechRequest): void;
  stop(): void;
  /** Voice guidance was turned off: stops, and lets go of the readings' dictionary. */
  release(): void;
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
  readings?: Readings;
}

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

/**
 * The calls that say `request`: for espeak-ng one, its runs in their voices with their readings; for spd-say one per
 * run. `voiceNames`: espeak-ng's voices (undefined: not listed yet, each taken to be there).
 */
export async function requestCommands(
  engine: SpeechEngine,
  request: SpeechRequest,
  readings: Readings,
  voiceNames?: ReadonlySet<string>,
): Promise<Command[]> {
  if (engine === 'spd-say') return spdCommands(request);
  const runs = await espeakRuns(request.runs, readings, voiceNames);
  return runs.length === 0 ? [] : [espeakCommand(runs, request.rate)];
}

interface Pending {
  commands: Promise<Command[]>;
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
  const readings =
    deps.readings ??
    createReadings({ failed: (library, error) => logger.warn('speech: a readings library did not load', { library, error: String(error) }) });
  let voices: ShellVoiceView[] = engine === 'spd-say' ? spdShellVoices() : [];
  let listed = engine !== 'espeak-ng';
  // Until espeak-ng has listed its voices, each language is taken to have one.
  let voiceNames: Set<string> | undefined;
  let current: ChildProcess | undefined;
  let queue: Pending[] = [];
  /** An utterance is being made ready or said. */
  let busy = false;
  /** Moves on at every stop: what was started before it is not said, nor what it was to say next. */
  let generation = 0;
  let failures = 0;

  const listVoices = (): void => {
    if (listed || espeak === undefined) return;
    listed = true;
    run(espeak, ['--voices']).then(
      (listing) => {
        voiceNames = espeakVoiceNames(listing);
        voices = espeakShellVoices(voiceNames);
        logger.info('speech: espeak-ng voices', { voices: voices.filter((voice) => voice.available).map((voice) => `${voice.lang} ${voice.voice}`) });
        deps.changed?.();
      },
      (error: unknown) => logger.warn('speech: espeak-ng did not list its voices', { error: String(error) }),
    );
  };

  const prepare = (request: SpeechRequest): Promise<Command[]> => {
    if (engine === undefined) return Promise.resolve([]);
    return requestCommands(engine, request, readings, voiceNames).catch((error: unknown) => {
      logger.warn('speech: could not make an utterance ready', { error: String(error) });
      return [];
    });
  };

  const next = (): void => {
    if (busy) return;
    const pending = queue.shift();
    if (pending === undefined) return;
    busy = true;
    const at = generation;
    void pending.commands.then((commands) => {
      if (at === generation) say(commands, at);
    });
  };

  const finished = (): void => {
    busy = false;
    next();
  };

  const say = (commands: readonly Command[], at: number): void => {
    const [command, ...rest] = commands;
    if (command === undefined || program === undefined) return finished();
    let child: ChildProcess;
    try {
      child = spawn(program, command.args);
    } catch (error) {
      logger.warn('speech: could not start the speech engine', { engine, error: String(error) });
      return finished();
    }
    current = child;
    let done = false;
    const end = (): void => {
      if (done) return;
      done = true;
      if (current === child) current = undefined;
      if (at === generation) say(rest, at);
    };
    child.on('error', (error) => {
      // Said once or twice, not on every focus move of a machine whose engine cannot run.
      if (failures++ < 2) logger.warn('speech: the speech engine failed', { engine, error: String(error) });
      end();
    });
    child.on('exit', end);
    if (command.stdin !== undefined && child.stdin !== null) {
      child.stdin.on('error', (error) => void error);
      child.stdin.end(command.stdin);
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
    generation += 1;
    queue = [];
    busy = false;
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
      return voicedLanguages(voices);
    },
    voices: () => {
      listVoices();
      return voices;
    },
    speak(request) {
      listVoices();
      if (request.mode === 'interrupt') stop();
      if (busy && queue.length >= MAX_QUEUED) return;
      queue.push({ commands: prepare(request) });
      next();
    },
    stop,
    release: () => {
      stop();
      readings.release();
    },
    dispose: stop,
  };
}

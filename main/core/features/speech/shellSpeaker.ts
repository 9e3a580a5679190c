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
import { voicedLanguages } from './espeakVoices';
import { createReadings, type Readings } from './readings';
import { createShellVoiceList } from './shellVoiceList';
import { espeakCommand, spdCommands, type Command } from './speechCommand';
import { createUtteranceQueue } from './utteranceQueue';

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
    createReadings({
      failed: (library, error) => logger.warn('speech: a readings library did not load', { library, error: String(error) }),
      loaded: (library, ms) => logger.info('speech: a readings dictionary loaded', { library, ms: Math.round(ms) }),
    });
  const voiceList = createShellVoiceList({ logger, engine, espeak, run, changed: deps.changed });

  const prepare = (request: SpeechRequest): Promise<Command[]> => {
    if (engine === undefined) return Promise.resolve([]);
    return requestCommands(engine, request, readings, voiceList.names()).catch((error: unknown) => {
      logger.warn('speech: could not make an utterance ready', { error: String(error) });
      return [];
    });
  };
  const utterances = createUtteranceQueue({ logger, engine, program, spd, spawn, prepare });
  const stop = utterances.stop;

  return {
    engine,
    languages: () => {
      voiceList.list();
      return voicedLanguages(voiceList.voices());
    },
    voices: () => {
      voiceList.list();
      return voiceList.voices();
    },
    speak(request) {
      voiceList.list();
      if (request.mode === 'interrupt') stop();
      utterances.add(request);
    },
    stop,
    release: () => {
      stop();
      readings.release();
    },
    dispose: stop,
  };
}

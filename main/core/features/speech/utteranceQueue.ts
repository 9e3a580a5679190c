/** Utterances said one after another by the engine's program, one process at a time; a stop ends them all. */
import type { ChildProcess } from 'node:child_process';
import type { SpeechRequest } from '../../../../shared/bridge';
import type { Logger } from '../../ports';
import type { SpawnLike, SpeechEngine } from './shellSpeaker';
import type { Command } from './speechCommand';

/** Statuses waiting their turn; more are dropped, since what they said is old by then. */
const MAX_QUEUED = 3;

export interface UtteranceQueueDeps {
  logger: Logger;
  engine: SpeechEngine | undefined;
  /** The engine's program; undefined when there is none (nothing is said). */
  program: string | undefined;
  /** spd-say's program, when found: a stop also cancels what it handed to the daemon. */
  spd: string | undefined;
  spawn: SpawnLike;
  /** The calls that say a request; never rejects. */
  prepare: (request: SpeechRequest) => Promise<Command[]>;
}

export interface UtteranceQueue {
  /** Said after those waiting, unless too many wait (then dropped, not made ready). */
  add(request: SpeechRequest): void;
  /** What was started is not said, nor what was to be said next. */
  stop(): void;
}

interface Pending {
  commands: Promise<Command[]>;
}

/** The utterances waiting and the one being said, each command of one a process run to its end. */
export function createUtteranceQueue(deps: UtteranceQueueDeps): UtteranceQueue {
  const { logger, engine, program, spd, spawn, prepare } = deps;
  let current: ChildProcess | undefined;
  let queue: Pending[] = [];
  /** An utterance is being made ready or said. */
  let busy = false;
  /** Moves on at every stop: what was started before it is not said, nor what it was to say next. */
  let generation = 0;
  let failures = 0;

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

  return {
    add(request) {
      if (busy && queue.length >= MAX_QUEUED) return;
      queue.push({ commands: prepare(request) });
      next();
    },
    stop() {
      generation += 1;
      queue = [];
      busy = false;
      const child = current;
      current = undefined;
      child?.kill('SIGTERM');
      // spd-say hands the text to the speech-dispatcher daemon: ending the client does not end the speech.
      if (engine === 'spd-say' && spd !== undefined && child !== undefined) cancelDaemon(spd);
    },
  };
}

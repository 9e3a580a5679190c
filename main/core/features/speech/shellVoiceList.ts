/** espeak-ng's voices, listed once and on first use; spd-say's are known without asking. */
import type { ShellVoiceView } from '../../../../shared/bridge';
import type { Logger } from '../../ports';
import { espeakShellVoices, espeakVoiceNames, spdShellVoices } from './espeakVoices';
import type { RunLike, SpeechEngine } from './shellSpeaker';

export interface ShellVoiceListDeps {
  logger: Logger;
  engine: SpeechEngine | undefined;
  /** espeak-ng's program, when it is the engine's. */
  espeak: string | undefined;
  run: RunLike;
  /** The voice list was read: the languages changed. */
  changed?: () => void;
}

export interface ShellVoiceList {
  /** Asks espeak-ng for its voices, the first time only; nothing waits for the answer. */
  list(): void;
  /** Which voice says each language of speech; empty until the engine's voice list has been read. */
  voices(): ShellVoiceView[];
  /** espeak-ng's voices; undefined until listed, each language then taken to have one. */
  names(): ReadonlySet<string> | undefined;
}

/** The voices the engine has, read from espeak-ng's `--voices` the first time they are asked about. */
export function createShellVoiceList(deps: ShellVoiceListDeps): ShellVoiceList {
  const { logger, engine, espeak } = deps;
  let voices: ShellVoiceView[] = engine === 'spd-say' ? spdShellVoices() : [];
  let listed = engine !== 'espeak-ng';
  let voiceNames: Set<string> | undefined;

  const list = (): void => {
    if (listed || espeak === undefined) return;
    listed = true;
    deps.run(espeak, ['--voices']).then(
      (listing) => {
        voiceNames = espeakVoiceNames(listing);
        voices = espeakShellVoices(voiceNames);
        logger.info('speech: espeak-ng voices', { voices: voices.filter((voice) => voice.available).map((voice) => `${voice.lang} ${voice.voice}`) });
        deps.changed?.();
      },
      (error: unknown) => logger.warn('speech: espeak-ng did not list its voices', { error: String(error) }),
    );
  };

  return {
    list,
    voices: () => voices,
    names: () => voiceNames,
  };
}

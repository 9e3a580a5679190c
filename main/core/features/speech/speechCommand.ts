/**
 * The programs a request becomes. espeak-ng: one process reading one SSML document on stdin, every run in its own
 * `<voice>` element (text after a closing `</voice>` is not reliably switched back to the voice before it), so the
 * voices follow one another without the pause of a new process. spd-say: one process per run, each with the run's
 * language, the text after `--`; speech-dispatcher has no way to switch language inside a message.
 */
import type { SpeechRequest } from '../../../../shared/bridge';
import type { VoicedRun } from './espeakRuns';
import { SPD_LANGUAGES } from './espeakVoices';

export interface Command {
  args: string[];
  /** What goes on the program's stdin; undefined: nothing (the text is an argument after `--`). */
  stdin: string | undefined;
}

/** Words per minute (espeak-ng's -s, its default 175) and speech-dispatcher's rate (-100…100). */
const ESPEAK_RATE = { normal: 175, slow: 100 } as const;
const SPD_RATE = { normal: 0, slow: -50 } as const;

// Characters XML 1.0 does not allow: a document holding one is not read at all.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The SSML document of `runs`: each in its voice (a run without one in the default voice). */
export function espeakSsml(runs: readonly VoicedRun[]): string {
  const voices = runs.map((run) => `<voice${run.voice === undefined ? '' : ` name="${escapeXml(run.voice)}"`}>${escapeXml(run.text)}</voice>`);
  return `<speak>${voices.join(' ')}</speak>\n`;
}

/**
 * espeak-ng's arguments and stdin for runs: -m the text is SSML, -b 1 it is UTF-8, --stdin it comes on standard
 * input, so no part of it is ever read as an option.
 */
export function espeakCommand(runs: readonly VoicedRun[], rate: SpeechRequest['rate']): Command {
  return { args: ['-m', '-s', String(ESPEAK_RATE[rate]), '-b', '1', '--stdin'], stdin: espeakSsml(runs) };
}

/** spd-say's calls for a request, one per run; -w: each lives while its run is said, so the next waits its turn. */
export function spdCommands(request: SpeechRequest): Command[] {
  return request.runs.map((run) => ({
    args: ['-l', SPD_LANGUAGES[run.lang], '-r', String(SPD_RATE[request.rate]), '-w', '--', run.text],
    stdin: undefined,
  }));
}

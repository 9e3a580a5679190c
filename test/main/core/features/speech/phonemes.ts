/**
 * What espeak-ng makes of a text, as phonemes (`-x`), and whether a listener could understand it: espeak-ng names the
 * script of a character it cannot read ("Chinese letter", "Japanese letter", "letter ff76"), and a voice that meets
 * a word it has no rules for hands it to English, which `-x` shows as `(en)`.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export function findEspeak(): string | undefined {
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    const file = join(dir, 'espeak-ng');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch (error) {
      void error;
    }
  }
  return undefined;
}

/** A script's name (Chinese, Japanese, Korean, in any voice's phonemes) before "letter" in any voice's phonemes. */
const SCRIPT_LETTER = /(tS'?a\d*I\d*n[i:\d]*z|dZ'?a\d*p@\d*n[i:\d]*z|k@\d*r'?i:\d*@\d*n)(\([a-z-]+\))?\s*l[',]?[eE]\d*t/;
/**
 * "letter" read alone: espeak-ng spelling a character's code ("letter ff76"); in English only before the code's
 * characters, as a title's "Letters" is a word.
 */
const LETTER = /l[',]?e\d*t@/;
const ENGLISH_LETTER = /l,Et#3_\|/;
/** A word handed to English inside a voice of another language. */
const TO_ENGLISH = /\(en\)/;

/** Why these phonemes are not words a listener understands; undefined when they are. `english`: an English run's. */
export function unreadable(phonemes: string, english = false): string | undefined {
  if (SCRIPT_LETTER.test(phonemes)) return 'script name';
  if ((english ? ENGLISH_LETTER : LETTER).test(phonemes)) return 'letter';
  if (!english && TO_ENGLISH.test(phonemes)) return 'English rules';
  return undefined;
}

const SENTINEL_SSML = '<voice name="en-us">. Zebrafish. </voice>';
const SENTINEL = /z'EbrafIS/;

function run(espeak: string, args: string[], stdin: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(espeak, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`espeak-ng exited ${String(code)}: ${err}`))));
    child.stdin.end(stdin);
  });
}

/**
 * The phonemes of many SSML documents (each `<speak>…</speak>`) in one espeak-ng call: their contents one after
 * another, an English word between each two that marks where one ends in the output.
 */
export async function ssmlPhonemes(espeak: string, documents: readonly string[]): Promise<string[]> {
  // Two espeak-ng processes at most, each with half: the machine has two cores.
  const half = Math.ceil(documents.length / 2);
  if (documents.length > 200) {
    const [a, b] = await Promise.all([onePass(espeak, documents.slice(0, half)), onePass(espeak, documents.slice(half))]);
    return [...a, ...b];
  }
  return onePass(espeak, documents);
}

/**
 * espeak-ng 1.51 with `-x`, when several run at once, now and then exits 0 having written nothing (about 1 run in
 * 1,000 with five at once here): a pass whose output lacks a document's end marker is asked again, up to three times.
 */
const PASS_TRIES = 3;

async function onePass(espeak: string, documents: readonly string[]): Promise<string[]> {
  const inner = documents.map((doc) => doc.trim().replace(/^<speak>/, '').replace(/<\/speak>$/, ''));
  const input = `<speak>${inner.join(SENTINEL_SSML)}${SENTINEL_SSML}</speak>\n`;
  let said = 0;
  for (let attempt = 0; attempt < PASS_TRIES; attempt++) {
    const out = await run(espeak, ['-m', '-q', '-x', '-b', '1', '--stdin'], input);
    const parts = out.replace(/\s+/g, ' ').split(SENTINEL);
    if (parts.length === documents.length + 1) return parts.slice(0, documents.length).map((part) => part.trim());
    said = parts.length - 1;
  }
  throw new Error(`espeak-ng said ${said} of ${documents.length} documents, ${PASS_TRIES} times`);
}

/** The phonemes of plain texts through one voice (what Tunewall asked before runs: the UI language's voice for all). */
export function voicePhonemes(espeak: string, voice: string, texts: readonly string[]): Promise<string[]> {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return ssmlPhonemes(espeak, texts.map((text) => `<speak><voice name="${voice}">${escape(text)}</voice></speak>`));
}

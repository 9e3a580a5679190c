/**
 * `npx tsx scripts/speech-walk.ts <utterances.json> <out-dir>`: says a walk's utterances through the kiosk shell's
 * own espeak-ng path (the speaker's requestCommands: runs in their voices, pinyin and kana readings, one SSML document
 * per utterance) into WAV files instead of the speakers, and writes beside them what each one says and how it sounds
 * (length, peak, the longest pause inside it). The JSON is an array of SpeechRequest, or an object of such arrays by
 * walk name ({ "en": [...], "ja": [...] }), each walk in a folder of its own.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { createReadings } from '../main/core/features/speech/readings';
import { requestCommands } from '../main/core/features/speech/shellSpeaker';
import type { SpeechRequest } from '../shared/bridge';
import { SpeechRequestSchema } from '../shared/bridgeArgs';
import { wavFacts } from './speechWav';

const WalkSchema = z.union([z.array(SpeechRequestSchema), z.record(z.string().regex(/^[\w-]+$/), z.array(SpeechRequestSchema))]);

/** The voices and texts of the SSML document espeak-ng reads. */
function voiced(ssml: string): string {
  return [...ssml.matchAll(/<voice(?: name="([^"]*)")?>([^<]*)<\/voice>/g)].map(([, voice, text]) => `${voice ?? 'default'}: ${text}`).join(' | ');
}

/** sox's own measure of the file's length (it writes its statistics to stderr); undefined without sox. */
function soxSeconds(file: string): string | undefined {
  const sox = spawnSync('sox', [file, '-n', 'stat'], { encoding: 'utf8' });
  return /Length \(seconds\):\s*([\d.]+)/.exec(sox.stderr ?? '')?.[1];
}

async function sayWalk(name: string, requests: readonly SpeechRequest[], outDir: string): Promise<void> {
  const dir = join(outDir, name);
  mkdirSync(dir, { recursive: true });
  const readings = createReadings();
  const lines: string[] = [`# ${name}: ${requests.length} utterances through espeak-ng`, ''];
  for (const [i, request] of requests.entries()) {
    const file = `${String(i + 1).padStart(2, '0')}.wav`;
    const [command] = await requestCommands('espeak-ng', request, readings);
    if (command === undefined || command.stdin === undefined) continue;
    execFileSync('espeak-ng', [...command.args, '-w', join(dir, file)], { input: command.stdin });
    const facts = wavFacts(readFileSync(join(dir, file)));
    const sox = soxSeconds(join(dir, file));
    lines.push(
      `${file}  ${facts.seconds.toFixed(2)} s${sox === undefined ? '' : ` (sox ${sox} s)`}, peak ${facts.peak.toFixed(2)}, longest pause ${facts.longestPauseMs.toFixed(0)} ms, ${request.rate}, ${request.mode}`,
      `  shown: ${request.runs.map((run) => `[${run.lang}] ${run.text}`).join(' ')}`,
      `  said:  ${voiced(command.stdin)}`,
    );
  }
  writeFileSync(join(dir, 'utterances.txt'), `${lines.join('\n')}\n`);
  process.stdout.write(`${name}: ${requests.length} utterances → ${dir}\n`);
}

async function main(): Promise<void> {
  const [input, outDir] = process.argv.slice(2);
  if (input === undefined || outDir === undefined) throw new Error('usage: npx tsx scripts/speech-walk.ts <utterances.json> <out-dir>');
  const walk = WalkSchema.parse(JSON.parse(readFileSync(input, 'utf8')));
  const walks = Array.isArray(walk) ? { walk } : walk;
  for (const [name, requests] of Object.entries(walks)) await sayWalk(name, requests, outDir);
}

main().catch((error: unknown) => {
  process.stderr.write(`speech-walk failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

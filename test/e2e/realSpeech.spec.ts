/**
 * The kiosk shell really speaks: headless Chromium lists no voices, so the page hands its speech to the shell, which
 * runs espeak-ng with the voice of the UI language. A stand-in espeak-ng first on the shell's PATH writes down the
 * arguments it was started with and runs the real one with `-w`, so what it says is recorded to a WAV (this machine has
 * no sound card) instead of played; the test reads the samples and finds speech in them, not silence.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, SandboxApi, test } from './kiosk';
import { openTv, pairing } from './tv';

const ESPEAK = '/usr/bin/espeak-ng';

/** The loudest sample of a 16-bit PCM WAV, 0…1, and how many seconds it holds. */
function loudness(wav: Buffer): { peak: number; seconds: number } {
  const dataAt = wav.indexOf('data', 12);
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || dataAt < 0) throw new Error('not a WAV file');
  const rate = wav.readUInt32LE(24);
  const samples = wav.subarray(dataAt + 8);
  let peak = 0;
  for (let i = 0; i + 1 < samples.length; i += 2) peak = Math.max(peak, Math.abs(samples.readInt16LE(i)));
  return { peak: peak / 32768, seconds: samples.length / 2 / rate };
}

function standInEspeak(dir: string): { bin: string; calls: () => string[][]; wavs: () => string[] } {
  const bin = join(dir, 'bin');
  const out = join(dir, 'speech');
  mkdirSync(bin, { recursive: true });
  mkdirSync(out, { recursive: true });
  const log = join(out, 'calls.txt');
  // Each call as its arguments one per line, then an empty line.
  writeFileSync(
    join(bin, 'espeak-ng'),
    `#!/bin/sh
for arg in "$@"; do printf '%s\\n' "$arg" >> '${log}'; done
printf '\\n' >> '${log}'
case " $* " in
  *" --stdin "*) exec ${ESPEAK} "$@" -w "${out}/$(date +%s%N).wav" ;;
  *) exec ${ESPEAK} "$@" ;;
esac
`,
  );
  chmodSync(join(bin, 'espeak-ng'), 0o755);
  return {
    bin,
    calls: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n\n')
            .map((call) => call.split('\n').filter((arg) => arg !== ''))
            .filter((call) => call.length > 0)
        : [],
    wavs: () => readdirSync(out).filter((name) => name.endsWith('.wav')).map((name) => join(out, name)),
  };
}

const CASES = [
  { language: 'en', voice: 'en-us' },
  { language: 'zh-Hant', voice: 'cmn' },
  { language: 'ja', voice: 'ja' },
] as const;

for (const { language, voice } of CASES) {
  test(`with voice guidance on and no voice in the browser, the kiosk shell speaks Pairing through espeak-ng in ${language}`, async ({
    page,
    launchShell,
    workDir,
  }) => {
    // scripts/setup.sh installs espeak-ng: a machine without it fails here rather than passing with nothing tested.
    expect(existsSync(ESPEAK), `${ESPEAK} is missing: run scripts/setup.sh`).toBe(true);
    const espeak = standInEspeak(workDir);
    const shell = await launchShell({
      env: { TUNEWALL_LANGUAGE: language, TUNEWALL_VOICE_GUIDANCE: 'on', PATH: `${espeak.bin}:${process.env['PATH'] ?? ''}` },
    });
    await openTv(page, shell);
    // The browser has no voice of its own here: that is what hands the speech to the shell.
    expect(await page.evaluate('speechSynthesis.getVoices().length')).toBe(0);
    const code = (await pairing.code(page).innerText()).trim();
    const spelled = code.split('-').map((half) => [...half].join(' ')).join(', ');

    // espeak-ng was asked for the UI language's voice, the code slowly, its text on stdin (never an argument).
    const speaking = (): string[][] => espeak.calls().filter((args) => args.includes('--stdin'));
    await expect.poll(() => speaking().length).toBeGreaterThanOrEqual(3);
    for (const args of speaking()) {
      expect(args.slice(0, 2)).toEqual(['-v', voice]);
      expect(args.join(' ')).not.toContain(spelled);
    }
    expect(speaking().some((args) => args[3] === '100')).toBe(true);

    // What it said is sound: every recording holds speech, well above silence.
    const utterances = () => espeak.wavs().map((file) => loudness(readFileSync(file))).filter(({ seconds }) => seconds > 0.3);
    await expect.poll(() => utterances().length).toBeGreaterThanOrEqual(3);
    expect(utterances().map(({ peak }) => peak > 0.05)).toEqual(utterances().map(() => true));

    // Signing in is said too, and the shell stays up.
    if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
    const before = speaking().length;
    await new SandboxApi(shell.sandboxOrigin).approve(code);
    await expect(page.locator('.home')).toBeVisible();
    await expect.poll(() => speaking().length).toBeGreaterThan(before);
  });
}

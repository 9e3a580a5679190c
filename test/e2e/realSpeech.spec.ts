/**
 * The kiosk shell really speaks: headless Chromium lists no voices, so the page hands its speech to the shell, which
 * runs espeak-ng with an SSML document on stdin, each run of the utterance in a voice of its language (hanzi as pinyin
 * for cmn-latn-pinyin, kanji as kana for ja). A stand-in espeak-ng first on the shell's PATH writes down the arguments
 * and the document it was given and runs the real one with `-w`, so what it says is recorded to a WAV (this machine
 * has no sound card) instead of played; the test reads the samples and finds speech in them, not silence, and no
 * pause inside an utterance where one voice hands over to the next.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { wavFacts } from '../../scripts/speechWav';
import { expect, REPO, SandboxApi, test } from './kiosk';
import { downToRow, focused, openTv, pairing } from './tv';

const ESPEAK = '/usr/bin/espeak-ng';

interface Call {
  args: string[];
  /** The SSML document it read on stdin. */
  ssml: string;
  /** Where it recorded what it said. */
  wav: string;
  /** It said all of it: the shell did not cut it short for what came next. */
  done: boolean;
}

function standInEspeak(dir: string): { bin: string; calls: () => Call[] } {
  const bin = join(dir, 'bin');
  const out = join(dir, 'speech');
  mkdirSync(bin, { recursive: true });
  mkdirSync(out, { recursive: true });
  const log = join(out, 'calls.txt');
  // Each speaking call as its arguments one per line, then the name its document and recording have, then an empty line.
  writeFileSync(
    join(bin, 'espeak-ng'),
    `#!/bin/sh
case " $* " in
  *" --stdin "*)
    name="${out}/$(date +%s%N)"
    cat > "$name.ssml"
    for arg in "$@"; do printf '%s\\n' "$arg" >> '${log}'; done
    printf '@%s\\n\\n' "$name" >> '${log}'
    # The shell ends an utterance cut short with SIGTERM: passed on, and only one said to its end is marked done.
    trap 'kill -TERM "$pid" 2>/dev/null; exit 143' TERM
    ${ESPEAK} "$@" -w "$name.wav" < "$name.ssml" &
    pid=$!
    wait "$pid" && : > "$name.done" ;;
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
            .map((call) => {
              const name = call.at(-1)?.slice(1) ?? '';
              return {
                args: call.slice(0, -1),
                ssml: existsSync(`${name}.ssml`) ? readFileSync(`${name}.ssml`, 'utf8') : '',
                wav: `${name}.wav`,
                done: existsSync(`${name}.done`),
              };
            })
        : [],
  };
}

/** The voices and texts of a document, in order; what stands outside every voice element, if anything. */
function voices(ssml: string): { runs: { voice: string; text: string }[]; outside: string } {
  const runs = [...ssml.matchAll(/<voice name="([^"]+)">([^<]*)<\/voice>/g)].map(([, voice = '', text = '']) => ({ voice, text }));
  const outside = ssml.replace(/<voice name="[^"]+">[^<]*<\/voice>/g, '').replace(/<\/?speak>/g, '').trim();
  return { runs, outside };
}

/**
 * With TUNEWALL_E2E_DOCS=1: the walk's recordings, at 16 kHz, and what each said by voice into docs/speech/<language>/
 * (the README's "How to check it really speaks" links them).
 */
function keepWalk(language: string, calls: readonly (Call & { seconds: number; peak: number })[]): void {
  if (process.env['TUNEWALL_E2E_DOCS'] !== '1') return;
  const dir = join(REPO, 'docs', 'speech', language);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const lines = [`# What Tunewall said through espeak-ng (${language})`, '', 'Each file is one utterance; each run is said by the voice named before it.', ''];
  calls.forEach((call, i) => {
    const file = `${String(i + 1).padStart(2, '0')}.wav`;
    execFileSync('sox', [call.wav, '-r', '16000', join(dir, file)]);
    const said = voices(call.ssml).runs.map((run) => `**${run.voice}** ${run.text}`).join(' · ');
    lines.push(`- [${file}](${file}) (${call.seconds.toFixed(1)} s${call.args[2] === '100' ? ', slow' : ''}): ${said}`);
  });
  writeFileSync(join(dir, 'README.md'), `${lines.join('\n')}\n`);
}

/** The voice of the UI language, and what it must never be given: hanzi for pinyin's voice, kanji for Japanese's. */
const CASES = [
  { language: 'en', voice: 'en-us', unreadable: /[\p{Script=Han}]/u },
  { language: 'zh-Hant', voice: 'cmn-latn-pinyin', unreadable: /[\p{Script=Han}]/u },
  { language: 'ja', voice: 'ja', unreadable: /[\p{Script=Han}]/u, territory: 'JP' },
] as const;

for (const { language, voice, unreadable, ...rest } of CASES) {
  const territory = 'territory' in rest ? rest.territory : 'TW';
  test(`with voice guidance on and no voice in the browser, the kiosk shell speaks Pairing, Home and a chart through espeak-ng in ${language}`, async ({
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

    // espeak-ng was given SSML on stdin (never text as an argument), every run in a voice, the UI language's among them,
    // and nothing its voice cannot read; the code slowly.
    await expect.poll(() => espeak.calls().length).toBeGreaterThanOrEqual(3);
    for (const { args, ssml } of espeak.calls()) {
      expect([args.slice(0, 2), args.slice(3)]).toEqual([['-m', '-s'], ['-b', '1', '--stdin']]);
      expect(['175', '100']).toContain(args[2]);
      expect(voices(ssml).outside).toBe('');
      for (const run of voices(ssml).runs.filter((r) => r.voice === 'cmn-latn-pinyin' || r.voice === 'ja')) expect(run.text).not.toMatch(unreadable);
    }
    expect(espeak.calls().some(({ ssml }) => voices(ssml).runs.some((run) => run.voice === voice))).toBe(true);
    if (language === 'ja') {
      // The kanji were read by the dictionary (読み取る, 開きます, 画面, 入力, 承認), not left out after its wait.
      const kana = () => espeak.calls().flatMap(({ ssml }) => voices(ssml).runs.filter((run) => run.voice === 'ja').map((run) => run.text));
      await expect.poll(() => kana().some((text) => /ヨミトル|ヒラキ|ガメン|ニューリョク|ショーニン/.test(text))).toBe(true);
    }
    expect(espeak.calls().some(({ args }) => args[2] === '100')).toBe(true);
    const spelled = code.replace(/[^A-Z0-9]/g, '');
    expect(espeak.calls().some(({ ssml }) => voices(ssml).runs.map((run) => run.text.replace(/[^A-Z0-9]/g, '')).join('').includes(spelled))).toBe(true);

    // What it said is sound: every utterance said to its end holds speech, well above silence (one cut short for the
    // next may hold only the silence espeak-ng starts with).
    const recorded = () => espeak.calls().filter(({ wav }) => existsSync(wav)).map((call) => ({ ...call, ...wavFacts(readFileSync(call.wav)) }));
    const utterances = () => recorded().filter(({ seconds, done }) => done && seconds > 0.3);
    await expect.poll(() => utterances().length).toBeGreaterThanOrEqual(3);
    const quiet = utterances().filter(({ peak }) => peak <= 0.05);
    expect(quiet.map(({ ssml, seconds, peak }) => ({ ssml, seconds, peak }))).toEqual([]);

    // Signing in is said too, and the shell stays up; in the English UI, the Taiwan catalog's hanzi go to pinyin's voice.
    if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
    const before = espeak.calls().length;
    // The Japanese walk signs in a member of the Japan catalog: its names in kanji and kana.
    await new SandboxApi(shell.sandboxOrigin).approve(code, territory === 'JP' ? 'member-hanako' : undefined);
    await expect(page.locator('.home')).toBeVisible();
    await expect.poll(() => espeak.calls().length).toBeGreaterThan(before);
    if (language === 'en') {
      const mixed = () => espeak.calls().some(({ ssml }) => ['en-us', 'cmn-latn-pinyin'].every((v) => voices(ssml).runs.some((run) => run.voice === v)));
      await expect.poll(mixed).toBe(true);
    }
    // Where one voice hands over to the next inside an utterance, no pause longer than a comma's.
    // On to a chart and its first track: the catalog's names through the readings (the Japan catalog's kanji as kana).
    await downToRow(page, 'charts');
    const atChart = espeak.calls().length;
    await page.keyboard.press('Enter');
    await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0');
    await expect.poll(() => espeak.calls().length).toBeGreaterThan(atChart);
    for (const { ssml } of espeak.calls()) {
      for (const run of voices(ssml).runs.filter((r) => r.voice === 'cmn-latn-pinyin' || r.voice === 'ja')) expect(run.text).not.toMatch(unreadable);
    }
    // Every utterance finished (espeak-ng writes the file as it speaks): the last one is whole before it is measured.
    await expect.poll(() => recorded().every(({ seconds }) => seconds > 0)).toBe(true);
    await page.waitForTimeout(3000);
    keepWalk(language, recorded());
    const handovers = utterances().filter(({ ssml, args }) => args[2] === '175' && new Set(voices(ssml).runs.map((run) => run.voice)).size > 1);
    for (const { longestPauseMs, ssml } of handovers) expect(longestPauseMs, ssml).toBeLessThan(400);
  });
}

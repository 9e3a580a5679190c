/**
 * scripts/setup.sh on a fresh machine: it asks apt for every tool the README's checks use, the real-speech check's
 * espeak-ng and sox among them. Run against stand-ins: apt-get records what it is asked for, nothing is installed.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'tunewall-setup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A checkout with node_modules up to date (so npm is not run) and a PATH with none of the tools setup.sh looks for. */
function freshMachine(): { run: () => ReturnType<typeof spawnSync>; asked: () => string } {
  const checkout = join(work, 'checkout');
  mkdirSync(join(checkout, 'scripts'), { recursive: true });
  mkdirSync(join(checkout, 'node_modules'), { recursive: true });
  copyFileSync(join(REPO, 'scripts/setup.sh'), join(checkout, 'scripts/setup.sh'));
  writeFileSync(join(checkout, 'package-lock.json'), '{}');
  writeFileSync(join(checkout, 'node_modules/.package-lock.json'), '{}');
  utimesSync(join(checkout, 'package-lock.json'), new Date(2000, 0, 1), new Date(2000, 0, 1));
  const bin = join(work, 'bin');
  mkdirSync(bin, { recursive: true });
  for (const tool of ['dirname', 'grep', 'id', 'cat']) symlinkSync(`/usr/bin/${tool}`, join(bin, tool));
  const log = join(work, 'apt.log');
  writeFileSync(join(bin, 'apt-get'), `#!/bin/bash\necho "$@" >> "${log}"\n`);
  writeFileSync(join(bin, 'sudo'), '#!/bin/bash\nexec "$@"\n');
  chmodSync(join(bin, 'apt-get'), 0o755);
  chmodSync(join(bin, 'sudo'), 0o755);
  return {
    run: () => spawnSync('/bin/bash', [join(checkout, 'scripts/setup.sh')], { env: { PATH: bin, HOME: work }, encoding: 'utf8' }),
    asked: () => readFileSync(log, 'utf8'),
  };
}

describe('setup.sh', () => {
  it('installs espeak-ng and sox (the real-speech check records and measures speech) with the rest', () => {
    const machine = freshMachine();
    const result = machine.run();
    expect(result.status, `${String(result.stdout)}${String(result.stderr)}`).toBe(0);
    const install = machine.asked().split('\n').find((line) => line.startsWith('install '))?.split(' ') ?? [];
    expect(install).toEqual(expect.arrayContaining(['chromium', 'xvfb', 'espeak-ng', 'speech-dispatcher', 'sox']));
  });
});

/** deploy/install.sh answers --help with how to use it (it said "unknown option --help"), and an unknown option too. */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const INSTALL = resolve(import.meta.dirname, '../../deploy/install.sh');
const OPTIONS = ['--cage', '--no-start', '--client-id', '--client-secret-file', '--auth-url', '--api-url', '--metrics-listen', '--metrics-token-file', '--metrics-textfile'];

describe('install.sh', () => {
  it.each(['--help', '-h'])('%s prints its usage and every option, changes nothing, and exits 0', (flag) => {
    // As an ordinary user too: the usage comes before the check for root.
    const run = spawnSync('bash', [INSTALL, flag], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: sudo deploy\/install\.sh \[options\]/);
    for (const option of OPTIONS) expect(run.stdout).toContain(option);
    expect(run.stderr).toBe('');
  });

  it('an unknown option: says which, shows the usage, exits 2', () => {
    const run = spawnSync('bash', [INSTALL, '--colour'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('install.sh: unknown option --colour');
    expect(run.stderr).toContain('Usage:');
  });
});

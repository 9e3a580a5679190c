/**
 * The systemd unit in deploy/: systemd-analyze verify accepts it (alone and with the cage drop-in), and its exposure
 * score under `systemd-analyze security --offline=true` is below 5.0 with Chromium's sandbox still possible: a user
 * that is not root (so the shell never passes --no-sandbox), the namespaces and system calls the sandbox needs.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KIOSK_NODE_FLAGS } from '../../scripts/kioskNodeFlags.mjs';

const DEPLOY = resolve(import.meta.dirname, '../../deploy');
const UNIT = join(DEPLOY, 'tunewall-kiosk.service');
const work = mkdtempSync(join(tmpdir(), 'tunewall-unit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The unit with the cage drop-in beside it, as /etc/systemd/system would hold them. */
function withCage(): string {
  const dir = join(work, 'cage');
  mkdirSync(join(dir, 'tunewall-kiosk.service.d'), { recursive: true });
  copyFileSync(UNIT, join(dir, 'tunewall-kiosk.service'));
  copyFileSync(join(DEPLOY, 'cage.conf'), join(dir, 'tunewall-kiosk.service.d', 'cage.conf'));
  return join(dir, 'tunewall-kiosk.service');
}

function exposure(unit: string): { score: number; report: string } {
  const run = spawnSync('systemd-analyze', ['security', '--offline=true', '--no-pager', unit], { encoding: 'utf8' });
  const match = /Overall exposure level for tunewall-kiosk\.service: (\d+\.\d+)/.exec(run.stdout);
  if (match?.[1] === undefined) throw new Error(`no exposure level in:\n${run.stdout}\n${run.stderr}`);
  return { score: Number(match[1]), report: run.stdout };
}

describe.each([
  ['the unit', () => UNIT],
  ['the unit with the cage drop-in', withCage],
])('%s', (_, path) => {
  it('passes systemd-analyze verify', () => {
    const run = spawnSync('systemd-analyze', ['verify', path()], { encoding: 'utf8' });
    expect(run.stderr.trim()).toBe('');
    expect(run.status).toBe(0);
  });

  it('scores below 5.0 in systemd-analyze security --offline=true', () => {
    const { score, report } = exposure(path());
    process.stdout.write(`systemd-analyze security --offline=true: ${score}\n`);
    expect(score).toBeLessThan(5.0);
    // What keeps the score down is really there.
    expect(report).toMatch(/✓ NoNewPrivileges=/);
    expect(report).toMatch(/✓ ProtectSystem=/);
    expect(report).toMatch(/✓ CapabilityBoundingSet=~CAP_SYS_ADMIN/);
  });
});

describe("Chromium's sandbox under the unit", () => {
  const unit = readFileSync(UNIT, 'utf8');
  const values = (key: string): string[] =>
    unit
      .split('\n')
      .filter((line) => line.startsWith(`${key}=`))
      .map((line) => line.slice(key.length + 1));

  it('runs as a user of its own, never root, and never turns the sandbox off', () => {
    expect(values('User')).toEqual(['tunewall']);
    expect(unit).not.toContain('--no-sandbox');
  });

  it('lets the sandbox make its namespaces, chroot and install its seccomp filter', () => {
    expect(values('RestrictNamespaces')).toEqual(['user pid net']);
    expect(values('SystemCallFilter')[0]?.split(' ')).toEqual(expect.arrayContaining(['@system-service', 'chroot', 'seccomp']));
    expect(values('NoNewPrivileges')).toEqual(['yes']);
  });

  it('takes the vault key as an encrypted credential and speaks the notify protocol with a watchdog', () => {
    expect(values('Type')).toEqual(['notify']);
    expect(values('WatchdogSec')).toEqual(['60s']);
    expect(values('LoadCredentialEncrypted')).toEqual(['tunewall-vault-key:/etc/tunewall/credentials/tunewall-vault-key.cred']);
  });
});

describe('how the unit starts the shell', () => {
  /** The words of each ExecStart= that starts Node (the cage drop-in's first, empty one resets the unit's). */
  const nodeStarts = (file: string): string[][] =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('ExecStart=') && line.includes('/usr/bin/node'))
      .map((line) => line.slice('ExecStart='.length).split(' '));

  it.each([
    ['the unit', UNIT],
    ['the cage drop-in', join(DEPLOY, 'cage.conf')],
  ])('%s runs Node with the flags every other start of the shell uses', (_, file) => {
    const starts = nodeStarts(file);
    expect(starts).toHaveLength(1);
    const words = starts[0] ?? [];
    const node = words.indexOf('/usr/bin/node');
    expect(words.slice(node + 1, node + 1 + KIOSK_NODE_FLAGS.length)).toEqual(KIOSK_NODE_FLAGS);
    expect(words[node + 1 + KIOSK_NODE_FLAGS.length]).toBe('/opt/tunewall/out/kiosk/index.js');
  });
});

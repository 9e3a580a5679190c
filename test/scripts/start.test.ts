/**
 * `npm start` (scripts/start.mjs), run as a user would, in a copy of the layout it expects (a fresh out/, the Electron
 * executable given by ELECTRON_EXEC_PATH): a stand-in executable records the command line Electron would get. A
 * stand-in `unshare` first on PATH says whether this system allows unprivileged user namespaces (Ubuntu 24.04 does
 * not), and `chrome-sandbox` beside the executable is the SUID helper, set up or not.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_OUTPUTS, RENDERER_OUTPUTS } from '../../scripts/staleness.mjs';

const REPO = join(import.meta.dirname, '../..');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tunewall-start-'));
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'scripts'));
  for (const file of ['start.mjs', 'staleness.mjs']) copyFileSync(join(REPO, 'scripts', file), join(dir, 'scripts', file));
  for (const file of [...MAIN_OUTPUTS, ...RENDERER_OUTPUTS]) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), '');
  }
  const electron = join(dir, 'electron');
  writeFileSync(
    electron,
    `#!${process.execPath}\nrequire('node:fs').writeFileSync(process.env.RECORD, JSON.stringify(process.argv.slice(2)));\n`,
  );
  chmodSync(electron, 0o755);
  // Chromium's end on a fatal error of its own (a FATAL log is a trap), as when the SUID helper is not set up.
  const trapping = join(dir, 'trapping/electron');
  mkdirSync(join(trapping, '..'));
  writeFileSync(trapping, `#!${process.execPath}\nprocess.kill(process.pid, 'SIGTRAP');\n`);
  chmodSync(trapping, 0o755);
  for (const [name, status] of [['allowed', 0], ['restricted', 1]] as const) {
    mkdirSync(join(dir, `unshare-${name}`));
    writeFileSync(join(dir, `unshare-${name}/unshare`), `#!/bin/sh\n[ "$*" = "-Ur true" ] || exit 2\nexit ${status}\n`);
    chmodSync(join(dir, `unshare-${name}/unshare`), 0o755);
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(options: { uid?: number; userNamespaces?: 'allowed' | 'restricted'; electron?: string } = {}) {
  const record = join(dir, `argv-${options.uid ?? 'self'}-${options.userNamespaces ?? 'system'}.json`);
  rmSync(record, { force: true });
  const path = options.userNamespaces === undefined ? process.env.PATH : `${join(dir, `unshare-${options.userNamespaces}`)}:${process.env.PATH}`;
  const result = spawnSync(process.execPath, [join(dir, 'scripts/start.mjs'), '--windowed'], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: path, ELECTRON_EXEC_PATH: options.electron ?? join(dir, 'electron'), RECORD: record },
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.uid }),
  });
  if (options.uid !== undefined) chmodSync(dir, 0o755);
  return { ...result, argv: existsSync(record) ? (JSON.parse(readFileSync(record, 'utf8')) as string[]) : undefined };
}

/** The SUID helper beside the stand-in Electron: as npm leaves it (the installer's, 0755), or as Chromium needs it. */
function sandboxHelper(state: 'as installed' | 'root-owned 4755'): string {
  const helper = join(dir, 'chrome-sandbox');
  writeFileSync(helper, '');
  if (state === 'as installed') {
    chownSync(helper, 1000, 1000);
    chmodSync(helper, 0o755);
  } else {
    chownSync(helper, 0, 0);
    chmodSync(helper, 0o4755);
  }
  return helper;
}

const asRoot = process.getuid?.() === 0;

describe('npm start', () => {
  it.runIf(asRoot)('as root, starts Electron with --no-sandbox and says once what that costs and how to avoid it', () => {
    const result = start();
    expect(result.status).toBe(0);
    expect(result.argv).toEqual(['--no-sandbox', dir, '--windowed']);
    expect(result.stderr.match(/running as root/g)).toHaveLength(1);
    expect(result.stderr).toMatch(/operating-system sandbox/);
    expect(result.stderr).toMatch(/as an ordinary user/);
  });

  it.runIf(asRoot)('as an ordinary user where user namespaces are allowed, keeps the sandbox and says nothing about it', () => {
    sandboxHelper('as installed');
    chmodSync(dir, 0o777);
    const result = start({ uid: 65534, userNamespaces: 'allowed' });
    expect(result.status).toBe(0);
    expect(result.argv).toEqual([dir, '--windowed']);
    expect(result.stderr).toBe('');
  });

  it.runIf(asRoot)(
    'as an ordinary user on Ubuntu 24.04 (no user namespaces, the helper as npm left it), starts without the OS sandbox and says the fix in one line',
    () => {
      const helper = sandboxHelper('as installed');
      chmodSync(dir, 0o777);
      const result = start({ uid: 65534, userNamespaces: 'restricted' });
      expect(result.status).toBe(0);
      expect(result.argv).toEqual(['--no-sandbox', dir, '--windowed']);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/no unprivileged user namespaces/);
      expect(lines[0]).toContain(`sudo chown root:root '${helper}' && sudo chmod 4755 '${helper}'`);
      expect(lines[0]).toMatch(/--no-sandbox/);
    },
  );

  it.runIf(asRoot)('as an ordinary user without user namespaces but with the helper set up, keeps the sandbox', () => {
    sandboxHelper('root-owned 4755');
    chmodSync(dir, 0o777);
    const result = start({ uid: 65534, userNamespaces: 'restricted' });
    expect(result.status).toBe(0);
    expect(result.argv).toEqual([dir, '--windowed']);
    expect(result.stderr).toBe('');
  });

  it('says so when Electron ends on a signal nobody sent it, and fails', () => {
    const result = start({ electron: join(dir, 'trapping/electron'), userNamespaces: 'allowed' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Electron ended on SIGTRAP/);
    expect(result.stderr).toMatch(/docs\/electron-shell\.md/);
  });
});

/**
 * `npm start` (scripts/start.mjs), run as a user would, in a copy of the layout it expects (a fresh out/, the Electron
 * executable given by ELECTRON_EXEC_PATH): a stand-in executable records the command line Electron would get.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERER_OUTPUTS } from '../../scripts/staleness.mjs';

const REPO = join(import.meta.dirname, '../..');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tunewall-start-'));
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'scripts'));
  for (const file of ['start.mjs', 'staleness.mjs']) copyFileSync(join(REPO, 'scripts', file), join(dir, 'scripts', file));
  for (const file of ['out/main/index.js', 'out/preload/preload.cjs', ...RENDERER_OUTPUTS]) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), '');
  }
  const electron = join(dir, 'electron');
  writeFileSync(
    electron,
    `#!${process.execPath}\nrequire('node:fs').writeFileSync(process.env.RECORD, JSON.stringify(process.argv.slice(2)));\n`,
  );
  chmodSync(electron, 0o755);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(options: { uid?: number } = {}) {
  const record = join(dir, `argv-${options.uid ?? 'self'}.json`);
  const result = spawnSync(process.execPath, [join(dir, 'scripts/start.mjs'), '--windowed'], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ELECTRON_EXEC_PATH: join(dir, 'electron'), RECORD: record },
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.uid }),
  });
  if (options.uid !== undefined) chmodSync(dir, 0o755);
  return { ...result, argv: JSON.parse(readFileSync(record, 'utf8')) as string[] };
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

  it.runIf(asRoot)('as an ordinary user, keeps the sandbox and says nothing about it', () => {
    chmodSync(dir, 0o777);
    const result = start({ uid: 65534 });
    expect(result.status).toBe(0);
    expect(result.argv).toEqual([dir, '--windowed']);
    expect(result.stderr).not.toMatch(/root/);
  });
});

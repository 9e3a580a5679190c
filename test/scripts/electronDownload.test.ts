/**
 * `npm start`'s first run, when the Electron binary is not installed yet: scripts/start.mjs downloads it (from a
 * mirror on 127.0.0.1 here, named by ELECTRON_MIRROR as a user would), shows progress, unpacks it with the electron
 * package's own installer and starts it; when the download fails, it says what failed.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAIN_OUTPUTS, RENDERER_OUTPUTS } from '../../scripts/staleness.mjs';

const REPO = join(import.meta.dirname, '../..');
const VERSION = (JSON.parse(readFileSync(join(REPO, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
const ZIP_NAME = `electron-v${VERSION}-${process.platform}-${process.arch}.zip`;

/** A zip of stored (uncompressed) files with Unix modes, as Electron's release zips carry them. */
function zip(files: { name: string; data: Buffer; mode: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(file.data.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(file.data.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((0o100000 | file.mode) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, file.data);
    centrals.push(central, name);
    offset += local.length + name.length + file.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Stands in for the Electron executable: records its command line. */
const STAND_IN = Buffer.from(`#!${process.execPath}\nrequire('node:fs').writeFileSync(process.env.RECORD, JSON.stringify(process.argv.slice(2)));\n`);
const RELEASE = zip([
  { name: 'electron', data: STAND_IN, mode: 0o755 },
  { name: 'version', data: Buffer.from(VERSION), mode: 0o644 },
  { name: 'filler.bin', data: Buffer.alloc(2_000_000, 7), mode: 0o644 },
]);

let dir: string;
let server: Server | undefined;
let mirror: string;
const requests: string[] = [];

/** A copy of the layout start.mjs expects, with an electron package that has no binary yet. */
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tunewall-electron-download-'));
  mkdirSync(join(dir, 'scripts'));
  for (const file of ['start.mjs', 'staleness.mjs']) copyFileSync(join(REPO, 'scripts', file), join(dir, 'scripts', file));
  for (const file of [...MAIN_OUTPUTS, ...RENDERER_OUTPUTS]) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), '');
  }
  mkdirSync(join(dir, 'node_modules/electron'), { recursive: true });
  for (const name of readdirSync(join(REPO, 'node_modules'))) {
    if (name !== 'electron' && name !== '.cache') symlinkSync(join(REPO, 'node_modules', name), join(dir, 'node_modules', name));
  }
  for (const file of ['package.json', 'install.js', 'index.js', 'checksums.json']) {
    copyFileSync(join(REPO, 'node_modules/electron', file), join(dir, 'node_modules/electron', file));
  }
  requests.length = 0;
});

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  chmodSync(dir, 0o700);
  rmSync(dir, { recursive: true, force: true });
});

afterAll(() => undefined);

async function serve(answer: (path: string) => { status: number; body: Buffer }): Promise<void> {
  server = createServer((request, response) => {
    const path = request.url ?? '';
    requests.push(path);
    const { status, body } = answer(path);
    response.writeHead(status, { 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  mirror = `http://127.0.0.1:${(server?.address() as AddressInfo).port}/`;
}

function start(env: Record<string, string>): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(dir, 'scripts/start.mjs')], {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: dir, RECORD: join(dir, 'argv.json'), electron_config_cache: join(dir, 'cache'), ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (status) => resolve({ status, stderr }));
  });
}

describe('the first start, without the Electron binary', () => {
  it('downloads it with progress shown, unpacks it and starts it', async () => {
    const sums = `${createHash('sha256').update(RELEASE).digest('hex')} *${ZIP_NAME}\n`;
    await serve((path) =>
      path.endsWith(`/${ZIP_NAME}`)
        ? { status: 200, body: RELEASE }
        : path.endsWith('/SHASUMS256.txt')
          ? { status: 200, body: Buffer.from(sums) }
          : { status: 404, body: Buffer.from('not here') },
    );
    const result = await start({ ELECTRON_MIRROR: mirror, electron_use_remote_checksums: '1' });
    expect(result.stderr).toMatch(/downloading it once/);
    expect(result.stderr).toMatch(/downloading Electron: 100% \(2 of 2 MB\)/);
    expect(result.status).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'argv.json'), 'utf8'))).toContain(dir);
  }, 60_000);

  it('says the server refused the download, naming the status and the address', async () => {
    await serve(() => ({ status: 404, body: Buffer.from('not here') }));
    const result = await start({ ELECTRON_MIRROR: mirror, electron_use_remote_checksums: '1' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Response code 404 (Not Found) for ${mirror}`);
    expect(result.stderr).toMatch(/npm run kiosk/);
  }, 60_000);

  it('says the network refused the connection', async () => {
    await serve(() => ({ status: 404, body: Buffer.alloc(0) }));
    const closed = mirror;
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    const result = await start({ ELECTRON_MIRROR: closed, electron_use_remote_checksums: '1' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/the download failed: fetch failed \(ECONNREFUSED/);
  }, 60_000);

  it('says a damaged download is damaged', async () => {
    await serve((path) =>
      path.endsWith('/SHASUMS256.txt') ? { status: 200, body: Buffer.from(`${'0'.repeat(64)} *${ZIP_NAME}\n`) } : { status: 200, body: RELEASE },
    );
    const result = await start({ ELECTRON_MIRROR: mirror, electron_use_remote_checksums: '1' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/the download failed: .*(checksum|match)/i);
  }, 60_000);
});

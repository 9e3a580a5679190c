/**
 * Packaging: electron-builder with this repository's electron-builder.yml and package.json, pointed at a stand-in
 * Electron folder (the real binary cannot be downloaded here) that carries Electron 45's fuse wire, so the fuses
 * electron-builder flips can be read back. The deb target runs with a stand-in for fpm (electron-builder downloads
 * fpm, which cannot be had here) that records fpm's arguments and builds the .deb they describe with dpkg-deb.
 * What this cannot show: that the real Electron binary starts from the package, and what its shared libraries are.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { listPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const REPO = join(import.meta.dirname, '../..');
// On node_modules' file system, so the production dependencies can be hard-linked rather than copied.
const WORK = join(REPO, 'node_modules/.cache', `tunewall-package-${process.pid}`);
const PROJECT = join(WORK, 'project');
const ELECTRON = join(WORK, 'electron');
const DIST = join(WORK, 'dist');
const UNPACKED = join(DIST, 'linux-unpacked');
const BUILDER = join(REPO, 'node_modules/electron-builder/cli.js');
const FPM = join(REPO, 'test/package/standIns/fpm.mjs');
const MKSQUASHFS = join(REPO, 'test/package/standIns/mksquashfs.mjs');
const SHARP_FOR_ARCH = join(REPO, 'scripts/sharpForArch.mjs');
/** What the static runtime (toolsets.appimage 1.0.x) begins with here; the FUSE 2 toolset keeps its runtimes elsewhere. */
const STATIC_RUNTIME = (arch: string): string => `static AppImage runtime for ${arch}\n`;

/** Electron's fuse wire as its build writes it (build/fuses/fuses.json5 in electron/electron, version 1, 9 fuses). */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ELECTRON_45_FUSES = '101100011';
const FUSE_NAMES = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
  'wasmTrapHandlers',
];

function standInElectron(): void {
  mkdirSync(join(ELECTRON, 'locales'), { recursive: true });
  mkdirSync(join(ELECTRON, 'resources'), { recursive: true });
  const wire = Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, ELECTRON_45_FUSES.length]), Buffer.from(ELECTRON_45_FUSES)]);
  writeFileSync(join(ELECTRON, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\nexit 0\n'), Buffer.alloc(16), wire, Buffer.alloc(16)]));
  chmodSync(join(ELECTRON, 'electron'), 0o755);
  for (const locale of ['en-US', 'zh-TW', 'ja', 'de', 'fr']) writeFileSync(join(ELECTRON, 'locales', `${locale}.pak`), 'pak');
  writeFileSync(join(ELECTRON, 'chrome-sandbox'), 'sandbox');
  writeFileSync(join(ELECTRON, 'LICENSE'), 'MIT');
  writeFileSync(join(ELECTRON, 'LICENSES.chromium.html'), '<html></html>');
  writeFileSync(join(ELECTRON, 'version'), '45.4.1');
}

/** The project as a packager sees it: its config, the built out/, and its production dependencies only. */
async function project(): Promise<void> {
  mkdirSync(PROJECT, { recursive: true });
  for (const file of ['package.json', 'package-lock.json', 'electron-builder.yml']) copyFileSync(join(REPO, file), join(PROJECT, file));
  const production = execFileSync('npm', ['ls', '--omit', 'dev', '--all', '--parseable'], { cwd: REPO, encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.startsWith(join(REPO, 'node_modules')))
    .sort();
  let copied = '';
  for (const dir of production) {
    if (copied !== '' && dir.startsWith(`${copied}/`)) continue;
    const target = join(PROJECT, relative(REPO, dir));
    mkdirSync(dirname(target), { recursive: true });
    execFileSync('cp', ['-al', dir, target]);
    copied = dir;
  }
  await run(process.execPath, [join(REPO, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--config', 'test/smoke/electron.vite.smoke.config.ts'], {
    cwd: REPO,
    env: { ...process.env, TUNEWALL_SMOKE_OUT: join(PROJECT, 'out') },
  });
  mkdirSync(join(PROJECT, 'out/renderer'), { recursive: true });
  writeFileSync(join(PROJECT, 'out/renderer/index.html'), '<!doctype html><title>Tunewall</title>');
}

async function builder(args: string[], env: Record<string, string> = {}): Promise<void> {
  try {
    await run(process.execPath, [BUILDER, ...args, '--projectDir', PROJECT, `-c.electronDist=${ELECTRON}`, `-c.directories.output=${DIST}`], {
      cwd: PROJECT,
      env: { ...process.env, ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    // electron-builder says why on its output ("Please specify project homepage", …): show that, not only the command.
    const output = error instanceof Error && 'stdout' in error ? `${String(error.stdout)}\n${String('stderr' in error ? error.stderr : '')}` : '';
    throw new Error(`electron-builder ${args.join(' ')} failed:\n${output.trim().split('\n').slice(-15).join('\n')}`, { cause: error });
  }
}

function fuses(executable: string): Record<string, string> {
  const binary = readFileSync(executable);
  const at = binary.indexOf(SENTINEL) + SENTINEL.length;
  const wire = binary.subarray(at + 2, at + 2 + (binary[at + 1] ?? 0)).toString();
  return Object.fromEntries(FUSE_NAMES.map((name, i) => [name, wire[i] ?? '?']));
}

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  standInElectron();
  await project();
  await builder(['--linux', 'dir']);
}, 240_000);

afterAll(() => rmSync(WORK, { recursive: true, force: true }));

describe('electron-builder --linux dir', () => {
  it('builds the app into an asar holding out/ without source maps, and the dependencies the main bundle imports', () => {
    const files = listPackage(join(UNPACKED, 'resources/app.asar'), { isPack: false });
    expect(files).toEqual(expect.arrayContaining(['/out/main/index.js', '/out/main/ipadic.bin', '/out/preload/preload.cjs', '/out/renderer/index.html', '/package.json']));
    expect(files.filter((file) => file.startsWith('/out/') && file.endsWith('.map'))).toEqual([]);
    // electron-store's own dependency, which a collector that misses nested packages would leave out.
    expect(files).toEqual(expect.arrayContaining(['/node_modules/electron-store/package.json', '/node_modules/conf/package.json']));
  });

  it('unpacks sharp and its native binary out of the asar', () => {
    const unpacked = join(UNPACKED, 'resources/app.asar.unpacked/node_modules');
    expect(existsSync(join(unpacked, 'sharp/package.json'))).toBe(true);
    const native = readdirSync(join(unpacked, '@img')).filter((name) => name.startsWith(`sharp-${process.platform}-`));
    expect(native).not.toEqual([]);
  });

  it('flips the fuses electron-builder.yml asks for and leaves the others as Electron ships them', () => {
    expect(fuses(join(UNPACKED, 'tunewall'))).toEqual({
      runAsNode: '0',
      enableCookieEncryption: '0',
      enableNodeOptionsEnvironmentVariable: '0',
      enableNodeCliInspectArguments: '0',
      enableEmbeddedAsarIntegrityValidation: '1',
      onlyLoadAppFromAsar: '1',
      loadBrowserProcessSpecificV8Snapshot: '0',
      grantFileProtocolExtraPrivileges: '0',
      wasmTrapHandlers: '1',
    });
  });

  it('keeps only the locales Tunewall speaks', () => {
    expect(readdirSync(join(UNPACKED, 'locales')).sort()).toEqual(['en-US.pak', 'ja.pak', 'zh-TW.pak']);
  });
});

describe('electron-builder --linux deb', () => {
  let deb: string;
  let fpmArgs: string[];
  beforeAll(async () => {
    const record = join(WORK, 'fpm-args.json');
    await builder(['--linux', 'deb', '--prepackaged', UNPACKED], { CUSTOM_FPM_PATH: FPM, FPM_ARGS_RECORD: record });
    fpmArgs = JSON.parse(readFileSync(record, 'utf8')) as string[];
    const built = readdirSync(DIST).find((name) => name.endsWith('.deb'));
    if (built === undefined) throw new Error(`no .deb in ${DIST}`);
    deb = join(DIST, built);
  }, 240_000);

  const field = (name: string): string => execFileSync('dpkg-deb', ['-f', deb, name], { encoding: 'utf8' }).trim();

  it("declares electron-builder's default dependencies, the keyring's, and what Chromium links on a minimal Debian", () => {
    const depends = field('Depends').split(/,\s*/);
    for (const name of ['libgtk-3-0', 'libnotify4', 'libnss3', 'libxss1', 'libxtst6', 'xdg-utils', 'libatspi2.0-0', 'libuuid1', 'libsecret-1-0']) {
      expect(depends).toContain(name);
    }
    for (const name of ['libasound2', 'libgbm1', 'libdrm2', 'libcups2', 'libxkbcommon0', 'libxcomposite1', 'libxdamage1', 'libxrandr2', 'libatk-bridge2.0-0', 'libpango-1.0-0', 'libcairo2', 'libudev1']) {
      expect(depends).toContain(name);
    }
    expect(fpmArgs.filter((arg, i) => fpmArgs[i - 1] === '-d')).toEqual(depends);
  });

  it('names a maintainer and a homepage, which electron-builder refuses to build a deb without', () => {
    expect(field('Maintainer')).toBe('Tunewall <support@tunewall.app>');
    expect(field('Homepage')).toBe('https://tunewall.app');
    expect(field('Package')).toBe('tunewall');
  });

  it('recommends CJK fonts and a speech engine, which a minimal Debian TV box lacks', () => {
    expect(field('Recommends').split(/,\s*/)).toEqual(['fonts-noto-cjk', 'espeak-ng | speech-dispatcher']);
  });

  it('installs the packaged app under /opt with a desktop entry', () => {
    const listing = execFileSync('dpkg-deb', ['-c', deb], { encoding: 'utf8' });
    expect(listing).toMatch(/\.\/opt\/Tunewall\/tunewall\n/);
    expect(listing).toMatch(/\.\/opt\/Tunewall\/resources\/app\.asar\n/);
    expect(listing).toMatch(/\.\/opt\/Tunewall\/resources\/app\.asar\.unpacked\/node_modules\/sharp\//);
    expect(listing).toMatch(/\.\/usr\/share\/applications\/tunewall\.desktop\n/);
  });
});

/**
 * The AppImage toolset as electron-builder 26.17 lays out the static-runtime one (app-builder-lib toolsets/linux.ts,
 * getAppImageTools: mksquashfs and desktop-file-validate at the top, runtimes/runtime-<arch>, lib/<arch>/), given by
 * APPIMAGE_TOOLS_PATH. The legacy FUSE 2 layout keeps runtime-<arch> at the top and mksquashfs under linux-x64/, so a
 * build that fell back to it would not find these.
 */
function standInAppImageTools(): string {
  const tools = join(WORK, 'appimage-tools');
  for (const arch of ['x64', 'arm64']) {
    mkdirSync(join(tools, 'lib', arch), { recursive: true });
    mkdirSync(join(tools, 'runtimes'), { recursive: true });
    writeFileSync(join(tools, 'runtimes', `runtime-${arch}`), STATIC_RUNTIME(arch));
  }
  copyFileSync(MKSQUASHFS, join(tools, 'mksquashfs'));
  chmodSync(join(tools, 'mksquashfs'), 0o755);
  writeFileSync(join(tools, 'desktop-file-validate'), '#!/bin/sh\nexit 0\n');
  chmodSync(join(tools, 'desktop-file-validate'), 0o755);
  return tools;
}

describe('electron-builder --linux AppImage', () => {
  const stage = join(WORK, 'appimage-stage');
  let appImage: Buffer;
  beforeAll(async () => {
    await builder(['--linux', 'AppImage', '--prepackaged', UNPACKED], { APPIMAGE_TOOLS_PATH: standInAppImageTools(), APPIMAGE_STAGE_RECORD: stage });
    const built = readdirSync(DIST).find((name) => name.endsWith('.AppImage'));
    if (built === undefined) throw new Error(`no .AppImage in ${DIST}`);
    appImage = readFileSync(join(DIST, built));
  }, 240_000);

  it('starts with the static runtime, which needs no libfuse2', () => {
    expect(appImage.subarray(0, STATIC_RUNTIME('x64').length).toString()).toBe(STATIC_RUNTIME('x64'));
  });

  it("launches from a menu with Chromium's OS sandbox where the kernel allows it: no --no-sandbox in the desktop entry", () => {
    const entry = readFileSync(join(stage, 'tunewall.desktop'), 'utf8');
    expect(entry).toMatch(/^Exec=AppRun %U$/m);
    expect(entry).not.toContain('--no-sandbox');
    // AppRun itself turns the sandbox off only where user namespaces are refused.
    expect(readFileSync(join(stage, 'AppRun'), 'utf8')).toContain('! unshare -Ur true');
  });

  it('holds the packaged app', () => {
    const files = JSON.parse(readFileSync(join(stage, 'files.json'), 'utf8')) as string[];
    expect(files).toEqual(expect.arrayContaining(['tunewall', 'resources/app.asar', 'chrome-sandbox']));
  });
});

/** The CPU an ELF file was built for (e_machine, little-endian at byte 18): 183 is AArch64, 62 x86-64. */
function elfMachine(file: string): number {
  const header = readFileSync(file).subarray(0, 20);
  if (header.subarray(0, 4).toString('latin1') !== '\x7fELF') throw new Error(`${file} is not an ELF file`);
  return header.readUInt16LE(18);
}
const AARCH64 = 183;

describe('electron-builder --linux dir --arm64, for an ARM TV box', () => {
  const unpacked = join(DIST, 'linux-arm64-unpacked/resources/app.asar.unpacked/node_modules/@img');
  beforeAll(async () => {
    // What `npm run package:linux-arm64` does first: sharp's arm64 packages at the locked versions (npm pack, from the
    // registry or npm's cache), which npm on an x64 machine never installs.
    await run(process.execPath, [SHARP_FOR_ARCH, 'arm64', '--into', join(PROJECT, 'node_modules')]);
    await builder(['--linux', 'dir', '--arm64']);
  }, 240_000);

  it("unpacks sharp's arm64 binary and its libvips, built for AArch64", () => {
    const addon = readdirSync(join(unpacked, 'sharp-linux-arm64/lib')).find((name) => name.endsWith('.node'));
    if (addon === undefined) throw new Error('no sharp addon for arm64 in the package');
    expect(elfMachine(join(unpacked, 'sharp-linux-arm64/lib', addon))).toBe(AARCH64);
    const libvips = readdirSync(join(unpacked, 'sharp-libvips-linux-arm64/lib')).find((name) => name.startsWith('libvips-cpp.so'));
    if (libvips === undefined) throw new Error('no libvips for arm64 in the package');
    expect(elfMachine(join(unpacked, 'sharp-libvips-linux-arm64/lib', libvips))).toBe(AARCH64);
  });
});

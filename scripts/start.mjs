#!/usr/bin/env node
// `npm start`: runs Tunewall in Electron, building out/ first when it is missing or older than the sources.
// Where the Electron binary is not installed, says so in one line and points at the Chromium kiosk shell.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isStale, rendererIsStale } from './staleness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));

/** Finds the Electron executable the way the electron package does, but never starts its download. */
export function findElectronBinary(env = process.env) {
  if (env.ELECTRON_EXEC_PATH) return fs.existsSync(env.ELECTRON_EXEC_PATH) ? env.ELECTRON_EXEC_PATH : undefined;
  let packageDir;
  try {
    packageDir = path.dirname(require.resolve('electron/package.json'));
  } catch {
    // Not installed at all: the caller prints the one line that says what to do.
    return undefined;
  }
  const pathFile = path.join(packageDir, 'path.txt');
  const executable = fs.existsSync(pathFile) ? fs.readFileSync(pathFile, 'utf8').trim() : '';
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const candidate = path.join(env.ELECTRON_OVERRIDE_DIST_PATH, executable || 'electron');
    return fs.existsSync(candidate) ? candidate : undefined;
  }
  if (!executable) return undefined;
  const candidate = path.join(packageDir, 'dist', executable);
  return fs.existsSync(candidate) ? candidate : undefined;
}

const OUTPUTS = ['out/main/index.js', 'out/preload/preload.cjs'];
const SOURCES = ['main', 'shared', 'sandbox', 'electron.vite.config.ts', 'package.json', 'package-lock.json'];

/** The main process and preload, or the renderer both shells share, is missing or older than its sources. */
export function buildIsStale() {
  return isStale(root, OUTPUTS, SOURCES) || rendererIsStale(root);
}

export const ROOT_NOTICE =
  'tunewall: running as root, so Electron starts with --no-sandbox (Chromium refuses root otherwise). That turns off ' +
  "Chromium's operating-system sandbox: a page that broke out of its renderer would have root's rights on this " +
  "machine. Tunewall's own page isolation (no Node, context isolation, sandboxed preload) stays on. To keep the " +
  'sandbox, run `npm start` as an ordinary user (for example `sudo -u <user> npm start`, or log in as that user).';

/** Electron's command line: as root, Chromium's sandbox must be off (the kiosk shell does the same), and the user told once. */
export function electronLaunch({ root: appDir, argv, uid }) {
  const asRoot = uid === 0;
  return {
    args: [...(asRoot ? ['--no-sandbox'] : []), appDir, ...argv],
    notice: asRoot ? ROOT_NOTICE : undefined,
  };
}

/** One line per tenth of the download (rewritten in place on a terminal), so a first start is never silent. */
function progressReporter(stream) {
  let shown = -1;
  return ({ transferred, total, percent }) => {
    const step = Math.floor(percent * 10);
    if (step === shown) return;
    shown = step;
    const mb = (bytes) => Math.round(bytes / 1e6);
    const size = total ? `${mb(transferred)} of ${mb(total)} MB` : `${mb(transferred)} MB`;
    const line = `tunewall: downloading Electron: ${step * 10}% (${size})`;
    if (stream.isTTY) stream.write(`\r${line}${step === 10 ? '\n' : ''}`);
    else stream.write(`${line}\n`);
  };
}

/** What went wrong with the download, in words: fetch's cause (ENOTFOUND, ECONNREFUSED, …), an HTTP status, a checksum. */
export function describeDownloadFailure(error) {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = cause && 'code' in cause ? cause.code : undefined;
  const detail = cause ? ` (${[code, cause.message].filter(Boolean).join(': ')})` : '';
  return `${error.message}${detail}`;
}

function lastLine(text) {
  return (text ?? '').trim().split('\n').filter(Boolean).at(-1) ?? 'no reason given';
}

/**
 * The electron package fetches its binary on first use (about 100 MB). Downloads it with @electron/get, showing
 * progress, then lets the package's own installer unpack it from the download cache. Returns why it failed, if it did.
 */
async function fetchElectron() {
  let packageDir;
  try {
    packageDir = path.dirname(require.resolve('electron/package.json'));
  } catch {
    return 'the electron package is not installed (run `npm install`)';
  }
  const packageJson = path.join(packageDir, 'package.json');
  const { version } = JSON.parse(fs.readFileSync(packageJson, 'utf8'));
  let downloadArtifact;
  try {
    ({ downloadArtifact } = await import(pathToFileURL(createRequire(packageJson).resolve('@electron/get')).href));
  } catch (error) {
    return `@electron/get cannot be loaded (${error instanceof Error ? error.message : String(error)})`;
  }
  console.error(`tunewall: Electron ${version} is not installed yet; downloading it once (about 100 MB)…`);
  const remoteChecksums = process.env.electron_use_remote_checksums || process.env.npm_config_electron_use_remote_checksums;
  try {
    await downloadArtifact({
      version,
      artifactName: 'electron',
      platform: process.platform,
      arch: process.arch,
      cacheRoot: process.env.electron_config_cache,
      checksums: remoteChecksums ? undefined : JSON.parse(fs.readFileSync(path.join(packageDir, 'checksums.json'), 'utf8')),
      downloadOptions: { quiet: true, getProgressCallback: progressReporter(process.stderr) },
    });
  } catch (error) {
    return `the download failed: ${describeDownloadFailure(error)}`;
  }
  const install = spawnSync(process.execPath, [path.join(packageDir, 'install.js')], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  if (install.status !== 0) return `the downloaded Electron could not be unpacked: ${lastLine(install.stderr)}`;
  return undefined;
}

async function main() {
  let electron = findElectronBinary();
  let failure;
  if (electron === undefined && !process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    failure = await fetchElectron();
    electron = findElectronBinary();
  }
  if (electron === undefined) {
    const why = failure ?? (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD ? 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' : 'it was not found after the download');
    console.error(
      `tunewall: the Electron binary is not installed (${why}). Run Tunewall in the system Chromium instead with \`npm run kiosk\`, or fix the cause and run \`npm start\` again (ELECTRON_MIRROR names another download site).`,
    );
    process.exit(1);
  }
  if (buildIsStale()) {
    // `npm run build`: the main process and preload, then the one renderer build the kiosk shell serves too.
    const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('tunewall: the build failed (see above); fix it, then run `npm start` again.');
      process.exit(build.status ?? 1);
    }
  }
  const launch = electronLaunch({ root, argv: process.argv.slice(2), uid: process.getuid?.() });
  if (launch.notice) console.error(launch.notice);
  const child = spawn(electron, launch.args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  child.on('error', (error) => {
    console.error(`tunewall: could not start Electron (${error.message}); try \`npm run kiosk\`.`);
    process.exit(1);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

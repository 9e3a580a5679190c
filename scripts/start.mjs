#!/usr/bin/env node
// `npm start`: runs Tunewall in Electron, building out/ first when it is missing or older than the sources.
// Where the Electron binary is not installed, says so in one line and points at the Chromium kiosk shell.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isStale, MAIN_OUTPUTS, rendererIsStale } from './staleness.mjs';

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

const SOURCES = ['main', 'shared', 'sandbox', 'electron.vite.config.ts', 'scripts/ipadicPlugin.ts', 'package.json', 'package-lock.json'];

/** The main process and preload, or the renderer both shells share, is missing or older than its sources. */
export function buildIsStale() {
  return isStale(root, MAIN_OUTPUTS, SOURCES) || rendererIsStale(root);
}

export const ROOT_NOTICE =
  'tunewall: running as root, so Electron starts with --no-sandbox (Chromium refuses root otherwise). That turns off ' +
  "Chromium's operating-system sandbox: a page that broke out of its renderer would have root's rights on this " +
  "machine. Tunewall's own page isolation (no Node, context isolation, sandboxed preload) stays on. To keep the " +
  'sandbox, run `npm start` as an ordinary user (for example `sudo -u <user> npm start`, or log in as that user); on ' +
  'Ubuntu 23.10 and later that also needs the sandbox helper set up once (docs/electron-shell.md).';

/**
 * Whether Chromium's OS sandbox can start for an ordinary user: with unprivileged user namespaces (the namespace
 * sandbox), tested the way electron-builder's AppImage launcher does (`unshare -Ur true`; a missing unshare counts as
 * no), or else with the SUID helper beside the executable, root-owned and mode 4755. Ubuntu 23.10 and later restrict
 * user namespaces (AppArmor) and npm leaves chrome-sandbox owned by whoever installed, so Chromium aborts with "The SUID
 * sandbox helper binary was found, but is not configured correctly".
 */
export function sandboxHelperProblem(electron, { canUnshare = () => spawnSync('unshare', ['-Ur', 'true'], { stdio: 'ignore' }).status === 0 } = {}) {
  if (canUnshare()) return undefined;
  const helper = path.join(path.dirname(electron), 'chrome-sandbox');
  let stat;
  try {
    stat = fs.statSync(helper);
  } catch {
    // No helper at all: Chromium says "No usable sandbox!"; the same two ways out apply.
  }
  if (stat !== undefined && stat.uid === 0 && (stat.mode & 0o7777) === 0o4755) return undefined;
  return helper;
}

export function sandboxNotice(helper) {
  return (
    `tunewall: this system allows no unprivileged user namespaces (Ubuntu 23.10 and later restrict them) and ${helper} ` +
    "is not root-owned with mode 4755, so Chromium's operating-system sandbox cannot start and Electron starts with " +
    '--no-sandbox (Tunewall\'s own page isolation stays on). To keep the sandbox, run once: ' +
    `sudo chown root:root '${helper}' && sudo chmod 4755 '${helper}' (see docs/electron-shell.md).`
  );
}

/**
 * Electron's command line: as root, Chromium's sandbox must be off (the kiosk shell does the same); for an ordinary
 * user, off only where it cannot start (`sandboxProblem`, the helper's path); the user told once either way.
 */
export function electronLaunch({ root: appDir, argv, uid, sandboxProblem }) {
  const asRoot = uid === 0;
  const withoutSandbox = asRoot || (sandboxProblem !== undefined && !argv.includes('--no-sandbox'));
  let notice;
  if (asRoot) notice = ROOT_NOTICE;
  else if (withoutSandbox) notice = sandboxNotice(sandboxProblem);
  return { args: [...(withoutSandbox ? ['--no-sandbox'] : []), appDir, ...argv], notice };
}

/** What to say when Electron ends on a signal it was not sent by us: Chromium's own fatal errors end it with SIGTRAP. */
export function signalNotice(signal, forwarded) {
  if (forwarded) return undefined;
  return (
    `tunewall: Electron ended on ${signal} (its last lines above say why). If they name the sandbox, see ` +
    'docs/electron-shell.md; `npm run kiosk` runs Tunewall in the system Chromium instead.'
  );
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
  const uid = process.getuid?.();
  const sandboxProblem = uid === 0 || process.platform !== 'linux' ? undefined : sandboxHelperProblem(electron);
  const launch = electronLaunch({ root, argv: process.argv.slice(2), uid, sandboxProblem });
  if (launch.notice) console.error(launch.notice);
  const child = spawn(electron, launch.args, { cwd: root, stdio: 'inherit' });
  const forwarded = new Set();
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      forwarded.add(signal);
      child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => {
    const notice = signal ? signalNotice(signal, forwarded.has(signal)) : undefined;
    if (notice) console.error(notice);
    process.exit(code ?? (signal ? 1 : 0));
  });
  child.on('error', (error) => {
    console.error(`tunewall: could not start Electron (${error.message}); try \`npm run kiosk\`.`);
    process.exit(1);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

#!/usr/bin/env node
// `npm start`: runs Tunewall in Electron, building out/ first when it is missing or older than the sources.
// Where the Electron binary is not installed, says so in one line and points at the Chromium kiosk shell.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** The electron package fetches its binary on first use; try that once, quietly and bounded, before giving up. */
function tryFetchElectron() {
  let installer;
  try {
    installer = path.join(path.dirname(require.resolve('electron/package.json')), 'install.js');
  } catch {
    return;
  }
  if (!fs.existsSync(installer)) return;
  spawnSync(process.execPath, [installer], { cwd: root, stdio: 'ignore', timeout: 300_000 });
}

function main() {
  let electron = findElectronBinary();
  if (electron === undefined && !process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    tryFetchElectron();
    electron = findElectronBinary();
  }
  if (electron === undefined) {
    console.error(
      'tunewall: the Electron binary is not installed and could not be downloaded here; run Tunewall in the system Chromium instead with `npm run kiosk`.',
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
  const child = spawn(electron, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  child.on('error', (error) => {
    console.error(`tunewall: could not start Electron (${error.message}); try \`npm run kiosk\`.`);
    process.exit(1);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

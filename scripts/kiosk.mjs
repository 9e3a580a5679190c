#!/usr/bin/env node
// `npm run kiosk`: builds the renderer and the kiosk shell when their sources changed, then runs the shell, which
// opens the system Chromium in kiosk mode (or, with --print-url, prints the URL to open).
import { spawnSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { isStale, rendererIsStale } from './staleness.mjs';

const root = new URL('..', import.meta.url).pathname;

function build(script) {
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Tunewall: \`npm run ${script}\` failed; see above.`);
    process.exit(result.status ?? 1);
  }
}

if (rendererIsStale(root)) build('build:renderer');
if (isStale(root, ['out/kiosk/index.js'], ['shared', 'package-lock.json', 'main', 'sandbox'])) build('build:kiosk');

const child = spawn(process.execPath, [join(root, 'out/kiosk/index.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

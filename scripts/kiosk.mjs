#!/usr/bin/env node
// `npm run kiosk`: builds the renderer and the kiosk shell when their sources changed, then runs the shell, which
// opens the system Chromium in kiosk mode (or, with --print-url, prints the URL to open).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { KIOSK_NODE_FLAGS } from './kioskNodeFlags.mjs';
import { buildQuietly } from './quietBuild.mjs';
import { isStale, rendererIsStale } from './staleness.mjs';

const root = new URL('..', import.meta.url).pathname;

function build(script, what) {
  process.stderr.write(`Tunewall: building ${what}…\n`);
  if (!buildQuietly('npm', ['run', '--silent', script], root)) {
    console.error(`Tunewall: \`npm run ${script}\` failed; see above.`);
    process.exit(1);
  }
}

const shared = ['shared', 'package-lock.json'];
if (rendererIsStale(root)) build('build:renderer', 'the screens');
// ipadic.bin: voice guidance's Japanese dictionary, which the shell's build writes beside index.js.
if (isStale(root, ['out/kiosk/index.js', 'out/kiosk/ipadic.bin'], [...shared, 'main', 'sandbox', 'scripts/ipadicPlugin.ts'])) {
  build('build:kiosk', 'the kiosk shell');
}

const child = spawn(process.execPath, [...KIOSK_NODE_FLAGS, join(root, 'out/kiosk/index.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

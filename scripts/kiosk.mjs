#!/usr/bin/env node
// `npm run kiosk`: builds the renderer and the kiosk shell when their sources changed, then runs the shell, which
// opens the system Chromium in kiosk mode (or, with --print-url, prints the URL to open).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function builtAt(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

function build(script) {
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Tunewall: \`npm run ${script}\` failed; see above.`);
    process.exit(result.status ?? 1);
  }
}

const sources = Math.max(newest(join(root, 'shared')), builtAt(join(root, 'package-lock.json')));
if (builtAt(join(root, 'out/renderer/index.html')) < Math.max(sources, newest(join(root, 'renderer')))) build('build:renderer');
if (builtAt(join(root, 'out/kiosk/index.js')) < Math.max(sources, newest(join(root, 'main')), newest(join(root, 'sandbox')))) {
  build('build:kiosk');
}

const child = spawn(process.execPath, [join(root, 'out/kiosk/index.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

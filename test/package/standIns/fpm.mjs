#!/usr/bin/env node
// A stand-in for fpm (which electron-builder downloads, and which cannot be had here): it takes the arguments
// electron-builder's deb target passes (app-builder-lib FpmTarget.executeFpm), writes them to $FPM_ARGS_RECORD, and
// builds the .deb they describe with dpkg-deb, so the package's control data and contents can be read back.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const argv = process.argv.slice(2);
if (process.env.FPM_ARGS_RECORD) writeFileSync(process.env.FPM_ARGS_RECORD, JSON.stringify(argv));

const BOOLEAN = new Set(['--force', '--debug']);
const options = new Map();
const mappings = [];
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i];
  if (BOOLEAN.has(arg)) continue;
  if (arg.startsWith('-')) {
    const values = options.get(arg) ?? [];
    values.push(argv[++i]);
    options.set(arg, values);
  } else {
    mappings.push(arg);
  }
}
const one = (flag) => options.get(flag)?.at(-1);
if (one('-t') !== 'deb') throw new Error(`fpm stand-in: only -t deb, not ${one('-t')}`);

const root = mkdtempSync(join(tmpdir(), 'fpm-stand-in-'));
try {
  for (const mapping of mappings) {
    const at = mapping.lastIndexOf('=');
    const [source, target] = [mapping.slice(0, at), mapping.slice(at + 1)];
    const destination = join(root, target);
    mkdirSync(dirname(destination), { recursive: true });
    cpSync(source.replace(/\/$/, ''), destination, { recursive: true, verbatimSymlinks: true });
  }
  mkdirSync(join(root, 'DEBIAN'));
  const description = (one('--description') ?? '').split('\n');
  const control = [
    `Package: ${one('--name')}`,
    `Version: ${one('--version')}`,
    `Architecture: ${one('--architecture')}`,
    `Maintainer: ${one('--maintainer')}`,
    `Installed-Size: 1`,
    `Depends: ${(options.get('-d') ?? []).join(', ')}`,
    `Recommends: ${(options.get('--deb-recommends') ?? []).join(', ')}`,
    `Section: default`,
    `Priority: ${one('--deb-priority') ?? 'optional'}`,
    `Homepage: ${one('--url')}`,
    `Description: ${description[0]}`,
    ...description.slice(1).map((line) => (line.trim() === '' ? ' .' : ` ${line.trim()}`)),
  ];
  writeFileSync(join(root, 'DEBIAN/control'), `${control.join('\n')}\n`);
  for (const [flag, script] of [['--after-install', 'postinst'], ['--after-remove', 'postrm']]) {
    const source = one(flag);
    if (source === undefined) continue;
    cpSync(source, join(root, 'DEBIAN', script));
    chmodSync(join(root, 'DEBIAN', script), 0o755);
  }
  // Fast compression: what is tested is what the package declares and holds, not how it is squeezed.
  execFileSync('dpkg-deb', ['--root-owner-group', '-Zgzip', '-z1', '--build', root, one('--package')], { stdio: 'inherit' });
} finally {
  rmSync(root, { recursive: true, force: true });
}

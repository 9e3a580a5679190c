#!/usr/bin/env node
// `node scripts/sharpForArch.mjs arm64 [--into <node_modules>]`: puts sharp's native packages for another Linux CPU
// (glibc) into node_modules, so `electron-builder --linux --arm64` packages a sharp that loads on an ARM TV box.
// npm installs only the host's (@img/sharp-linux-x64 here): sharp's optional dependencies are filtered by `cpu`.
// Each package comes at the version package-lock.json locks, through `npm pack`, and must match the lock's integrity.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The locked @img packages sharp needs on Linux with glibc for `arch` (Node's names: arm64, x64, arm). */
export function lockedSharpPackages(lock, arch) {
  return Object.entries(lock.packages ?? {})
    .filter(([key, entry]) => key.startsWith('node_modules/@img/sharp-') && entry.os?.includes('linux') && entry.cpu?.includes(arch))
    .filter(([, entry]) => entry.libc === undefined || entry.libc.includes('glibc'))
    .map(([key, entry]) => ({ name: key.slice('node_modules/'.length), version: entry.version, integrity: entry.integrity }));
}

export function installSharpForArch({ arch, into, lockPath = path.join(root, 'package-lock.json'), log = console.error }) {
  const packages = lockedSharpPackages(JSON.parse(fs.readFileSync(lockPath, 'utf8')), arch);
  if (packages.length === 0) throw new Error(`package-lock.json locks no sharp package for linux-${arch}`);
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'tunewall-sharp-'));
  try {
    for (const { name, version, integrity } of packages) {
      const [packed] = JSON.parse(execFileSync('npm', ['pack', `${name}@${version}`, '--json', '--pack-destination', downloads], { cwd: downloads, encoding: 'utf8' }));
      if (packed === undefined || packed.integrity !== integrity) {
        throw new Error(`${name}@${version} from the registry does not match package-lock.json's integrity`);
      }
      const target = path.join(into, name);
      fs.rmSync(target, { recursive: true, force: true });
      fs.mkdirSync(target, { recursive: true });
      execFileSync('tar', ['-xzf', path.join(downloads, packed.filename), '-C', target, '--strip-components=1']);
      log(`tunewall: ${name}@${version} in ${path.relative(process.cwd(), target) || target}`);
    }
  } finally {
    fs.rmSync(downloads, { recursive: true, force: true });
  }
  return packages;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [arch, flag, dir] = process.argv.slice(2);
  if (arch === undefined || (flag !== undefined && flag !== '--into')) {
    console.error('usage: node scripts/sharpForArch.mjs <arm64|x64|arm> [--into <node_modules>]');
    process.exit(2);
  }
  try {
    installSharpForArch({ arch, into: path.resolve(dir ?? path.join(root, 'node_modules')) });
  } catch (error) {
    console.error(`tunewall: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

#!/usr/bin/env node
// `npm run security`: Electronegativity over the main-process sources. Any finding fails the run (exit 1) and is
// printed. Offline: the check that looks up newer Electron releases is skipped, and the Electron version is read
// from the installed package rather than guessed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));
const input = process.argv[2] ?? 'main';

const electronVersion = JSON.parse(fs.readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
const cli = path.join(path.dirname(require.resolve('@doyensec/electronegativity/package.json')), 'dist', 'index.js');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunewall-electronegativity-'));
const report = path.join(workDir, 'report.sarif');

try {
  const run = spawnSync(
    process.execPath,
    [cli, '-i', input, '-o', report, '-x', 'AvailableSecurityFixesGlobalCheck', '-e', electronVersion, '-r'],
    { cwd: root, encoding: 'utf8' },
  );
  if (run.status !== 0 || !fs.existsSync(report)) {
    process.stderr.write(run.stdout ?? '');
    process.stderr.write(run.stderr ?? '');
    console.error(`security: electronegativity did not complete (exit ${run.status ?? run.signal}).`);
    process.exit(1);
  }
  const sarif = JSON.parse(fs.readFileSync(report, 'utf8'));
  const results = (sarif.runs ?? []).flatMap((r) => r.results ?? []);
  if (results.length > 0) {
    console.error(`security: electronegativity found ${results.length} issue(s) in ${input}/ (Electron ${electronVersion}):`);
    for (const result of results) {
      const where = result.locations?.[0]?.physicalLocation;
      const file = where?.artifactLocation?.uri ?? 'N/A';
      const line = where?.region?.startLine ?? 0;
      console.error(`  ${result.ruleId} ${file}:${line} ${result.message?.text ?? ''}`);
    }
    process.exit(1);
  }
  console.log(`security: electronegativity found no issues in ${input}/ (Electron ${electronVersion}).`);
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}

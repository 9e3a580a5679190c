#!/usr/bin/env node
// `npm run security`: Electronegativity over the main-process sources and the renderer's index.html, scanned together
// (so its whole-app checks see the main process's handlers, and its CSP check sees the page's own policy). Any
// finding fails the run (exit 1) and is printed, except Content-Security-Policy findings reviewed one by one (ACCEPTED
// below: the loopback artwork of the embedded sandbox, and the page's own origin as 'self'). Offline: the check that looks up newer Electron releases is skipped, and the Electron version is read
// from the installed package rather than guessed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));
const inputs = process.argv.length > 2 ? process.argv.slice(2) : ['main', 'renderer/index.html'];

const electronVersion = JSON.parse(fs.readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
const cli = path.join(path.dirname(require.resolve('@doyensec/electronegativity/package.json')), 'dist', 'index.js');
// The CSP evaluator electronegativity itself uses, so a policy is judged here exactly as there.
const csp = createRequire(require.resolve('@doyensec/electronegativity/package.json'))('@doyensec/csp-evaluator');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunewall-electronegativity-'));
const scanned = path.join(workDir, 'app');
const report = path.join(workDir, 'report.sarif');

/** CSP findings reviewed and accepted, each for one directive and source, with the reason. */
const ACCEPTED = [
  { directive: 'img-src', value: 'http://127.0.0.1:*', why: "the embedded sandbox's artwork, loopback only (real artwork is https)" },
  {
    directive: 'script-src',
    value: "'self'",
    why: "the page's own origin in either shell (app://tunewall, or the kiosk's loopback server), which serves only the built renderer: no JSONP, no uploads",
  },
];
const accepted = (f) => ACCEPTED.find((a) => f.directive === a.directive && f.value === a.value);

/** Every policy written in a file: double-quoted strings (a TS literal, an HTML attribute) that name script-src. */
function policiesIn(file) {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/"([^"]*script-src[^"]*)"/g)].map((m) => m[1]);
}

/** The serious findings of a policy that are not the reviewed loopback exception. */
function unacceptedFindings(policy) {
  const parser = new csp.CspParser(policy);
  const findings = new csp.CspEvaluator(parser.csp, csp.Version.CSP3).evaluate();
  const serious = [csp.severities.HIGH, csp.severities.MEDIUM, csp.severities.HIGH_MAYBE, csp.severities.MEDIUM_MAYBE];
  return findings.filter((f) => serious.includes(f.severity) && accepted(f) === undefined);
}

/** The accepted findings of a policy, for the log. */
function acceptedFindings(policy) {
  const parser = new csp.CspParser(policy);
  return new csp.CspEvaluator(parser.csp, csp.Version.CSP3).evaluate().flatMap((f) => {
    const a = accepted(f);
    return a === undefined ? [] : [`${a.directive} ${a.value} (${a.why})`];
  });
}

try {
  for (const input of inputs) {
    const from = path.join(root, input);
    if (!fs.existsSync(from)) throw new Error(`security: ${input} does not exist.`);
    fs.cpSync(from, path.join(scanned, input), { recursive: true });
  }
  const run = spawnSync(
    process.execPath,
    [cli, '-i', scanned, '-o', report, '-x', 'AvailableSecurityFixesGlobalCheck', '-e', electronVersion, '-r'],
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
  const failures = [];
  for (const result of results) {
    const file = result.locations?.[0]?.physicalLocation?.artifactLocation?.uri ?? 'N/A';
    const line = result.locations?.[0]?.physicalLocation?.region?.startLine ?? 0;
    const where = path.join(scanned, file);
    if (result.ruleId === 'CSP_GLOBAL_CHECK' && fs.existsSync(where)) {
      const policies = policiesIn(where);
      const left = policies.flatMap(unacceptedFindings);
      if (policies.length > 0 && left.length === 0) {
        for (const note of new Set(policies.flatMap(acceptedFindings))) console.log(`security: accepted in ${file}:${line}: ${note}.`);
        continue;
      }
      for (const f of left) failures.push(`  CSP ${file}:${line} ${f.directive} ${f.value ?? ''}: ${f.description}`);
      if (left.length > 0) continue;
    }
    failures.push(`  ${result.ruleId} ${file}:${line} ${result.message?.text ?? ''}`);
  }
  if (failures.length > 0) {
    console.error(`security: electronegativity found ${failures.length} issue(s) in ${inputs.join(', ')} (Electron ${electronVersion}):`);
    for (const failure of failures) console.error(failure);
    process.exit(1);
  }
  console.log(`security: electronegativity found no issues in ${inputs.join(', ')} (Electron ${electronVersion}).`);
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}

#!/usr/bin/env node
// `npm run security`: Electronegativity over the main-process sources and the renderer's index.html, scanned together
// (so its whole-app checks see the main process's handlers, and its CSP check sees the page's own policy). Any
// finding fails the run (exit 1) and is printed, except Content-Security-Policy findings reviewed one by one (ACCEPTED
// below: the page's own origin as 'self'). Offline: the check that looks up newer Electron releases is skipped, and the Electron version is read
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

/**
 * Every place a policy is written, each scanned here as well as by electronegativity (which does not find them all): a
 * place whose policy is gone or that gains a finding fails the run. SECURITY_POLICY_PLACES (comma-separated) replaces the
 * list, for the script's own tests.
 */
const POLICY_PLACES = process.env.SECURITY_POLICY_PLACES?.split(',') ?? [
  'renderer/index.html',
  'renderer/dev/index.html',
  'main/electron/contentSecurityPolicy.ts',
  'main/electron/sessionPolicy.ts',
  'main/kiosk/server.ts',
];
/** Pictures come through the page's own origin (main/core/features/artwork/); data: is the QR generator's code. */
const IMG_SRC_ALLOWED = ["'self'", 'data:'];

/** CSP findings reviewed and accepted, each for one directive and source (and, where given, one file), with the reason. */
const ACCEPTED = [
  {
    directive: 'connect-src',
    value: 'http://127.0.0.1:*',
    file: 'renderer/dev/index.html',
    why: "the development page on the fake bridge talks to Vite's dev server; it is never part of a build Tunewall ships",
  },
  {
    directive: 'script-src',
    value: "'self'",
    why: "the page's own origin in either shell (app://tunewall, or the kiosk's loopback server), which serves only the built renderer: no JSONP, no uploads",
  },
];
const accepted = (f, file) =>
  ACCEPTED.find((a) => f.directive === a.directive && f.value === a.value && (a.file === undefined || a.file === file));

/** Every policy written in a file: double-quoted strings (a TS literal, an HTML attribute) that name script-src. */
function policiesIn(file) {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/"([^"]*script-src[^"]*)"/g)].map((m) => m[1]);
}

/**
 * The serious findings of a policy that are not a reviewed exception, and any picture source beyond the page's own
 * origin (which the evaluator does not flag when it is https:).
 */
function unacceptedFindings(policy, file) {
  const parser = new csp.CspParser(policy);
  const findings = new csp.CspEvaluator(parser.csp, csp.Version.CSP3).evaluate();
  const serious = [csp.severities.HIGH, csp.severities.MEDIUM, csp.severities.HIGH_MAYBE, csp.severities.MEDIUM_MAYBE];
  const left = findings.filter((f) => serious.includes(f.severity) && accepted(f, file) === undefined);
  const imgSrc = parser.csp['img-src'] ?? parser.csp['default-src'] ?? [];
  for (const value of imgSrc.filter((v) => !IMG_SRC_ALLOWED.includes(v))) {
    left.push({ directive: 'img-src', value, description: "pictures load only from the page's own origin (and data:)" });
  }
  return left;
}

/** The accepted findings of a policy, for the log. */
function acceptedFindings(policy, file) {
  const parser = new csp.CspParser(policy);
  return new csp.CspEvaluator(parser.csp, csp.Version.CSP3).evaluate().flatMap((f) => {
    const a = accepted(f, file);
    return a === undefined ? [] : [`${a.directive} ${a.value} (${a.why})`];
  });
}

/** Every policy place, scanned: a missing policy or an unaccepted finding is a failure. */
function scanPolicyPlaces() {
  const failures = [];
  for (const file of POLICY_PLACES) {
    const policies = policiesIn(path.join(root, file));
    if (policies.length === 0) failures.push(`  CSP ${file}: no policy found (the scan reads double-quoted strings naming script-src)`);
    for (const policy of policies) {
      for (const f of unacceptedFindings(policy, file)) failures.push(`  CSP ${file} ${f.directive} ${f.value ?? ''}: ${f.description}`);
    }
    for (const note of new Set(policies.flatMap((p) => acceptedFindings(p, file)))) console.log(`security: accepted in ${file}: ${note}.`);
  }
  console.log(`security: ${POLICY_PLACES.length} policy places scanned: ${POLICY_PLACES.join(', ')}.`);
  return failures;
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
  const failures = scanPolicyPlaces();
  for (const result of results) {
    const file = result.locations?.[0]?.physicalLocation?.artifactLocation?.uri ?? 'N/A';
    const line = result.locations?.[0]?.physicalLocation?.region?.startLine ?? 0;
    const where = path.join(scanned, file);
    if (result.ruleId === 'CSP_GLOBAL_CHECK' && fs.existsSync(where)) {
      const policies = policiesIn(where);
      const left = policies.flatMap((p) => unacceptedFindings(p, file));
      // Its accepted findings are logged by scanPolicyPlaces.
      if (policies.length > 0 && left.length === 0) continue;
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

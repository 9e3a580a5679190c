/**
 * Builds the renderer and the kiosk shell once before the end-to-end tests, so they always drive the current code.
 * TUNEWALL_E2E_SKIP_BUILD=1 skips it (when a caller has just built).
 */
import { execFileSync } from 'node:child_process';
import { REPO } from './kiosk';

export default function globalSetup(): void {
  if (process.env['TUNEWALL_E2E_SKIP_BUILD'] === '1') return;
  for (const script of ['build:renderer', 'build:kiosk']) {
    execFileSync('npm', ['run', '--silent', script], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  }
}

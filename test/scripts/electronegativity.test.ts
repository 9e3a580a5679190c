/** `npm run security`: the renderer's page is scanned with the main process, and a weak page policy fails the run. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '../..');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [join(REPO, 'scripts/electronegativity.mjs'), ...args], { cwd: REPO, encoding: 'utf8' });

describe('security scan', () => {
  it('scans main/ and renderer/index.html, and passes on them', () => {
    const result = run();
    expect(result.stdout + result.stderr).toContain('found no issues in main, renderer/index.html');
    expect(result.status).toBe(0);
  }, 120_000);

  it('fails on a page whose policy allows inline scripts, naming the directive', () => {
    const result = run('main', 'test/scripts/fixtures/weak-csp/index.html');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/CSP test\/scripts\/fixtures\/weak-csp\/index\.html:\d+ script-src 'unsafe-inline'/);
  }, 120_000);
});

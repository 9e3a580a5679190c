/** `npm run security`: the renderer's page is scanned with the main process, and a weak page policy fails the run. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '../..');
const run = (...args: string[]) => runWith({}, ...args);
const runWith = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, [join(REPO, 'scripts/electronegativity.mjs'), ...args], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });

describe('security scan', () => {
  it('scans main/, renderer/index.html and every place a policy is written, and passes on them', () => {
    const result = run();
    expect(result.stdout + result.stderr).toContain('found no issues in main, renderer/index.html');
    expect(result.stdout).toContain(
      '5 policy places scanned: renderer/index.html, renderer/dev/index.html, main/electron/contentSecurityPolicy.ts, main/electron/sessionPolicy.ts, main/kiosk/server.ts.',
    );
    // Pictures come through the page's own origin: no loopback exception is left to accept.
    expect(result.stdout).not.toContain('img-src');
    expect(result.status).toBe(0);
  }, 120_000);

  it('fails on a page whose policy allows inline scripts, naming the directive', () => {
    const result = run('main', 'test/scripts/fixtures/weak-csp/index.html');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/CSP test\/scripts\/fixtures\/weak-csp\/index\.html:\d+ script-src 'unsafe-inline'/);
  }, 120_000);

  it('fails on a policy that loads pictures from elsewhere than the page origin, and on a place without a policy', () => {
    const pictures = runWith({ SECURITY_POLICY_PLACES: 'test/scripts/fixtures/picture-csp/server.ts' });
    expect(pictures.status).toBe(1);
    expect(pictures.stderr).toContain("CSP test/scripts/fixtures/picture-csp/server.ts img-src https:: pictures load only from the page's own origin");
    const none = runWith({ SECURITY_POLICY_PLACES: 'package.json' });
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('CSP package.json: no policy found');
  }, 120_000);
});

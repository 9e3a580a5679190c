/**
 * The first `npm run kiosk` builds before it starts: its build says nothing of its progress when it works, shows
 * warnings, and shows everything when it fails. The renderer's Vite config loads without Vite's warning about
 * `configLoader: 'native'`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildQuietly } from '../../scripts/quietBuild.mjs';

const REPO = join(import.meta.dirname, '../..');

function node(script: string): { ok: boolean; said: string } {
  let said = '';
  const ok = buildQuietly(process.execPath, ['-e', script], REPO, (text) => (said += text));
  return { ok, said };
}

const FORTY_LINES = 'for (let i = 0; i < 40; i += 1) console.log(`out/renderer/assets/chunk-${i}.js  12.3 kB`);';

describe('the build before a start', () => {
  it('says nothing of forty lines of progress when it works', () => {
    expect(node(FORTY_LINES)).toEqual({ ok: true, said: '' });
  });

  it('shows a warning, without the progress around it', () => {
    const { ok, said } = node(`${FORTY_LINES} console.warn('(!) Some chunks are larger than 500 kB');`);
    expect(ok).toBe(true);
    expect(said).toBe('(!) Some chunks are larger than 500 kB\n');
  });

  it('shows everything a failing build printed', () => {
    const { ok, said } = node(`${FORTY_LINES} console.error('error during build: cannot resolve "./Missing"'); process.exit(1);`);
    expect(ok).toBe(false);
    expect(said).toContain('chunk-39.js');
    expect(said).toContain('cannot resolve "./Missing"');
  });
});

describe("the renderer's Vite config", () => {
  it("builds without Vite's configLoader warning", () => {
    const out = mkdtempSync(join(tmpdir(), 'tunewall-renderer-build-'));
    try {
      const result = spawnSync(
        process.execPath,
        [join(REPO, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'renderer/vite.config.ts', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'],
        { cwd: REPO, encoding: 'utf8' },
      );
      expect(result.status, result.stderr).toBe(0);
      expect(`${result.stdout}${result.stderr}`).not.toContain('configLoader');
      expect(readdirSync(out)).toContain('early-keys.js');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});

/**
 * One renderer build for both shells: `npm run build` (Electron) and `npm run build:renderer` (what `npm run kiosk`
 * runs) write the same minified renderer, with early-keys.js and the first paint's module, so whichever ran last, the
 * other shell serves a whole page. Each builds into a folder of its own (TUNEWALL_OUT_DIR), leaving out/ to the tests
 * that run the built shell.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler } from '../../main/electron/appProtocol';
import { startKioskServer } from '../../main/kiosk/server';
import { EARLY_KEYS_SCRIPT } from '../../shared/firstPaint';
import { fakeCore } from '../main/electron/fakes';
import { RENDERER_OUTPUTS, rendererIsStale } from '../../scripts/staleness.mjs';
import { findPhonePage } from '../../main/core/features/companion/companion';
import { send, startCompanion } from '../main/core/features/companion/support';

const REPO = join(import.meta.dirname, '../..');
let work: string;

function npmRun(script: string, outDir: string): void {
  const result = spawnSync('npm', ['run', '--silent', script], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, TUNEWALL_OUT_DIR: outDir },
  });
  if (result.status !== 0) throw new Error(`npm run ${script} failed:\n${result.stdout}\n${result.stderr}`);
}

/** Every file under `dir`, by its path inside it. */
function filesUnder(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (at: string): void => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path), readFileSync(path));
    }
  };
  walk(dir);
  return files;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'tunewall-build-'));
  npmRun('build', join(work, 'electron'));
  npmRun('build:renderer', join(work, 'kiosk'));
}, 600_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('one renderer build for both shells', () => {
  it('the Electron build writes the same renderer as the kiosk shell’s, first paint included', () => {
    const electron = filesUnder(join(work, 'electron', 'renderer'));
    const kiosk = filesUnder(join(work, 'kiosk', 'renderer'));
    expect([...electron.keys()].sort()).toEqual([...kiosk.keys()].sort());
    for (const [name, bytes] of electron) expect(bytes.equals(kiosk.get(name) ?? Buffer.alloc(0)), name).toBe(true);
    expect(electron.has(EARLY_KEYS_SCRIPT)).toBe(true);
    expect(statSync(join(work, 'electron', 'first-paint', 'firstPaint.js')).isFile()).toBe(true);
    expect(statSync(join(work, 'electron', 'main', 'index.js')).isFile()).toBe(true);
    expect(statSync(join(work, 'electron', 'preload', 'preload.cjs')).isFile()).toBe(true);
  });

  it('is minified', () => {
    const scripts = [...filesUnder(join(work, 'electron', 'renderer'))].filter(([name]) => name.endsWith('.js'));
    const bytes = scripts.reduce((sum, [, b]) => sum + b.length, 0);
    const lines = scripts.reduce((sum, [, b]) => sum + b.toString('utf8').split('\n').length, 0);
    // electron-vite's own renderer build was 1,144,476 B of JS, one statement a line; minified, far less (about 800 kB
    // with voice guidance's runs and voice list, most of it the chunk loaded only when guidance is on).
    expect(bytes).toBeLessThan(850_000);
    expect(bytes / lines).toBeGreaterThan(1_000);
  });

  it('after the Electron build, the kiosk shell serves early-keys.js and the page', async () => {
    const { core } = { core: fakeCore() };
    const server = await startKioskServer({ core, rendererDir: join(work, 'electron', 'renderer'), secret: 'k'.repeat(43), port: 0 });
    try {
      const launch = await fetch(server.launchUrl, { redirect: 'manual' });
      const cookie = /^tunewall_session=[^;]+/.exec(launch.headers.get('set-cookie') ?? '')?.[0] ?? '';
      const early = await fetch(`${server.origin}/${EARLY_KEYS_SCRIPT}`, { headers: { cookie } });
      expect(early.status).toBe(200);
      expect(early.headers.get('content-type')).toMatch(/javascript/);
      expect(await early.text()).toBe(readFileSync(join(work, 'kiosk', 'renderer', EARLY_KEYS_SCRIPT), 'utf8'));
    } finally {
      await server.close();
    }
  });

  it('after the kiosk shell’s build, the Electron app protocol serves early-keys.js and the page', async () => {
    const handler = createAppProtocolHandler({ rootDir: join(work, 'kiosk', 'renderer'), readFile: async (file) => readFileSync(file) });
    const early = await handler(new Request(`app://tunewall/${EARLY_KEYS_SCRIPT}`));
    expect(early.status).toBe(200);
    expect(early.headers.get('content-type')).toMatch(/javascript/);
    const page = await handler(new Request('app://tunewall/'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('assets/main-');
  });
});

describe('the companion’s phone page', () => {
  it('is built beside the renderer by both builds, and the companion serves it and its files, nothing inline', async () => {
    expect(filesUnder(join(work, 'electron', 'phone')).has('index.html')).toBe(true);
    const page = findPhonePage([join(work, 'kiosk', 'phone')]);
    expect(page).toEqual({ dir: join(work, 'kiosk', 'phone') });
    const running = await startCompanion({ page });
    try {
      const html = await send(running.port, 'GET', '/');
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
      // The companion's policy allows no inline script or style: every script has a src, no element a style.
      expect(html.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html.text).not.toMatch(/\sstyle=/);
      const files = [...html.text.matchAll(/(?:src|href)="\.\/(assets\/[^"]+)"/g)].map((m) => m[1]);
      expect(files.some((f) => f?.endsWith('.js'))).toBe(true);
      expect(files.some((f) => f?.endsWith('.css'))).toBe(true);
      for (const file of files) {
        const reply = await send(running.port, 'GET', `/${file}`);
        expect(reply.status, file).toBe(200);
        expect(reply.headers['content-type'], file).toMatch(file?.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
      }
    } finally {
      await running.companion.stop();
    }
  });
});

describe('whether the renderer must be built again', () => {
  function root(outputs: readonly string[]): string {
    const dir = join(work, `stale-${Math.random().toString(36).slice(2)}`);
    mkdirSync(join(dir, 'renderer'), { recursive: true });
    writeFileSync(join(dir, 'renderer', 'main.tsx'), '');
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'renderer', 'main.tsx'), past, past);
    for (const output of outputs) {
      mkdirSync(dirname(join(dir, output)), { recursive: true });
      writeFileSync(join(dir, output), '');
    }
    return dir;
  }

  it('looks at every output, not only index.html', () => {
    expect(RENDERER_OUTPUTS).toEqual(expect.arrayContaining(['out/renderer/index.html', `out/renderer/${EARLY_KEYS_SCRIPT}`, 'out/first-paint/firstPaint.js', 'out/phone/index.html']));
    // A folder another build wrote (an index.html, no early-keys.js) is not this build's.
    expect(rendererIsStale(root(['out/renderer/index.html']))).toBe(true);
    expect(rendererIsStale(root(RENDERER_OUTPUTS))).toBe(false);
  });

  it('builds again when a source is newer than the build', () => {
    const dir = root(RENDERER_OUTPUTS);
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(dir, 'renderer', 'main.tsx'), future, future);
    expect(rendererIsStale(dir)).toBe(true);
  });
});

/**
 * The kiosk shell built from source once, for tests that start it many times: `node` on one bundled module starts in
 * a fraction of what `tsx` takes to transform the source tree at every start, which on a busy machine is most of a
 * restart. The bundle lives under node_modules/.cache so its npm imports resolve from the repository's node_modules.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');

export interface KioskBundle {
  /** The built module, to run with `node`. */
  entry: string;
  remove(): void;
}

export async function buildKioskBundle(): Promise<KioskBundle> {
  const cache = join(REPO, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(join(cache, 'tunewall-test-kiosk-'));
  const vite = join(REPO, 'node_modules/vite/bin/vite.js');
  const args = [vite, 'build', '--config', 'vite.kiosk.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error', '--sourcemap', 'false'];
  const child = spawn(process.execPath, args, { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`the kiosk shell did not build:\n${stderr}`);
  return { entry: join(outDir, 'index.js'), remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

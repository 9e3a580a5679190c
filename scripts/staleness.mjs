// When a build output is older than its sources: used by `npm start` and `npm run kiosk` to build only when needed.
import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time under `entry` (a file or a folder, skipping node_modules and dot entries); 0 if absent. */
export function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    // A source that does not exist cannot make the build stale.
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

/** True when any output is missing or older than the newest of `sources` (paths relative to `root`). */
export function isStale(root, outputs, sources) {
  const files = outputs.map((file) => path.join(root, file));
  if (!files.every((file) => fs.existsSync(file))) return true;
  const oldestOutput = Math.min(...files.map((file) => fs.statSync(file).mtimeMs));
  return sources.some((source) => newestMtime(path.join(root, source)) > oldestOutput);
}

/** What the Electron main process build (`npm run build`, electron.vite.config.ts) writes; ipadic.bin is voice guidance's Japanese dictionary. */
export const MAIN_OUTPUTS = ['out/main/index.js', 'out/main/ipadic.bin', 'out/preload/preload.cjs'];

/**
 * The one renderer build both shells serve (`npm run build:renderer`): what it writes, and what it is built from. Every
 * output counts, not only index.html: a renderer folder without early-keys.js or the first paint's module, or no phone
 * page (out/phone, the companion's), was not written by this build.
 */
export const RENDERER_OUTPUTS = ['out/renderer/index.html', 'out/renderer/early-keys.js', 'out/first-paint/firstPaint.js', 'out/phone/index.html'];
export const RENDERER_SOURCES = ['renderer', 'shared', 'package-lock.json'];

/** True when the renderer must be built again before a shell serves it. */
export function rendererIsStale(root) {
  return isStale(root, RENDERER_OUTPUTS, RENDERER_SOURCES);
}

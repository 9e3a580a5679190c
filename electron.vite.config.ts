/**
 * `npm run build`: the Electron main process and its sandboxed preload, into out/ (TUNEWALL_OUT_DIR for another folder).
 *   out/main/index.js        ESM main process (package.json "main")
 *   out/main/ipadic.bin      voice guidance's compact Japanese dictionary (scripts/ipadicPlugin.ts)
 *   out/preload/preload.cjs  one self-contained CommonJS file: a sandboxed preload can require nothing but electron
 * The renderer (out/renderer, served on app://tunewall/) is not built here: `npm run build` then runs
 * `npm run build:renderer`, the one renderer build both shells serve (minified, with early-keys.js and the first
 * paint's module). A renderer section here would build a second, different renderer into the same folder.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import { ipadicPlugin } from './scripts/ipadicPlugin';

const fromRoot = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));
const OUT = process.env['TUNEWALL_OUT_DIR'] ?? fromRoot('./out');

// Electron 45: Node 22 in the main process.
const NODE_TARGET = 'node22';

export default defineConfig({
  main: {
    // Voice guidance's compact Japanese dictionary, out/main/ipadic.bin (packaged with out/main/**).
    plugins: [ipadicPlugin()],
    build: {
      target: NODE_TARGET,
      outDir: `${OUT}/main`,
      // zod bundled, as in the kiosk shell (vite.kiosk.config.ts): its package entry loads all of its locales.
      externalizeDeps: { exclude: ['zod'] },
      lib: { entry: { index: fromRoot('./main/electron/index.ts') } },
      sourcemap: true,
    },
  },
  preload: {
    build: {
      target: NODE_TARGET,
      outDir: `${OUT}/preload`,
      // Bundle every import into the one file; only 'electron' stays external.
      externalizeDeps: false,
      lib: { entry: { preload: fromRoot('./main/electron/preload.ts') } },
      rolldownOptions: {
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
      sourcemap: false,
    },
  },
});

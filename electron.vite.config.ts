/**
 * `npm run build`: the Electron main process, its sandboxed preload and the renderer, into out/.
 *   out/main/index.js        ESM main process (package.json "main")
 *   out/preload/preload.cjs  one self-contained CommonJS file: a sandboxed preload can require nothing but electron
 *   out/renderer/            the React renderer, served on app://tunewall/
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const fromRoot = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

// Electron 45: Node 22 in the main process, Chromium 140 in the renderer.
const NODE_TARGET = 'node22';
const CHROME_TARGET = 'chrome140';

export default defineConfig({
  main: {
    build: {
      target: NODE_TARGET,
      outDir: fromRoot('./out/main'),
      lib: { entry: { index: fromRoot('./main/electron/index.ts') } },
      sourcemap: true,
    },
  },
  preload: {
    build: {
      target: NODE_TARGET,
      outDir: fromRoot('./out/preload'),
      // Bundle every import into the one file; only 'electron' stays external.
      externalizeDeps: false,
      lib: { entry: { preload: fromRoot('./main/electron/preload.ts') } },
      rolldownOptions: {
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
      sourcemap: false,
    },
  },
  renderer: {
    root: fromRoot('./renderer'),
    plugins: [react()],
    build: {
      target: CHROME_TARGET,
      outDir: fromRoot('./out/renderer'),
      emptyOutDir: true,
      rolldownOptions: {
        input: { index: fromRoot('./renderer/index.html') },
      },
    },
  },
});

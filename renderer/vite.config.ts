import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { EARLY_KEYS_SCRIPT } from '../shared/firstPaint.js';

const root = new URL('.', import.meta.url).pathname;
const EARLY_KEYS = 'early-keys';
/** Where the build goes: out/ beside the repository, or TUNEWALL_OUT_DIR (a test builds into a folder of its own). */
const OUT = process.env['TUNEWALL_OUT_DIR'] ?? `${root}../out`;

/**
 * `npm run build:renderer` builds the production renderer (index.html, and early-keys.js, which the kiosk shell adds to
 * a page it drew the first screen into) into out/renderer, then the first screen's server rendering
 * (vite.firstpaint.config.ts). It is the one renderer build: both shells serve it (`npm run build` runs it after the
 * Electron main process and preload), minified.
 * `--mode fake` also builds dev/index.html, the renderer on the scripted fake bridge, into out/renderer-fake:
 * the fake bridge is never part of the production output.
 */
export default defineConfig(({ mode }) => {
  const fake = mode === 'fake';
  const input: Record<string, string> = { main: `${root}index.html`, [EARLY_KEYS]: `${root}src/earlyKeys.ts` };
  if (fake) input.fake = `${root}dev/index.html`;
  return {
    root,
    base: './',
    plugins: [react()],
    build: {
      outDir: fake ? `${OUT}/renderer-fake` : `${OUT}/renderer`,
      emptyOutDir: true,
      target: 'chrome110',
      /*
       * One stylesheet, linked from the page's head, as when every rule lived in one file. Each component's CSS sits
       * beside it; split per chunk, Settings' and the detail screens' rules (lazy chunks, lazyScreens.ts) would arrive
       * only when such a screen opens, after the first screen's: the screen flashes unstyled, and which of two equal
       * rules wins would depend on what was opened first. Joined, the order is fixed at build time: the CSS of the
       * chunks the page imports (components shared with the lazy screens), then the page's own (the theme and App.css
       * first, then each component after what it imports), then the lazy screens'. Rules that tie for one element sit in
       * one file, so none depends on where a file lands.
       */
      cssCodeSplit: false,
      rollupOptions: {
        input,
        // early-keys.js under a name the shell knows (shared/firstPaint.ts); everything else hashed as usual.
        output: { entryFileNames: (chunk) => (chunk.name === EARLY_KEYS ? EARLY_KEYS_SCRIPT : 'assets/[name]-[hash].js') },
      },
    },
    server: { host: '127.0.0.1' },
    preview: { host: '127.0.0.1' },
  };
});

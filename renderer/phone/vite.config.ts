import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = new URL('.', import.meta.url).pathname;
/** Where the build goes: out/ beside the repository, or TUNEWALL_OUT_DIR (a test builds into a folder of its own). */
const OUT = process.env['TUNEWALL_OUT_DIR'] ?? `${root}../../out`;

/**
 * The companion's phone page (`npm run build:renderer` builds it after the TV's renderer) into out/phone: index.html
 * and its hashed script and stylesheet under assets/, which the companion serves (main/core/features/companion/page.ts).
 * Nothing inline: the companion's policy allows the page's own scripts and styles only.
 */
export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  build: {
    outDir: `${OUT}/phone`,
    emptyOutDir: true,
    // Phones: Safari 15 and Chrome from 2021 on.
    target: ['safari15', 'chrome100'],
    // No modulepreload polyfill: one script, and the policy allows no inline script.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = new URL('.', import.meta.url).pathname;

/**
 * The first screen's server rendering (src/firstPaint.tsx) as one Node module, out/first-paint/firstPaint.js, which the
 * kiosk shell loads at start. React and everything else are bundled in, in production mode: the shell then needs no
 * renderer package at run time, and draws with React's production build.
 */
export default defineConfig({
  root,
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: `${root}src/firstPaint.tsx`,
    outDir: `${process.env['TUNEWALL_OUT_DIR'] ?? `${root}../out`}/first-paint`,
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'firstPaint.js', format: 'es' } },
  },
});

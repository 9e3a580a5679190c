import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = new URL('.', import.meta.url).pathname;

/** Builds the bench's conventional peer page (main.tsx) into out/bench-peer; the bench serves it beside the floor. */
export default defineConfig({
  root,
  base: '/peer/',
  plugins: [react()],
  build: { outDir: '../../../out/bench-peer', emptyOutDir: true, target: 'chrome110' },
});

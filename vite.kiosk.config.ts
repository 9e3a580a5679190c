import { defineConfig } from 'vite';

/** Builds the kiosk shell (main/kiosk) into one Node module; npm packages stay external. */
export default defineConfig({
  build: {
    ssr: 'main/kiosk/index.ts',
    outDir: 'out/kiosk',
    target: 'node20',
    emptyOutDir: true,
    sourcemap: true,
  },
});

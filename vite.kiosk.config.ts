import { defineConfig } from 'vite';
import { ipadicPlugin } from './scripts/ipadicPlugin';

/**
 * Builds the kiosk shell (main/kiosk) into one Node module; npm packages stay external. Beside it, voice guidance's
 * compact Japanese dictionary (ipadic.bin).
 */
export default defineConfig({
  plugins: [ipadicPlugin()],
  build: {
    ssr: 'main/kiosk/index.ts',
    outDir: 'out/kiosk',
    target: 'node20',
    emptyOutDir: true,
    sourcemap: true,
  },
});

import { defineConfig } from 'vite';
import { ipadicPlugin } from './scripts/ipadicPlugin';

/**
 * Builds the kiosk shell (main/kiosk) into one Node module; npm packages stay external but zod. Beside it, voice
 * guidance's compact Japanese dictionary (ipadic.bin).
 *
 * zod is bundled: its package entry loads every one of its locales (over a hundred modules of error messages) and its
 * JSON Schema tools, which the shell never uses; bundled, only the schemas and checks the shell calls are kept. The
 * shell's RSS after the bench's walk: 114-116 MB with zod from node_modules, 106 MB bundled (144-150 MB instead of
 * 153-158 with voice guidance's Japanese dictionary loaded). Bundling the other packages too (hono, qrcode,
 * prom-client, p-limit) made it larger (111 MB), so they stay external.
 */
export default defineConfig({
  plugins: [ipadicPlugin()],
  ssr: { noExternal: ['zod'] },
  build: {
    ssr: 'main/kiosk/index.ts',
    outDir: 'out/kiosk',
    target: 'node20',
    emptyOutDir: true,
    sourcemap: true,
  },
});

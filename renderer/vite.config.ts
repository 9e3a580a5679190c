import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = new URL('.', import.meta.url).pathname;

/**
 * `npm run build:renderer` builds the production renderer (index.html only) into out/renderer.
 * `--mode fake` also builds dev/index.html, the renderer on the scripted fake bridge, into out/renderer-fake:
 * the fake bridge is never part of the production output.
 */
export default defineConfig(({ mode }) => {
  const fake = mode === 'fake';
  const input: Record<string, string> = { main: `${root}index.html` };
  if (fake) input.fake = `${root}dev/index.html`;
  return {
    root,
    base: './',
    plugins: [react()],
    build: {
      outDir: fake ? '../out/renderer-fake' : '../out/renderer',
      emptyOutDir: true,
      target: 'chrome110',
      rollupOptions: {
        input,
      },
    },
    server: { host: '127.0.0.1' },
    preview: { host: '127.0.0.1' },
  };
});

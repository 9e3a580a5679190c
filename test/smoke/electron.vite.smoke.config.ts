/**
 * The main process and preload exactly as `npm run build` makes them (electron.vite.config.ts), written where the
 * smoke test runs them (TUNEWALL_SMOKE_OUT, inside the repository so node_modules resolve); no renderer.
 */
import { join } from 'node:path';
import { defineConfig } from 'electron-vite';
import config from '../../electron.vite.config';

const out = process.env.TUNEWALL_SMOKE_OUT;
if (out === undefined) throw new Error('TUNEWALL_SMOKE_OUT is not set');

const { main, preload } = config as { main: { build: object }; preload: { build: object } };

export default defineConfig({
  main: { ...main, build: { ...main.build, outDir: join(out, 'main') } },
  preload: { ...preload, build: { ...preload.build, outDir: join(out, 'preload') } },
});

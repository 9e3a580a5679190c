/**
 * Tunewall's Electron main process. Electron-specific wiring lives in shell.ts; this file supplies what only the
 * built app knows: where the renderer and preload were emitted, and the core's factory.
 */
import fs from 'node:fs';
import path from 'node:path';
import Store from 'electron-store';
import { createAppCore } from './coreEntry';
import { createConsoleLogger } from './logger';
import { prepareShell, startShell } from './shell';

const logger = createConsoleLogger();
// Built layout: out/main/index.js, out/preload/preload.cjs, out/renderer/index.html.
const here = import.meta.dirname;

process.on('uncaughtException', (error) => {
  logger.error('main: uncaught exception', { error: error.message, stack: error.stack });
});
process.on('unhandledRejection', (reason) => {
  logger.error('main: unhandled rejection', { error: reason instanceof Error ? reason.message : String(reason) });
});

if (prepareShell(logger)) {
  startShell({
    createAppCore,
    createStore: (options) => new Store<Record<string, unknown>>(options),
    rendererDir: path.join(here, '..', 'renderer'),
    preloadPath: path.join(here, '..', 'preload', 'preload.cjs'),
    argv: process.argv.slice(process.defaultApp ? 2 : 1),
    env: process.env,
    logger,
  }).catch((error: unknown) => {
    logger.error('main: Tunewall failed to start', { error: error instanceof Error ? error.message : String(error) });
    process.exitCode = 1;
    if (!fs.existsSync(path.join(here, '..', 'renderer', 'index.html'))) {
      logger.error('main: the renderer is not built; run `npm run build`');
    }
    // A shell that cannot start must not linger as a process with no window.
    setImmediate(() => process.exit(1));
  });
}

/**
 * Where the Electron shell finds the core: `createAppCore` with Electron's deps, and the embedded sandbox started
 * in-process when no credentials are configured.
 */
import { join } from 'node:path';
import { createAppCore as createCore } from '../core/app';
import { builtPhonePage } from '../core/features/companion/page';
import type { CreateAppCore } from './coreDeps';

export const createAppCore: CreateAppCore | undefined = (deps) =>
  createCore({
    env: deps.env,
    argv: deps.argv,
    userDataDir: deps.userDataDir,
    fetch: deps.fetch,
    clock: deps.clock,
    cipher: deps.cipher,
    noCipherReason: deps.cipherUnavailableReason,
    store: deps.store,
    logger: deps.logger,
    systemLocale: deps.systemLocale,
    version: deps.appVersion,
    screenReader: deps.screenReader,
    // Bundled into out/main/index.js: the phone page is out/phone, beside it.
    phonePage: builtPhonePage(import.meta.dirname, deps.env),
    startSandbox: async () => {
      // Loaded only when used: the sandbox draws its pictures with sharp, a native module built per OS and CPU, and a
      // Tunewall with real credentials must start even where sharp cannot load.
      const { SANDBOX_STATE_FILE, startSandbox } = await import('../../sandbox/index');
      // The embedded sandbox keeps its state beside Tunewall's, so a restart stays signed in (see sandbox/README.md).
      return startSandbox(
        { host: deps.env['TUNEWALL_SANDBOX_HOST'] ?? '127.0.0.1' },
        { stateFile: join(deps.userDataDir, SANDBOX_STATE_FILE), log: (message, fields) => deps.logger.warn(`sandbox: ${message}`, fields) },
      );
    },
  });

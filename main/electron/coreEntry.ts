/**
 * Where the Electron shell finds the core: `createAppCore` with Electron's deps, and the embedded sandbox started
 * in-process when no credentials are configured.
 */
import { createAppCore as createCore } from '../core/app';
import { startSandbox } from '../../sandbox/index';
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
    startSandbox: () => startSandbox({ host: deps.env['TUNEWALL_SANDBOX_HOST'] ?? '127.0.0.1' }),
  });

/**
 * Where the Electron shell finds the core: `createAppCore` with Electron's deps, and the embedded sandbox started
 * in-process when no credentials are configured.
 */
import { embeddedSandboxStarter } from '../../sandbox/embedded';
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
    startSandbox: embeddedSandboxStarter({ env: deps.env, dataDir: deps.userDataDir, warn: (message, fields) => deps.logger.warn(message, fields) }),
  });

/**
 * The sandbox as Tunewall's shells embed it when no service is configured (the kiosk shell and the Electron app, the
 * same way). Loaded only when started: it draws its pictures with sharp, a native module built per OS and CPU that a
 * Tunewall with real credentials must start without (where it cannot load, and for the memory it holds: libvips and
 * the sandbox are some 9 MB of the kiosk shell). Its state is kept beside Tunewall's, so a restart finds the sign-in
 * the vault kept still valid, as it would be against the real service (see sandbox/README.md).
 */
import { join } from 'node:path';
import type { SandboxLog } from './http/guards';
import type { RunningSandbox } from './index';

export interface EmbeddedSandboxOptions {
  /** TUNEWALL_SANDBOX_HOST, when set, is the address it listens on (loopback otherwise). */
  env: NodeJS.ProcessEnv;
  /** Tunewall's data folder, where the sandbox keeps its state. */
  dataDir: string;
  /** Where its complaints go, each prefixed "sandbox: ". */
  warn: SandboxLog;
}

/** What starts the embedded sandbox, loading it then. */
export function embeddedSandboxStarter({ env, dataDir, warn }: EmbeddedSandboxOptions): () => Promise<RunningSandbox> {
  return async () => {
    const { SANDBOX_STATE_FILE, startSandbox } = await import('./index');
    return startSandbox(
      { host: env['TUNEWALL_SANDBOX_HOST'] ?? '127.0.0.1' },
      { stateFile: join(dataDir, SANDBOX_STATE_FILE), log: (message, fields) => warn(`sandbox: ${message}`, fields) },
    );
  };
}

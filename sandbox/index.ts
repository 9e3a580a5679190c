/**
 * The sandbox's public API: start a loopback emulator of the whole service contract, steer it, close it.
 * The app embeds it when no credentials are configured; every test uses it as its fixture.
 */
import type { Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import { createSandboxApp, type SandboxEnvironment } from './app';
import { createSandboxServer } from './http/server';
import { stderrLog } from './http/guards';
import type { SandboxControl } from './control';
import { resolveOptions, type SandboxOptions, type SandboxOptionsInput } from './options';

export type { SandboxControl, LoggedRequest } from './control';
export type { SandboxEnvironment } from './app';
export type { SandboxLog } from './http/guards';
export type { SandboxOptions, SandboxOptionsInput, FaultOptions, LifetimeOptions } from './options';

/** The name of the embedded sandbox's state file in the app's data folder. */
export const SANDBOX_STATE_FILE = 'sandbox-state.json';

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:54321 (publicOrigin when set). */
  origin: string;
  /** auth = origin, api = origin + '/v1.1', qr = origin. */
  urls: { auth: string; api: string; qr: string };
  client: { id: string; secret: string };
  /** Live: control changes are reflected here. */
  options: SandboxOptions;
  control: SandboxControl;
  /** Closes the server and every open connection. */
  close(): Promise<void>;
}

/** The first non-internal IPv4 address, so a phone on the LAN can open the links; undefined when there is none. */
export function lanAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const info of list ?? []) if (info.family === 'IPv4' && !info.internal) return info.address;
  }
  return undefined;
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return lanAddress() ?? '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function isAddressInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EADDRINUSE';
}

/**
 * Starts the sandbox. With `env.stateFile` it remembers across restarts (token digests, added favorites,
 * authorizations) and listens on the port of its previous run when that is free, so the origin in every link and
 * picture URL handed out before (and cached by the app) keeps working.
 */
export async function startSandbox(input?: SandboxOptionsInput, env: SandboxEnvironment = {}): Promise<RunningSandbox> {
  const options = resolveOptions(input);
  let origin = '';
  const { app, control, persistence } = createSandboxApp(options, () => origin, env);
  const server = createSandboxServer(app, options.host, env.log ?? stderrLog);
  const previous = options.port === 0 ? persistence?.previousPort : undefined;
  try {
    await listen(server, previous ?? options.port, options.host);
  } catch (error) {
    // Someone else has the previous port now: any free one will do; links handed out before point elsewhere.
    if (previous === undefined || !isAddressInUse(error)) throw error;
    await listen(server, 0, options.host);
  }
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The sandbox is not listening on a TCP port.');
  options.port = address.port;
  origin = (options.publicOrigin ?? `http://${hostForUrl(options.host)}:${address.port}`).replace(/\/+$/, '');
  // The port is part of what the next run looks for.
  await persistence?.rewrite();
  let closing: Promise<void> | undefined;
  return {
    origin,
    urls: { auth: origin, api: `${origin}/v1.1`, qr: origin },
    client: { id: options.clientId, secret: options.clientSecret },
    options,
    control,
    close() {
      closing ??= (async () => {
        await persistence?.rewrite();
        await new Promise<void>((resolve, reject) => {
          server.close((err) => (err ? reject(err) : resolve()));
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

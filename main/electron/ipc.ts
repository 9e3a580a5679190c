/**
 * The main side of the IPC transport: one ipcMain.handle per bridge method, each refusing senders the policy does not
 * trust and arguments the schemas do not accept, and pushing core events to the trusted windows.
 */
import type { AppCore } from '../core/appCore';
import type { Logger } from '../core/ports';
import { BRIDGE_METHODS, type BridgeEvent, type BridgeHandlers } from '../../shared/bridge';
import { parseBridgeArgs } from '../../shared/bridgeArgs';
import { EVENT_CHANNEL, channelFor } from './channels';
import type { IpcSenderEvent, SenderPolicy } from './senderPolicy';

/** The parts of Electron's ipcMain used here. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcSenderEvent, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export class RefusedSenderError extends Error {
  constructor(channel: string) {
    super(`Tunewall refused ${channel}: the request did not come from a Tunewall window`);
    this.name = 'RefusedSenderError';
  }
}

/** Registers every bridge channel; returns the function that removes them. */
export function registerBridgeIpc(deps: {
  ipcMain: IpcMainLike;
  /** A promise while the core is still starting: calls wait for it. */
  handlers: BridgeHandlers | Promise<BridgeHandlers>;
  policy: SenderPolicy;
  logger: Logger;
}): () => void {
  const { ipcMain, handlers, policy, logger } = deps;
  for (const method of BRIDGE_METHODS) {
    const channel = channelFor(method);
    ipcMain.handle(channel, async (event, ...args) => {
      if (!policy.isTrusted(event)) {
        logger.warn('ipc: refused a request from an untrusted sender', { channel, url: event.senderFrame?.url });
        throw new RefusedSenderError(channel);
      }
      const parsed = parseBridgeArgs(method, args);
      if (!parsed.ok) {
        logger.warn('ipc: refused invalid arguments', { channel });
        throw new TypeError(parsed.message);
      }
      try {
        const ready = await handlers;
        const handler = ready[method] as (...a: unknown[]) => Promise<unknown>;
        return await handler.apply(ready, parsed.args);
      } catch (error) {
        // Handlers report expected failures as Result values; anything thrown is a defect, logged here in full and
        // passed on without internals.
        logger.error('ipc: handler failed', { channel, error: error instanceof Error ? error.message : String(error) });
        throw new Error(`Tunewall could not complete ${method}`);
      }
    });
  }
  return () => {
    for (const method of BRIDGE_METHODS) ipcMain.removeHandler(channelFor(method));
  };
}

/** Pushes every core event to the trusted windows; returns the unsubscribe function. */
export function forwardCoreEvents(core: Pick<AppCore, 'subscribe'>, policy: SenderPolicy): () => void {
  return core.subscribe((event: BridgeEvent) => {
    for (const contents of policy.trusted()) contents.send(EVENT_CHANNEL, event);
  });
}

/**
 * The IPC allow-list: one channel per bridge method, plus one for pushed events. Shared by the preload and the main
 * process so the two cannot drift apart.
 */
import { BRIDGE_METHODS, type BridgeMethod } from '../../shared/bridge';

export const CHANNEL_PREFIX = 'tunewall:';

/** Main → renderer pushes (BridgeEvent). Never handled by ipcMain. */
export const EVENT_CHANNEL = 'tunewall:event';

export type BridgeChannel = `tunewall:${BridgeMethod}`;

export function channelFor(method: BridgeMethod): BridgeChannel {
  return `tunewall:${method}`;
}

export const BRIDGE_CHANNELS: readonly BridgeChannel[] = BRIDGE_METHODS.map(channelFor);

export function isBridgeMethod(value: unknown): value is BridgeMethod {
  return typeof value === 'string' && (BRIDGE_METHODS as readonly string[]).includes(value);
}

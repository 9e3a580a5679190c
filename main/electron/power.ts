/**
 * Keeps a wall display awake, and tells the core when the machine wakes or the network comes back so that polling and
 * token expiry are re-checked at once instead of at a timer that slept through. Not 'unlock-screen': Electron emits
 * it on macOS and Windows only (docs/api/power-monitor.md), and a locked screen that did not sleep stopped no timer.
 */
import type { AppCore } from '../core/appCore';

export interface PowerSaveBlockerLike {
  start(type: 'prevent-app-suspension' | 'prevent-display-sleep'): number;
  stop(id: number): void;
  isStarted(id: number): boolean;
}

export interface PowerMonitorLike {
  on(event: 'resume', listener: () => void): unknown;
  removeListener(event: 'resume', listener: () => void): unknown;
}

export function keepDisplayAwake(blocker: PowerSaveBlockerLike): () => void {
  const id = blocker.start('prevent-display-sleep');
  return () => {
    if (blocker.isStarted(id)) blocker.stop(id);
  };
}

export function forwardWakeups(monitor: PowerMonitorLike, core: Pick<AppCore, 'resume'>): () => void {
  const onWake = (): void => core.resume();
  monitor.on('resume', onWake);
  return () => {
    monitor.removeListener('resume', onWake);
  };
}

/** Electron's main process has no "online" event: poll the cheap check and tell the core when the network returns. */
export function forwardOnline(
  isOnline: () => boolean,
  core: Pick<AppCore, 'online'>,
  options: { intervalMs: number; setInterval: (callback: () => void, ms: number) => () => void },
): () => void {
  let wasOnline = isOnline();
  return options.setInterval(() => {
    const online = isOnline();
    if (online && !wasOnline) core.online();
    wasOnline = online;
  }, options.intervalMs);
}

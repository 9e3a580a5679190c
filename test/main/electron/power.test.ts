import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { forwardOnline, forwardWakeups, keepDisplayAwake } from '../../../main/electron/power';
import { resolveWindowOptions } from '../../../main/electron/windowConfig';

describe('power', () => {
  it('prevents display sleep until released', () => {
    const started = new Set<number>();
    const blocker = {
      start: vi.fn(() => (started.add(7), 7)),
      stop: vi.fn((id: number) => void started.delete(id)),
      isStarted: (id: number) => started.has(id),
    };
    const release = keepDisplayAwake(blocker);
    expect(blocker.start).toHaveBeenCalledWith('prevent-display-sleep');
    release();
    release();
    expect(blocker.stop).toHaveBeenCalledTimes(1);
  });

  it('stops forwarding wake-ups once released', () => {
    const monitor = new EventEmitter();
    const core = { resume: vi.fn() };
    const stop = forwardWakeups(monitor, core);
    monitor.emit('resume');
    stop();
    monitor.emit('resume');
    expect(core.resume).toHaveBeenCalledTimes(1);
  });

  it('tells the core when the network comes back, once per return', () => {
    let online = false;
    let tick = (): void => undefined;
    const core = { online: vi.fn() };
    forwardOnline(() => online, core, {
      intervalMs: 10,
      setInterval: (callback) => {
        tick = callback;
        return () => undefined;
      },
    });
    tick();
    expect(core.online).not.toHaveBeenCalled();
    online = true;
    tick();
    tick();
    expect(core.online).toHaveBeenCalledTimes(1);
  });
});

describe('window options', () => {
  const base = { state: { kiosk: { enabled: false, idleSeconds: 0 } }, argv: [], env: {}, isPackaged: true };

  it('is fullscreen without devtools in an installed build, whatever the switches', () => {
    expect(resolveWindowOptions({ ...base, argv: ['--devtools', '--windowed'] })).toEqual({
      kiosk: false,
      fullscreen: true,
      devtools: false,
    });
  });

  it('follows the core for kiosk mode', () => {
    expect(resolveWindowOptions({ ...base, state: { kiosk: { enabled: true, idleSeconds: 30 } } }).kiosk).toBe(true);
  });

  it('honours developer switches when run from source', () => {
    expect(resolveWindowOptions({ ...base, isPackaged: false, argv: ['--devtools', '--windowed'] })).toEqual({
      kiosk: false,
      fullscreen: false,
      devtools: true,
    });
  });
});

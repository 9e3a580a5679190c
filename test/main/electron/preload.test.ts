import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { BRIDGE_METHODS, type BridgeEvent, type TunewallBridge } from '../../../shared/bridge';
import { EVENT_CHANNEL } from '../../../main/electron/channels';
import { fake, ipcRenderer, resetElectronMock } from './electronMock';

let bridge: TunewallBridge;

beforeAll(async () => {
  resetElectronMock();
  await import('../../../main/electron/preload');
  const exposed = fake.exposed.get('tunewall');
  if (exposed === undefined) throw new Error('preload exposed nothing as window.tunewall');
  bridge = exposed as TunewallBridge;
});

beforeEach(() => {
  ipcRenderer.invoke.mockClear();
  ipcRenderer.on.mockClear();
});

describe('preload', () => {
  it('exposes exactly one global, the bridge, with the bridge methods and subscribe', () => {
    expect([...fake.exposed.keys()]).toEqual(['tunewall']);
    expect(Object.keys(bridge).sort()).toEqual([...BRIDGE_METHODS, 'subscribe'].sort());
    expect(Object.values(bridge).every((value) => typeof value === 'function')).toBe(true);
    expect(bridge).not.toHaveProperty('invoke');
    expect(bridge).not.toHaveProperty('ipcRenderer');
  });

  it('invokes each method on its own channel with its arguments', async () => {
    ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: undefined });
    await expect(bridge.setTerritory('HK')).resolves.toEqual({ ok: true, value: undefined });
    expect(ipcRenderer.invoke).toHaveBeenCalledWith('tunewall:setTerritory', 'HK');

    await bridge.getTracks({ kind: 'playlist', id: 'p1' }, 20, 10);
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('tunewall:getTracks', { kind: 'playlist', id: 'p1' }, 20, 10);

    for (const method of BRIDGE_METHODS) {
      ipcRenderer.invoke.mockClear();
      await (bridge[method] as () => Promise<unknown>)();
      expect(ipcRenderer.invoke.mock.calls[0]?.[0]).toBe(`tunewall:${method}`);
    }
  });

  it('delivers pushed events as the payload alone, and unsubscribes', () => {
    const received: unknown[] = [];
    const unsubscribe = bridge.subscribe((event) => received.push(event));
    const listeners = [...(fake.rendererListeners.get(EVENT_CHANNEL) ?? [])] as ((e: unknown, p: unknown) => void)[];
    expect(listeners).toHaveLength(1);
    const payload: BridgeEvent = { type: 'intent', intent: 'back' };
    const ipcEvent = { sender: ipcRenderer, senderId: 0, ports: [] };
    listeners[0]?.(ipcEvent, payload);
    expect(received).toEqual([payload]);

    unsubscribe();
    expect(fake.rendererListeners.get(EVENT_CHANNEL)?.size).toBe(0);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { BRIDGE_METHODS } from '../../../shared/bridge';
import { EVENT_CHANNEL, channelFor } from '../../../main/electron/channels';
import { forwardCoreEvents, registerBridgeIpc, type IpcMainLike } from '../../../main/electron/ipc';
import { createSenderPolicy, type IpcSenderEvent, type SenderPolicy } from '../../../main/electron/senderPolicy';
import { fakeCore, fakeHandlers, fakeLogger } from './fakes';
import { FakeWebContents } from './electronMock';

type Listener = (event: IpcSenderEvent, ...args: unknown[]) => unknown;

function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const ipc: IpcMainLike = {
    handle: (channel, listener) => {
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => {
      handlers.delete(channel);
    },
  };
  return { ipc, handlers };
}

function setup() {
  const { ipc, handlers: channels } = fakeIpcMain();
  const policy: SenderPolicy = createSenderPolicy();
  const ours = new FakeWebContents();
  policy.trust(ours);
  const handlers = fakeHandlers();
  const unregister = registerBridgeIpc({ ipcMain: ipc, handlers, policy, logger: fakeLogger() });
  const call = (channel: string, event: IpcSenderEvent, ...args: unknown[]) => {
    const listener = channels.get(channel);
    if (listener === undefined) throw new Error(`no handler on ${channel}`);
    return Promise.resolve().then(() => listener(event, ...args));
  };
  const fromApp = (url = 'app://tunewall/index.html'): IpcSenderEvent => ({ sender: ours, senderFrame: { url, parent: null } });
  return { channels, handlers, ours, policy, call, fromApp, unregister };
}

describe('bridge IPC', () => {
  let s: ReturnType<typeof setup>;
  beforeEach(() => {
    s = setup();
  });

  it('registers one channel per bridge method and nothing else', () => {
    expect([...s.channels.keys()].sort()).toEqual(BRIDGE_METHODS.map((m) => `tunewall:${m}`).sort());
  });

  it('passes an allowed sender through to the core handler with its arguments', async () => {
    const ref = { kind: 'chart', id: 'c1' };
    await expect(s.call(channelFor('getTracks'), s.fromApp(), ref, 100, 50)).resolves.toEqual({
      ok: true,
      value: { offset: 100, total: 0, tracks: [] },
    });
    expect(s.handlers.getTracks).toHaveBeenCalledWith(ref, 100, 50);
    await s.call(channelFor('setTerritory'), s.fromApp(), 'JP');
    expect(s.handlers.setTerritory).toHaveBeenCalledWith('JP');
  });

  it('refuses a webContents the app did not create', async () => {
    const stranger = new FakeWebContents();
    const event = { sender: stranger, senderFrame: { url: 'app://tunewall/index.html', parent: null } };
    await expect(s.call(channelFor('getState'), event)).rejects.toThrow(/refused/);
    expect(s.handlers.getState).not.toHaveBeenCalled();
  });

  it.each([
    ['a page of another origin', 'https://evil.example/'],
    ['a look-alike host', 'app://tunewall.evil/index.html'],
    ['a data: page', 'data:text/html,hi'],
    ['a file: page', 'file:///etc/passwd'],
  ])('refuses our own window showing %s', async (_what, url) => {
    await expect(s.call(channelFor('signOut'), s.fromApp(url))).rejects.toThrow(/refused/);
    expect(s.handlers.signOut).not.toHaveBeenCalled();
  });

  it('refuses a subframe and a sender without a frame', async () => {
    const sub = { sender: s.ours, senderFrame: { url: 'app://tunewall/index.html', parent: {} } };
    await expect(s.call(channelFor('getState'), sub)).rejects.toThrow(/refused/);
    await expect(s.call(channelFor('getState'), { sender: s.ours, senderFrame: null })).rejects.toThrow(/refused/);
    expect(s.handlers.getState).not.toHaveBeenCalled();
  });

  it('stops trusting a window once it is destroyed', async () => {
    s.ours.destroy();
    await expect(s.call(channelFor('getState'), s.fromApp())).rejects.toThrow(/refused/);
    expect(s.handlers.getState).not.toHaveBeenCalled();
  });

  it.each([
    ['loadRow', ['not-a-row']],
    ['getTracks', [{ kind: 'chart', id: 'c1' }, -1, 10]],
    ['getTracks', [{ kind: 'chart', id: 'c1' }, 0, 501]],
    ['getDetail', [{ kind: 'podcast', id: 'x' }]],
    ['setTerritory', ['US']],
    ['setLanguage', ['fr']],
    ['qrCode', ['']],
    ['getState', ['extra']],
    ['setVoiceGuidance', ['yes']],
    ['speak', [{ runs: [{ text: 'Home', lang: 'fr-FR' }], rate: 'normal', mode: 'interrupt' }]],
    ['speak', [{ runs: [{ text: 'x'.repeat(2001), lang: 'en-US' }], rate: 'normal', mode: 'interrupt' }]],
    ['speak', ['Home']],
  ] as const)('refuses invalid arguments to %s %j', async (method, args) => {
    await expect(s.call(channelFor(method), s.fromApp(), ...args)).rejects.toThrow(/invalid arguments/);
    expect(s.handlers[method]).not.toHaveBeenCalled();
  });

  it('carries voice guidance’s speech to the core', async () => {
    const request = { runs: [{ text: 'ホーム', lang: 'ja-JP' }], rate: 'slow', mode: 'queue' } as const;
    await s.call(channelFor('speak'), s.fromApp(), request);
    await s.call(channelFor('stopSpeaking'), s.fromApp());
    expect(s.handlers.speak).toHaveBeenCalledWith(request);
    expect(s.handlers.stopSpeaking).toHaveBeenCalledTimes(1);
  });

  it('hides the details of a handler that throws', async () => {
    s.handlers.diagnostics.mockRejectedValueOnce(new Error('secret internals at /home/x'));
    const outcome = s.call(channelFor('diagnostics'), s.fromApp());
    await expect(outcome).rejects.toThrow('Tunewall could not complete diagnostics');
    await expect(outcome).rejects.not.toThrow(/secret/);
  });

  it('removes every channel when unregistered', () => {
    s.unregister();
    expect(s.channels.size).toBe(0);
  });
});

describe('core events', () => {
  it('are pushed to trusted, live windows only', () => {
    const policy = createSenderPolicy();
    const a = new FakeWebContents();
    const b = new FakeWebContents();
    const stranger = new FakeWebContents();
    policy.trust(a);
    policy.trust(b);
    const core = fakeCore();
    const stop = forwardCoreEvents(core, policy);
    b.destroy();
    const event = { type: 'intent', intent: 'back' } as const;
    core.emit(event);
    expect(a.send).toHaveBeenCalledWith(EVENT_CHANNEL, event);
    expect(b.send).not.toHaveBeenCalled();
    expect(stranger.send).not.toHaveBeenCalled();
    stop();
    expect(core.listenerCount()).toBe(0);
  });
});

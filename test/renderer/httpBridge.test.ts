// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHELL_STOPPED, ShellStoppedError, shellConnection } from '../../renderer/src/transport/connection';
import { createHttpBridge } from '../../renderer/src/transport/httpBridge';

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static last: FakeEventSource | undefined;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
}

beforeEach(() => {
  shellConnection.setState({ lost: false });
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the kiosk shell’s HTTP bridge when the shell stops', () => {
  it('answers a Result call with “service stopped”, never a raw Failed to fetch, and says the shell is away', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const bridge = createHttpBridge();
    await expect(bridge.getDetail({ kind: 'chart', id: 'c1' })).resolves.toEqual({ ok: false, error: SHELL_STOPPED });
    expect(shellConnection.getState().lost).toBe(true);
    await expect(bridge.getState()).rejects.toBeInstanceOf(ShellStoppedError);
  });

  it('says the shell is back as soon as a call is answered, or the event stream opens again', async () => {
    const bridge = createHttpBridge();
    const off = bridge.subscribe(() => undefined);
    const stream = FakeEventSource.last;
    stream?.onerror?.();
    expect(shellConnection.getState().lost).toBe(true);
    stream?.onopen?.();
    expect(shellConnection.getState().lost).toBe(false);

    shellConnection.setState({ lost: true });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ value: { ok: true, value: undefined } }))));
    await expect(bridge.setTerritory('JP')).resolves.toEqual({ ok: true, value: undefined });
    expect(shellConnection.getState().lost).toBe(false);
    off();
  });

  it('opens the stream again when the browser gave up on it', async () => {
    vi.useFakeTimers();
    try {
      const bridge = createHttpBridge();
      const off = bridge.subscribe(() => undefined);
      const first = FakeEventSource.last;
      if (first === undefined) throw new Error('no stream');
      first.readyState = FakeEventSource.CLOSED;
      first.onerror?.();
      await vi.advanceTimersByTimeAsync(1000);
      expect(FakeEventSource.last).not.toBe(first);
      off();
    } finally {
      vi.useRealTimers();
    }
  });
});

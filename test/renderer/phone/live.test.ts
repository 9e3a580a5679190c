/**
 * The live stream: read with the bearer header, events told as they come, and after a drop opened again after a
 * growing wait with the last event's id, so the TV tells what was missed; a silent connection is taken for dead; a
 * 401 ends it for good.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanionEvent } from '../../../shared/companion';
import { MAX_RETRY_MS, retryDelay, startLive, type LiveStatus } from '../../../renderer/phone/src/live/live';
import { CREDENTIAL } from './support';

/** A response body the test writes to and ends. */
function body() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller?.enqueue(new TextEncoder().encode(text)),
    end: () => controller?.close(),
    /** As fetch does when its signal aborts: the body's reader fails. */
    abort: () => controller?.error(new DOMException('The operation was aborted.', 'AbortError')),
  };
}
type Body = ReturnType<typeof body>;

const SCREEN = 'event: screen\nid: run.1\ndata: {"type":"screen","screen":{"kind":"detail","title":"晴天","scope":"public"}}\n\n';

function live(answers: Array<() => Response | Body>, silenceMs = 40_000) {
  const requests: Array<Record<string, string>> = [];
  const times: number[] = [];
  const events: CompanionEvent[] = [];
  const statuses: LiveStatus[] = [];
  const onUnpaired = vi.fn();
  const fetch = vi.fn(async (_path: RequestInfo | URL, init?: RequestInit) => {
    requests.push(Object.fromEntries(new Headers(init?.headers).entries()));
    times.push(Date.now());
    const answer = answers.shift()?.();
    if (answer === undefined) throw new TypeError('Failed to fetch');
    if (answer instanceof Response) return answer;
    init?.signal?.addEventListener('abort', answer.abort);
    return answer.response;
  });
  const stream = startLive({
    fetch: fetch as unknown as typeof globalThis.fetch,
    credential: () => CREDENTIAL,
    onEvent: (e) => void events.push(e),
    onStatus: (s) => void statuses.push(s),
    onUnpaired,
    random: () => 0,
    silenceMs,
  });
  return { requests, times, events, statuses, onUnpaired, fetch, stream };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the live stream', () => {
  it('tells events as they come; after a drop, asks again after a wait, with the last event’s id', async () => {
    const first = body();
    const t = live([() => first, () => body()]);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.requests[0]).toMatchObject({ authorization: `Bearer ${CREDENTIAL}`, accept: 'text/event-stream' });
    expect(t.requests[0]?.['last-event-id']).toBeUndefined();
    first.write(SCREEN.slice(0, 30));
    first.write(SCREEN.slice(30));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.events).toEqual([{ type: 'screen', screen: { kind: 'detail', title: '晴天', scope: 'public', ref: undefined } }]);
    expect(t.statuses).toEqual(['connecting', 'live']);

    first.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.statuses.at(-1)).toBe('retrying');
    await vi.advanceTimersByTimeAsync(499);
    expect(t.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.fetch).toHaveBeenCalledTimes(2);
    expect(t.requests[1]?.['last-event-id']).toBe('run.1');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.statuses.at(-1)).toBe('live');
    t.stream.stop();
  });

  it('while the TV cannot be reached, waits longer each time, up to thirty seconds', async () => {
    const t = live([]);
    await vi.advanceTimersByTimeAsync(120_000);
    const waits = t.times.slice(1).map((time, i) => time - (t.times[i] ?? 0));
    expect(waits.slice(0, 6)).toEqual([500, 1000, 2000, 4000, 8000, 15000]);
    expect(Math.max(...waits)).toBe(MAX_RETRY_MS / 2);
    expect(t.statuses.filter((s) => s === 'live')).toEqual([]);
    expect(t.statuses.at(-1)).toBe('retrying');
    t.stream.stop();
  });

  it('takes a connection that says nothing for longer than the keep-alive allows for dead, and opens another', async () => {
    const t = live([() => body(), () => body()], 5_000);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(t.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + 500);
    expect(t.fetch).toHaveBeenCalledTimes(2);
    t.stream.stop();
  });

  it('a 401 ends it: the page is told, and nothing is asked again', async () => {
    const t = live([() => new Response('{"error":"unknown credential"}', { status: 401 })]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.onUnpaired).toHaveBeenCalledTimes(1);
    expect(t.fetch).toHaveBeenCalledTimes(1);
  });

  it('after stop(), nothing more is asked', async () => {
    const t = live([]);
    await vi.advanceTimersByTimeAsync(0);
    t.stream.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(t.fetch).toHaveBeenCalledTimes(1);
  });

  it('skips what it does not know: another event name, data that is not JSON, a sent link that is not http(s)', async () => {
    const stream = body();
    const t = live([() => stream]);
    await vi.advanceTimersByTimeAsync(0);
    stream.write('event: other\ndata: {}\n\nevent: screen\ndata: not json\n\n');
    stream.write('event: sent\ndata: {"type":"sent","item":{"kind":"track","title":"x","url":"javascript:alert(1)","images":[]},"sentAt":1}\n\n');
    stream.write('event: sent\ndata: {"type":"sent","item":{"kind":"track","title":"晴天","url":"https://music.example/t1","images":[]},"sentAt":2}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.events).toEqual([{ type: 'sent', item: { kind: 'track', title: '晴天', url: 'https://music.example/t1', images: [], subtitle: undefined }, sentAt: 2 }]);
    t.stream.stop();
  });
});

describe('retryDelay', () => {
  it('doubles from one second to thirty, each wait between half and all of it', () => {
    expect([0, 1, 2, 5, 10, 40].map((n) => retryDelay(n, () => 0.999999))).toEqual([1000, 2000, 4000, 30000, 30000, 30000]);
    expect(retryDelay(3, () => 0)).toBe(4000);
  });
});

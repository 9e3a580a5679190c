/**
 * The TV's live stream (GET /api/events), kept open for as long as the page runs: read with fetch and the bearer
 * header, parsed as server-sent events, each event checked before it is told. When the stream drops (the TV went away,
 * the Wi-Fi dropped, nothing came for longer than the TV's keep-alive allows) it is opened again after a growing,
 * jittered wait, with `Last-Event-ID` so the TV tells what was missed. A 401 ends it: the TV no longer knows the phone.
 */
import type { CompanionEvent } from '../../../../shared/companion';
import { readEvent } from '../api/shapes';
import { createSseParser, type SseMessage } from './sse';

export type LiveStatus = 'connecting' | 'live' | 'retrying';

export interface LiveDeps {
  fetch: typeof fetch;
  credential(): string | undefined;
  onEvent(event: CompanionEvent): void;
  onStatus(status: LiveStatus): void;
  /** The TV answered 401: the phone must pair again. The stream is not opened again. */
  onUnpaired(): void;
  /** 0 ≤ random() < 1, for the jitter. */
  random?: () => number;
  /** No byte for this long and the stream is taken for dead (the TV sends a keep-alive every 15 s). */
  silenceMs?: number;
}

export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;
const SILENCE_MS = 40_000;

/** The wait before attempt `attempt` (0 first): doubling from a second up to thirty, each between half and all of it. */
export function retryDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt, 10));
  return Math.round(ceiling * (0.5 + random() / 2));
}

function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

type Outcome = { end: 'unpaired' } | { end: 'dropped'; wasLive: boolean };

export function startLive(deps: LiveDeps): { stop(): void } {
  const stopped = new AbortController();
  const random = deps.random ?? Math.random;
  const silenceMs = deps.silenceMs ?? SILENCE_MS;
  let lastEventId: string | undefined;

  function deliver(message: SseMessage): void {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch (error) {
      void error;
      return;
    }
    const event = readEvent(message.event, data);
    if (event !== undefined) deps.onEvent(event);
  }

  async function read(body: ReadableStream<Uint8Array>, alive: () => void): Promise<void> {
    const parser = createSseParser(lastEventId);
    const reader = body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      alive();
      for (const message of parser.push(decoder.decode(value, { stream: true }))) {
        lastEventId = message.lastEventId;
        deliver(message);
      }
      lastEventId = parser.lastEventId();
    }
  }

  async function connectOnce(): Promise<Outcome> {
    const credential = deps.credential();
    if (credential === undefined) return { end: 'unpaired' };
    const attempt = new AbortController();
    const abort = (): void => attempt.abort();
    stopped.signal.addEventListener('abort', abort);
    let silence: ReturnType<typeof setTimeout> | undefined;
    const alive = (): void => {
      clearTimeout(silence);
      silence = setTimeout(abort, silenceMs);
    };
    let wasLive = false;
    try {
      alive();
      const headers: Record<string, string> = { authorization: `Bearer ${credential}`, accept: 'text/event-stream' };
      if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
      const response = await deps.fetch('/api/events', { headers, signal: attempt.signal, cache: 'no-store', credentials: 'omit' });
      if (response.status === 401) return { end: 'unpaired' };
      if (!response.ok || response.body === null) return { end: 'dropped', wasLive };
      wasLive = true;
      deps.onStatus('live');
      await read(response.body, alive);
    } catch (error) {
      // A dropped connection, the silence timer, or stop(): all end this attempt the same way.
      void error;
    } finally {
      clearTimeout(silence);
      stopped.signal.removeEventListener('abort', abort);
      attempt.abort();
    }
    return { end: 'dropped', wasLive };
  }

  async function run(): Promise<void> {
    deps.onStatus('connecting');
    let attempt = 0;
    while (!stopped.signal.aborted) {
      const outcome = await connectOnce();
      if (stopped.signal.aborted) return;
      if (outcome.end === 'unpaired') {
        deps.onUnpaired();
        return;
      }
      if (outcome.wasLive) attempt = 0;
      deps.onStatus('retrying');
      await waitFor(retryDelay(attempt, random), stopped.signal);
      attempt += 1;
    }
  }

  void run();
  return { stop: () => stopped.abort() };
}

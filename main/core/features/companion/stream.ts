/**
 * GET /api/events: a phone's live stream (server-sent events) of what the TV shows and what was sent to it. On
 * connecting the phone is told the screen as it is; with `Last-Event-ID` it is told what it missed first (or, when
 * that cannot all be told, the screen as it is). A removed phone's streams end at once.
 */
import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { CompanionEvent } from '../../../../shared/companion';
import type { CompanionApp, CompanionEnv } from './app';
import { seenBy } from './events';

/** Streams one phone may hold open at once (a few tabs); the oldest ends when one more opens. */
export const MAX_STREAMS_PER_PHONE = 3;

export interface PhoneStreams {
  /** Registers a stream of `phoneId`; `end` closes it. Returns the unregister function. */
  open(phoneId: string, end: () => void): () => void;
  /** Ends every stream of these phones. */
  end(phoneIds: readonly string[]): void;
  endAll(): void;
  /** Streams `phoneId` holds open. */
  countOf(phoneId: string): number;
}

export function createPhoneStreams(): PhoneStreams {
  const open = new Map<string, Array<() => void>>();
  const endOf = (phoneId: string): void => {
    const ends = open.get(phoneId) ?? [];
    open.delete(phoneId);
    for (const end of ends) end();
  };
  return {
    open(phoneId, end) {
      const ends = [...(open.get(phoneId) ?? []), end];
      if (ends.length > MAX_STREAMS_PER_PHONE) ends.shift()?.();
      open.set(phoneId, ends);
      return () => {
        const left = (open.get(phoneId) ?? []).filter((e) => e !== end);
        if (left.length === 0) open.delete(phoneId);
        else open.set(phoneId, left);
      };
    },
    end: (phoneIds) => phoneIds.forEach(endOf),
    endAll: () => [...open.keys()].forEach(endOf),
    countOf: (phoneId) => open.get(phoneId)?.length ?? 0,
  };
}

type Outgoing = { id: string | undefined; event: CompanionEvent };

export function eventRoute(app: Hono<CompanionEnv>, ctx: CompanionApp): void {
  app.get('/api/events', (c) => {
    const phone = c.get('phone');
    const lastId = c.req.header('last-event-id')?.slice(0, 64);
    return streamSSE(c, async (stream) => {
      const queue: Outgoing[] = [];
      let wake: (() => void) | undefined;
      let ended = false;
      const stop = (): void => {
        ended = true;
        wake?.();
      };
      const unsubscribe = ctx.events.subscribe((logged) => {
        const event = seenBy(logged, phone.memberKey);
        if (event === undefined) return;
        queue.push({ id: logged.id, event });
        wake?.();
      });
      const unregister = ctx.streams.open(phone.id, stop);
      stream.onAbort(stop);
      const missed = lastId === undefined ? undefined : ctx.events.since(lastId, phone.memberKey);
      if (missed !== undefined) queue.unshift(...missed);
      else {
        const screen = ctx.events.currentScreen(phone.memberKey);
        if (screen !== undefined) queue.unshift({ id: undefined, event: screen });
      }
      while (!ended && !stream.aborted) {
        const next = queue.shift();
        if (next !== undefined) {
          await stream.writeSSE({ event: next.event.type, data: JSON.stringify(next.event), ...(next.id === undefined ? {} : { id: next.id }) });
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, ctx.keepAliveMs).unref();
        });
        wake = undefined;
        if (queue.length === 0 && !ended && !stream.aborted) await stream.write(': keep-alive\n\n');
      }
      unsubscribe();
      unregister();
    });
  });
}

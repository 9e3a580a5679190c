/**
 * What the phones are told, as a log of numbered events: what the TV shows, and what was sent to a member's phones.
 * Each event has an id (`<run>.<n>`: the run changes when Tunewall starts again), so a phone that reconnects with the
 * last id it saw gets what it missed, as far back as the log keeps; a phone with an id from another run, or one older
 * than the log, gets the screen as it is now. Each event says whose phones may see it: a member's own screen is told
 * to other members' phones by its kind only, and what was sent to a member reaches their phones alone.
 */
import { randomBytes } from 'node:crypto';
import type { CompanionEvent, CompanionScreen } from '../../../../shared/companion';

/** Events kept for phones that reconnect. */
export const KEPT_EVENTS = 200;

export interface LoggedEvent {
  id: string;
  seq: number;
  event: CompanionEvent;
  /** Only this member's phones see `event`; others see `others` (undefined: nothing). */
  member: string | undefined;
  others: CompanionEvent | undefined;
}

export interface CompanionEvents {
  /** What the TV shows now; every phone is told. */
  screen(screen: CompanionScreen, memberOnScreen: string | undefined): LoggedEvent;
  /** Something sent to `memberKey`'s phones. */
  sent(memberKey: string, event: CompanionEvent): LoggedEvent;
  /** The events after `lastId` for a phone of `memberKey`, as it may see them; undefined when they cannot be told. */
  since(lastId: string, memberKey: string): Array<{ id: string; event: CompanionEvent }> | undefined;
  /** The screen as it is now, as a phone of `memberKey` may see it. */
  currentScreen(memberKey: string): CompanionEvent | undefined;
  subscribe(listener: (event: LoggedEvent) => void): () => void;
}

/** `logged` as a phone of `memberKey` sees it, or undefined when it is not for that phone. */
export function seenBy(logged: LoggedEvent, memberKey: string): CompanionEvent | undefined {
  return logged.member === undefined || logged.member === memberKey ? logged.event : logged.others;
}

export function createCompanionEvents(run: string = randomBytes(6).toString('base64url')): CompanionEvents {
  const log: LoggedEvent[] = [];
  const listeners = new Set<(event: LoggedEvent) => void>();
  let count = 0;
  let screen: LoggedEvent | undefined;

  function append(event: CompanionEvent, member: string | undefined, others: CompanionEvent | undefined): LoggedEvent {
    count += 1;
    const logged: LoggedEvent = { id: `${run}.${count}`, seq: count, event, member, others };
    log.push(logged);
    if (log.length > KEPT_EVENTS) log.shift();
    for (const listener of listeners) listener(logged);
    return logged;
  }

  return {
    screen(shown, memberOnScreen) {
      const ownScreen = shown.scope === 'member' && memberOnScreen !== undefined;
      const others: CompanionEvent = { type: 'screen', screen: { kind: shown.kind, scope: 'member' } };
      screen = append({ type: 'screen', screen: shown }, ownScreen ? memberOnScreen : undefined, ownScreen ? others : undefined);
      return screen;
    },
    sent: (memberKey, event) => append(event, memberKey, undefined),
    since(lastId, memberKey) {
      const [idRun, n] = lastId.split('.');
      const seq = Number(n);
      if (idRun !== run || !Number.isInteger(seq) || seq > count) return undefined;
      const first = log[0];
      // The log no longer holds the event after `lastId`: what was missed cannot all be told.
      if (seq < count && first !== undefined && first.seq > seq + 1) return undefined;
      return log
        .filter((logged) => logged.seq > seq)
        .flatMap((logged) => {
          const event = seenBy(logged, memberKey);
          return event === undefined ? [] : [{ id: logged.id, event }];
        });
    },
    currentScreen: (memberKey) => (screen === undefined ? undefined : seenBy(screen, memberKey)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

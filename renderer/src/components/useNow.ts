import { createContext, useContext, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';

/**
 * The time the kiosk shell drew the first screen at, for the components that take its markup over (hydration): they
 * first render the shell's very text (a countdown, the time of day), then the real time a moment later. Once the
 * markup is taken over (`settled`), components mounting later start from the real time.
 */
export class FirstRenderClock {
  constructor(private drawnAt: number | undefined) {}

  /** What a component mounting now shows first, and whether that is the drawing's time rather than the real one. */
  start(): { now: number; drawn: boolean } {
    return this.drawnAt === undefined ? { now: Date.now(), drawn: false } : { now: this.drawnAt, drawn: true };
  }

  settled(): void {
    this.drawnAt = undefined;
  }
}

export const FirstRender = createContext<FirstRenderClock | undefined>(undefined);

/** The current time, refreshed every `everyMs`: for countdowns and the clock. */
export function useNow(everyMs = 1000): number {
  const clock = useContext(FirstRender);
  const [start] = useState(() => clock?.start() ?? { now: Date.now(), drawn: false });
  const [now, setNow] = useState(start.now);
  useEffect(() => {
    // Markup taken over at the drawing's time: the real time at once, not a whole interval later.
    const catchUp = start.drawn ? window.setTimeout(() => setNow(Date.now()), 0) : undefined;
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => {
      window.clearTimeout(catchUp);
      window.clearInterval(timer);
    };
  }, [everyMs, start]);
  return now;
}

export function secondsUntil(at: number | undefined, now: number): number | undefined {
  if (at === undefined) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

function formatClock(totalSeconds: number): string {
  const m = Math.floor(totalSeconds / 60);
  const s = totalSeconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/**
 * Time left as the pairing screen says it, in words ("9 min, 41 sec", "9 分鐘 41 秒"), seconds alone under a minute; a
 * clock-like "09:41" reads as a time of day. The words are the translations' own, not Intl's: the first Intl formatter a
 * page makes starts ICU (80–110 ms on the bench machine), and the pairing screen is the first paint of every cold start.
 */
export function timeLeftText(t: TFunction, totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return minutes === 0 ? t('pairing.expiresInSeconds', { seconds }) : t('pairing.expiresIn', { minutes, seconds });
}

/** m:ss from milliseconds; h:mm:ss past an hour. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  if (h === 0) return formatClock(total);
  const rest = total % 3600;
  return `${h}:${String(Math.floor(rest / 60)).padStart(2, '0')}:${String(rest % 60).padStart(2, '0')}`;
}

import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';

/** The current time, refreshed every `everyMs`: for countdowns and the clock. */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
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

/** What Pairing says: the instruction, the short URL, the code one character at a time, and time left now and then. */
import type { TFunction } from 'i18next';
import type { PairingCode } from '../../../shared/bridge';
import { formatUserCode } from '../screens/Pairing';
import type { Phrase } from './announcer';

/** Seconds left at which the countdown is said: often enough to act on, never every second. */
export const COUNTDOWN_MOMENTS = [300, 120, 60, 30, 10] as const;

/** "WDJB-MJHT" as "W D J B, M J H T": each character on its own, the halves apart. */
export function spelledCode(userCode: string): string {
  return formatUserCode(userCode)
    .split('-')
    .map((part) => [...part].join(' '))
    .join(', ');
}

export function codePhrases(t: TFunction, code: PairingCode): Phrase[] {
  const url = (code.shortVerificationUrl ?? code.verificationUrl).replace(/^https?:\/\//, '');
  return [{ text: t('a11y.pairingUrl', { url }) }, { text: spelledCode(code.userCode), rate: 'slow' }];
}

export function timeLeftPhrase(t: TFunction, seconds: number): string {
  return seconds >= 60 ? t('a11y.expiresMinutes', { count: Math.round(seconds / 60) }) : t('a11y.expiresSeconds', { count: seconds });
}

/** The moment the countdown has just reached, once per moment: undefined between them. */
export function countdownMoment(secondsLeft: number, alreadySaid: ReadonlySet<number>): number | undefined {
  const due = COUNTDOWN_MOMENTS.filter((moment) => secondsLeft <= moment && !alreadySaid.has(moment));
  // Only the closest: a code that appears with 4 minutes left says nothing about the 5-minute mark.
  return due.length > 0 ? Math.min(...due) : undefined;
}

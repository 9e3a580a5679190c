import type { ReleaseDateView } from '../../../shared/bridge';
import { dateFormat } from './formats';

/**
 * A release date as precisely as the service knows it, in the UI's language: the year alone when the month is
 * unknown (`YYYY-00-00`), month and year when only the day is (`YYYY-MM-00`), the full date otherwise; nothing when
 * there is no date. Never a made-up "January 1".
 */
export function formatReleaseDate(date: ReleaseDateView | undefined, locale: string): string | undefined {
  if (date === undefined || !Number.isInteger(date.year) || date.year < 1) return undefined;
  const month = date.month !== undefined && date.month >= 1 && date.month <= 12 ? date.month : undefined;
  const day = month !== undefined && date.day !== undefined && date.day >= 1 && date.day <= 31 ? date.day : undefined;
  const options: Intl.DateTimeFormatOptions = { timeZone: 'UTC', year: 'numeric' };
  if (month !== undefined) options.month = 'long';
  if (day !== undefined) options.day = 'numeric';
  const when = new Date(0);
  when.setUTCFullYear(date.year, (month ?? 1) - 1, day ?? 1);
  return dateFormat(locale, options).format(when);
}

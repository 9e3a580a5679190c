/** The household's refusals as the UI shows them (`errors.household.<key>` in the renderer's catalog). */
import type { UiError } from '../../../../shared/bridge';
import type { MessageParams } from '../../errors';

export const HOUSEHOLD_MESSAGES = {
  pinNeeded: 'Enter the PIN to leave a child’s profile or change a child mark.',
  pinWrong: 'That PIN is not right. Try again.',
  pinFirst: 'Set a PIN in Settings first: it keeps a child from leaving their profile.',
  pinShape: 'The PIN is four digits.',
  full: (p: { max: number }) => `This TV keeps ${p.max} members at most. Sign one out in Settings to add another.`,
  noSuchProfile: 'That profile is not on this TV any more. Choose another one.',
  childExplicit: 'Explicit tracks stay hidden on a child’s profile.',
} as const;
export type HouseholdMessageKey = keyof typeof HOUSEHOLD_MESSAGES;

const KIND: Record<HouseholdMessageKey, UiError['kind']> = {
  pinNeeded: 'denied',
  pinWrong: 'denied',
  pinFirst: 'denied',
  pinShape: 'denied',
  full: 'denied',
  noSuchProfile: 'not-found',
  childExplicit: 'denied',
};

export function householdError(key: 'full', params: { max: number }): UiError;
export function householdError(key: Exclude<HouseholdMessageKey, 'full'>): UiError;
export function householdError(key: HouseholdMessageKey, params?: MessageParams): UiError {
  const text = HOUSEHOLD_MESSAGES[key];
  const message = typeof text === 'string' ? text : text({ max: Number(params?.['max'] ?? 0) });
  return { kind: KIND[key], message, retryable: false, messageKey: `household.${key}`, params };
}

/** The household's refusals as the UI shows them (`errors.household.<key>` in the renderer's catalog). */
import type { UiError } from '../../../../shared/bridge';
import type { MessageParams } from '../../errors';

export const HOUSEHOLD_MESSAGES = {
  pinNeeded: "Enter the PIN: it guards leaving a child's profile, the child marks, and who is signed in on this TV.",
  pinWrong: 'That PIN is not right. Try again.',
  pinDamaged:
    'The PIN kept on this TV is damaged and cannot be checked. An adult resets it: start Tunewall once with the reset-pin setting (see “A forgotten PIN” in the guide), then set a new PIN in Settings.',
  pinFirst: "Set a PIN first: it keeps a child's profile from being changed or left.",
  full: (p: { max: number }) => `This TV keeps ${p.max} members at most. Sign one out to add another.`,
  noSuchProfile: 'That profile is not on this TV any more. Choose another one.',
  childExplicit: "A child's profile always hides explicit tracks.",
} as const;
export type HouseholdMessageKey = keyof typeof HOUSEHOLD_MESSAGES;

const KIND: Record<HouseholdMessageKey, UiError['kind']> = {
  pinNeeded: 'denied',
  pinWrong: 'denied',
  pinDamaged: 'denied',
  pinFirst: 'denied',
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

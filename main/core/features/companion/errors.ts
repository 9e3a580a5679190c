/** The companion's refusals as the TV shows them (`errors.companion.<key>` in the renderer's catalog). */
import type { UiError } from '../../../../shared/bridge';

export const COMPANION_MESSAGES = {
  off: 'Using your phone is off on this TV.',
  nobodyOnScreen: 'Choose who is listening first: a phone is paired for the one on screen.',
} as const;
export type CompanionMessageKey = keyof typeof COMPANION_MESSAGES;

const error = (key: CompanionMessageKey): UiError => ({ kind: 'denied', message: COMPANION_MESSAGES[key], retryable: false, messageKey: `companion.${key}` });

export const companionErrors = {
  off: (): UiError => error('off'),
  nobodyOnScreen: (): UiError => error('nobodyOnScreen'),
};

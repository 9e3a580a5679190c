/** The companion's refusals as the TV shows them (`errors.companion.<key>` in the renderer's catalog). */
import type { UiError } from '../../../../shared/bridge';

export const COMPANION_MESSAGES = {
  off: 'Using your phone is off on this TV.',
  nobodyOnScreen: 'Choose who is listening first: a phone is paired for the one on screen.',
  cannotListen: 'The TV could not open its port for phones: another program may be using it (the companionPort setting).',
  notOnScreen: 'Choose your profile on the TV first: a favourite is added for the one on screen.',
  noSuchPhone: 'That phone is no longer paired with this TV.',
} as const;
export type CompanionMessageKey = keyof typeof COMPANION_MESSAGES;

const error = (key: CompanionMessageKey): UiError => ({ kind: 'denied', message: COMPANION_MESSAGES[key], retryable: false, messageKey: `companion.${key}` });

export const companionErrors = {
  off: (): UiError => error('off'),
  nobodyOnScreen: (): UiError => error('nobodyOnScreen'),
  cannotListen: (): UiError => ({ ...error('cannotListen'), kind: 'network', retryable: true }),
  notOnScreen: (): UiError => error('notOnScreen'),
  noSuchPhone: (): UiError => ({ ...error('noSuchPhone'), kind: 'not-found' }),
};

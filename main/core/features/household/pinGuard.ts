/** The household's PIN as a guard: whether one is set, whether a PIN given opens it, and its reset at start. */
import type { UiError } from '../../../../shared/bridge';
import { PinSchema } from '../../../../shared/bridgeArgs';
import type { Logger } from '../../ports';
import type { HouseholdStore } from './householdStore';
import { householdError } from './householdErrors';
import { checkPin } from './pin';

export interface PinGuard {
  pinSet(): boolean;
  /** undefined when `pin` opens the PIN (or none is set); otherwise why not. */
  pinRefused(pin: string | undefined): UiError | undefined;
}

/** An adult's way out of a forgotten or damaged PIN. The child marks stay; nothing guards them until a new PIN is set. */
export function resetPinAtStart(store: Pick<HouseholdStore, 'pin' | 'clearPin'>, resetPin: boolean | undefined, logger: Logger): void {
  if (resetPin !== true || store.pin() === undefined) return;
  store.clearPin();
  logger.warn('household: the PIN was reset at start (reset-pin); set a new one in Settings and remove the setting');
}

/** Checks PINs against the hash in the store, read on each call so a PIN set or reset takes effect at once. */
export function createPinGuard(store: Pick<HouseholdStore, 'pin'>, logger: Logger): PinGuard {
  return {
    pinSet: () => store.pin() !== undefined,
    pinRefused(pin) {
      const hash = store.pin();
      if (hash === undefined) return undefined;
      if (pin === undefined) return householdError('pinNeeded');
      if (!PinSchema.safeParse(pin).success) return householdError('pinWrong');
      const checked = checkPin(pin, hash);
      if (checked === 'unusable') {
        logger.warn('household: the stored PIN hash cannot be checked; an adult resets it with reset-pin');
        return householdError('pinDamaged');
      }
      return checked === 'match' ? undefined : householdError('pinWrong');
    },
  };
}

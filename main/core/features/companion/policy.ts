/**
 * When the companion may listen, from the configuration. Unset (the default): only once someone chooses "Use your
 * phone" on the TV, and never in a kiosk; 'off': never; 'on': listening from the start; 'pin-required': as unset, but
 * every pairing needs the household's PIN. A kiosk that turns it on always pairs with the PIN. A child's profile
 * pairs with the PIN whatever this says (companion.ts).
 */
import type { TunewallConfig } from '../../config/config';

export interface CompanionPolicy {
  /** "Use your phone" is offered: the port may be opened when someone asks. */
  available: boolean;
  /** The port opens at start, before anyone asks. */
  listenAtStart: boolean;
  /** Every pairing needs the household's PIN. */
  pinRequired: boolean;
  host: string;
  port: number;
}

export function companionPolicy(config: Pick<TunewallConfig, 'companion' | 'companionHost' | 'companionPort' | 'kiosk'>): CompanionPolicy {
  const { companion, kiosk } = config;
  const where = { host: config.companionHost, port: config.companionPort };
  if (companion === 'off' || (companion === undefined && kiosk.enabled)) return { available: false, listenAtStart: false, pinRequired: false, ...where };
  return { available: true, listenAtStart: companion === 'on', pinRequired: companion === 'pin-required' || kiosk.enabled, ...where };
}

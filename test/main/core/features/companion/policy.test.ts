/** When the companion may listen: off until asked, never in a kiosk unless its configuration says so, then with the PIN. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../../../main/core/config/config';
import { loadConfig } from '../../../../../main/core/config/load';
import { companionPolicy } from '../../../../../main/core/features/companion/policy';

const policyOf = (env: Record<string, string>) => companionPolicy(loadConfig({ env, argv: [] }).config);

describe('the companion’s policy', () => {
  it('by default: offered, but no port open until someone asks, on 0.0.0.0:47615', () => {
    expect(companionPolicy(DEFAULT_CONFIG)).toEqual({ available: true, listenAtStart: false, pinRequired: false, host: '0.0.0.0', port: 47615 });
  });

  it('a kiosk keeps it off unless its configuration turns it on, and then pairs only with the PIN', () => {
    expect(policyOf({ TUNEWALL_KIOSK: 'true' })).toMatchObject({ available: false, listenAtStart: false });
    expect(policyOf({ TUNEWALL_KIOSK: 'true', TUNEWALL_COMPANION: 'on' })).toMatchObject({ available: true, listenAtStart: true, pinRequired: true });
  });

  it('off is never; on listens from the start; pin-required asks for the PIN at every pairing', () => {
    expect(policyOf({ TUNEWALL_COMPANION: 'off' })).toMatchObject({ available: false, listenAtStart: false });
    expect(policyOf({ TUNEWALL_COMPANION: 'on' })).toMatchObject({ available: true, listenAtStart: true, pinRequired: false });
    expect(policyOf({ TUNEWALL_COMPANION: 'pin-required' })).toMatchObject({ available: true, listenAtStart: false, pinRequired: true });
  });
});

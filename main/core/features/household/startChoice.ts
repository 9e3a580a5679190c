/**
 * Who comes on screen: at start (the one member; with several, the chooser, or the last chosen when the chooser is
 * skipped) and when the one on screen signs out, and in a kiosk its configured member, never the chooser.
 */
import { GUEST_KEY } from '../../../../shared/bridge';
import { SETTINGS } from '../../config/config';
import { configProblem } from '../../config/problems';
import type { Logger } from '../../ports';
import type { Household, HouseholdDeps, HouseholdSession } from './household';
import type { HouseholdStore } from './householdStore';

export interface StartChoiceDeps {
  store: Pick<HouseholdStore, 'record' | 'lastChosen'>;
  session: Pick<HouseholdSession, 'household'> | undefined;
  config: Pick<HouseholdDeps['config'], 'guestMode' | 'kiosk'>;
  logger: Logger;
  /** Whether the chooser is skipped for the last chosen, as it stands now. */
  skipChooser: () => boolean;
}

export type StartChoice = Pick<Household, 'startChoice' | 'leftChoice' | 'kioskHome' | 'problems'>;

/** The choices of who comes on screen, read from the configuration and the store on each call. */
export function createStartChoice(deps: StartChoiceDeps): StartChoice {
  const { store, session, config } = deps;

  /** The member the kiosk configuration names, or undefined (none named, or nobody here of that name). */
  function kioskNamed(keys: readonly string[]): string | undefined {
    const wanted = config.kiosk.member?.trim();
    return wanted === undefined ? undefined : keys.find((key) => store.record(key).profile?.name === wanted);
  }

  function kioskChoice(keys: readonly string[]): string | undefined {
    const wanted = config.kiosk.member?.trim();
    if (wanted !== undefined && wanted.toLowerCase() === GUEST_KEY && config.guestMode) return GUEST_KEY;
    const named = kioskNamed(keys);
    if (named !== undefined) return named;
    if (wanted !== undefined) deps.logger.warn('household: no member signed in here has the configured kiosk member name; using the default');
    if (wanted === undefined && keys.length === 1) return keys[0];
    if (config.guestMode) return GUEST_KEY;
    const last = store.lastChosen();
    return last !== undefined && keys.includes(last) ? last : keys[0];
  }

  return {
    startChoice(keys) {
      if (config.kiosk.enabled) return kioskChoice(keys);
      if (keys.length === 1) return keys[0];
      const last = store.lastChosen();
      if (!deps.skipChooser() || last === undefined) return undefined;
      if (last === GUEST_KEY) return config.guestMode ? GUEST_KEY : undefined;
      return keys.includes(last) ? last : undefined;
    },
    leftChoice: (keys) => (config.kiosk.enabled ? kioskChoice(keys) : undefined),
    kioskHome() {
      const wanted = config.kiosk.member?.trim();
      if (!config.kiosk.enabled || wanted === undefined) return undefined;
      if (wanted.toLowerCase() === GUEST_KEY) return config.guestMode ? GUEST_KEY : undefined;
      return kioskNamed((session?.household ?? []).filter((m) => !m.needsPairing).map((m) => m.key));
    },
    problems() {
      const wanted = config.kiosk.member?.trim();
      const keys = session?.household.map((m) => m.key) ?? [];
      if (!config.kiosk.enabled || wanted === undefined || keys.length === 0) return [];
      if (wanted.toLowerCase() === GUEST_KEY ? config.guestMode : kioskNamed(keys) !== undefined) return [];
      return [configProblem(SETTINGS.kioskMember.env, 'kioskMemberUnknown', 'kioskMember')];
    },
  };
}

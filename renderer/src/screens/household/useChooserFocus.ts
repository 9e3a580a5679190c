import { doesFocusableExist, setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect } from 'react';
import type { NavStore } from '../../store/navStore';
import { intents } from '../../input/intents';
import { ADD_KEY, MANAGE_KEY, profileFocusKey } from './chooserKeys';

/** Where focus starts on "Who's listening?": on the one chosen last; in and out of sign-out mode, on the first member. */
export function useChooserFocus(nav: NavStore, tileKeys: readonly string[], signingOut: boolean, start: string | undefined): void {
  useEffect(() => {
    const first = tileKeys[0];
    // Back from Add a member: on "Add a member" again.
    // Only that: the entry also remembers wherever focus first lands as the chooser mounts, which is not a choice.
    const backFromAdding = !signingOut && nav.getState().stack.at(-1)?.focusKey === ADD_KEY && tileKeys.includes(ADD_KEY);
    const wanted = backFromAdding ? ADD_KEY : !signingOut && start !== undefined ? profileFocusKey(start) : first;
    if (wanted === undefined) return undefined;
    const fallback = first ?? MANAGE_KEY;
    if (doesFocusableExist(wanted)) {
      void setFocus(wanted);
      return undefined;
    }
    // Opened over Home, the tiles register a frame after this screen mounts: focus waits for them, not for the first.
    const frame = requestAnimationFrame(() => void setFocus(doesFocusableExist(wanted) ? wanted : fallback));
    return () => cancelAnimationFrame(frame);
    // On arrival and on changing mode only: a member signed out or added keeps focus where the person is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signingOut]);
}

/**
 * Back leaves sign-out mode first; from the header's avatar it returns where the person was (Home's own Back asks
 * before leaving the app, as LeaveOnBack does on the chooser at start).
 */
export function useChooserBack(nav: NavStore, signingOut: boolean, root: boolean, setSigningOut: (on: boolean) => void): void {
  useEffect(() => {
    if (signingOut) return intents.on('back', () => setSigningOut(false));
    if (!root) return intents.on('back', () => void nav.getState().pop());
    return undefined;
  }, [signingOut, root, nav, setSigningOut]);
}

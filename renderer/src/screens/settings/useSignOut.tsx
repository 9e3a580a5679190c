import { useState } from 'react';
import type { UiError } from '../../../../shared/bridge';
import { useTunewall } from '../../store/context';
import { usePinGate } from '../household/usePinGate';

/** Signing out the one on screen: confirmed first, behind the PIN on a child's profile; what went wrong, if anything. */
export function useSignOut() {
  const { bridge, nav } = useTunewall();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<UiError | undefined>(undefined);
  const gate = usePinGate('settings-sign-out');
  const confirm = (): void => {
    setConfirming(false);
    setError(undefined);
    // Navigation starts over once the member is out, not when a child's profile is still asked for the PIN.
    gate.guard(
      (pin) => bridge.signOut(pin),
      (result) => (result.ok ? nav.getState().reset() : setError(result.error)),
    );
  };
  return { confirming, ask: () => setConfirming(true), cancel: () => setConfirming(false), confirm, error, pinDialog: gate.dialog };
}

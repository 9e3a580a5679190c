import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GUEST_KEY, type HouseholdView, type Result } from '../../../../shared/bridge';
import { useApp } from '../../store/context';
import { PinDialog } from './PinDialog';

/** Whether the one on screen is a child's profile (a member's or the guest's). */
export function childOnScreen(household: HouseholdView | undefined): boolean {
  const active = household?.active;
  if (household === undefined || active === undefined) return false;
  return active === GUEST_KEY ? household.guest.child : household.members.some((m) => m.key === active && m.child);
}

const PIN_ANSWERS: ReadonlySet<string> = new Set(['household.pinWrong', 'household.pinDamaged']);

type Change = (pin: string | undefined) => Promise<Result<void>>;

/**
 * A change of the household (signing a member in or out) behind the PIN while a child's profile is on screen: the PIN
 * is asked before the call, and again if the core still asks for it (the core refuses without it whatever the screen
 * does). `dialog` is the PIN dialog to render while one is asked.
 */
export function usePinGate(opener?: string): { guard: (change: Change, settled?: (result: Result<void>) => void) => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const household = useApp((s) => s.state?.household);
  const [asking, setAsking] = useState<((pin: string) => Promise<Result<void>>) | undefined>(undefined);

  const guard = (change: Change, settled?: (result: Result<void>) => void): void => {
    const ask = (): void =>
      setAsking(() => (pin: string) =>
        change(pin).then((result): Result<void> => {
          // A wrong (or damaged) PIN is said in the dialog; anything else closes it and is the change's own answer.
          if (!result.ok && PIN_ANSWERS.has(result.error.messageKey ?? '')) return result;
          settled?.(result);
          return { ok: true, value: undefined };
        }),
      );
    if (household?.pinSet === true && childOnScreen(household)) return ask();
    void change(undefined).then((result) => {
      if (!result.ok && result.error.messageKey === 'household.pinNeeded') ask();
      else settled?.(result);
    });
  };

  const dialog =
    asking === undefined ? null : (
      <PinDialog
        title={t('household.pinTitle')}
        onSubmit={asking}
        onDone={() => setAsking(undefined)}
        onCancel={() => setAsking(undefined)}
        opener={opener}
      />
    );
  return { guard, dialog };
}

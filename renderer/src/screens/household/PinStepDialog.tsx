import { useTranslation } from 'react-i18next';
import type { Result, UiError } from '../../../../shared/bridge';
import { announce } from '../../a11y/announce';
import { errorText } from '../../i18n/errorText';
import { useTunewall } from '../../store/context';
import { PinDialog } from './PinDialog';

/**
 * What asks for a PIN: a child mark (with the PIN), or setting the PIN (the current one first, then the new one, then
 * the new one again, so a slip of a key never locks a child's profile behind a PIN nobody knows).
 */
export type PinStep =
  | { kind: 'child'; child: boolean }
  | { kind: 'current'; wrong?: UiError }
  | { kind: 'new'; current: string | undefined; mismatch?: boolean }
  | { kind: 'confirm'; current: string | undefined; first: string };

export const PIN_KEY = 'settings-pin';

const PIN_TITLES = { child: 'household.pinTitle', current: 'household.pinCurrent', new: 'household.pinNew', confirm: 'household.pinConfirm' } as const;

const again = (step: PinStep): boolean => (step.kind === 'current' && step.wrong !== undefined) || (step.kind === 'new' && step.mismatch === true);

interface Props {
  step: PinStep;
  /** The member (or GUEST_KEY) on screen, whose child mark a `child` step sets. */
  active: string;
  /** The next step, or undefined when the PIN is no longer asked. */
  onStep: (step: PinStep | undefined) => void;
  /** The new PIN was set. */
  onSaved: () => void;
  /** Any other answer of the core's, for the card to show. */
  report: (result: Result<void>) => Result<void>;
}

/** The PIN dialog of one step of Settings' PIN (a child mark, the current PIN, the new one, the new one again). */
export function PinStepDialog({ step, active, onStep, onSaved, report }: Props) {
  const { t } = useTranslation();
  const { bridge } = useTunewall();
  const submitPin = (pin: string): Promise<Result<void>> => {
    if (step.kind === 'child') return bridge.setChild(active, step.child, pin);
    // The current PIN is checked with the new one: asked first, it is kept until the new one is entered twice.
    if (step.kind === 'current' || step.kind === 'new') return Promise.resolve({ ok: true, value: undefined });
    if (pin !== step.first) return Promise.resolve({ ok: true, value: undefined });
    return bridge.setPin(pin, step.current).then((result) => {
      if (result.ok) {
        onSaved();
        announce(t('household.pinSet'));
      }
      // A wrong current PIN: asked again, saying so.
      else if (result.error.messageKey === 'household.pinWrong') onStep({ kind: 'current', wrong: result.error });
      else report(result);
      return result;
    });
  };
  const pinDone = (pin: string): void => {
    if (step.kind === 'current') onStep({ kind: 'new', current: pin });
    else if (step.kind === 'new') onStep({ kind: 'confirm', current: step.current, first: pin });
    // The two entries differ: the new PIN is chosen again, saying so.
    else if (step.kind === 'confirm' && pin !== step.first) onStep({ kind: 'new', current: step.current, mismatch: true });
    else onStep(undefined);
  };
  const message = (): string | undefined => {
    if (step.kind === 'current' && step.wrong !== undefined) return errorText(t, step.wrong);
    return step.kind === 'new' && step.mismatch === true ? t('household.pinMismatch') : undefined;
  };
  return (
    <PinDialog
      key={again(step) ? `${step.kind}-again` : step.kind}
      title={t(PIN_TITLES[step.kind])}
      message={message()}
      onSubmit={(pin) =>
        submitPin(pin).then((result) => {
          if (result.ok) pinDone(pin);
          return result;
        })
      }
      onDone={() => undefined}
      onCancel={() => onStep(undefined)}
      opener={step.kind === 'child' ? undefined : PIN_KEY}
    />
  );
}

import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Result } from '../../../../shared/bridge';
import { Dialog } from '../../components/Dialog';
import { FocusButton } from '../../components/FocusButton';
import { listNavigation } from '../../input/navigation';
import { useFocusableItem } from '../../input/useFocusableItem';
import { CELL_KEYS, LENGTH, cellKey, usePinEntry } from './usePinEntry';
import './PinDialog.css';

interface CellProps {
  index: number;
  digit: number | undefined;
  onStep: (index: number, by: 1 | -1) => void;
  onConfirm: () => void;
  onFocused: (index: number) => void;
}

/** One digit: Up and Down change it, Left and Right move along, OK confirms the PIN. */
function PinCell({ index, digit, onStep, onConfirm, onFocused }: CellProps) {
  const { t } = useTranslation();
  const className = `pin-cell${digit !== undefined ? ' is-set' : ''}`;
  const { ref } = useFocusableItem<HTMLDivElement>(cellKey(index), className, {
    onEnter: onConfirm,
    onFocus: () => onFocused(index),
    onArrow: (direction) => {
      if (direction !== 'up' && direction !== 'down') return true;
      onStep(index, direction === 'up' ? 1 : -1);
      return false;
    },
  });
  // The digit shows while its cell is focused (to change it), a dot once it is set elsewhere (PinDialog.css): the PIN
  // keeps a child's profile from being left, so it is not written across the screen for them to read.
  return (
    <div
      ref={ref}
      className={className}
      role="spinbutton"
      tabIndex={-1}
      aria-label={t('household.pinDigit', { index: index + 1, count: LENGTH })}
      aria-valuemin={0}
      aria-valuemax={9}
      aria-valuenow={digit}
      data-focus-key={cellKey(index)}
    >
      {digit !== undefined && (
        <>
          <span className="pin-digit">{digit}</span>
          <span className="pin-dot" aria-hidden="true">
            •
          </span>
        </>
      )}
    </div>
  );
}

/** The cells, a group inside the dialog (so its focus boundary holds): Left and Right go along them by order. */
function PinCells({ label, children }: { label: string; children: ReactNode }) {
  const resolver = useMemo(() => listNavigation('horizontal', () => CELL_KEYS), []);
  const { ref, focusKey } = useFocusable({ focusKey: 'pin-cells', nextFocusResolver: resolver });
  return (
    <FocusContext.Provider value={focusKey}>
      <div ref={ref} className="pin-cells" role="group" aria-label={label}>
        {children}
      </div>
    </FocusContext.Provider>
  );
}

interface Props {
  title: string;
  /** Tries the PIN: a wrong one says so and clears the cells for another try; anything else ok closes the dialog. */
  onSubmit: (pin: string) => Promise<Result<void>>;
  /** Said from the start (a wrong PIN in an earlier step). */
  message?: string | undefined;
  onDone: () => void;
  onCancel: () => void;
  /** Where focus goes back to when it closes, when it follows another PIN dialog (see Dialog's `opener`). */
  opener?: string | undefined;
}

/**
 * Four digit cells, for the remote: the number keys type a digit and move on, Up and Down change the focused digit,
 * Left and Right move, OK confirms, Back cancels (the Dialog's), and focus goes back where it was after closing.
 */
export function PinDialog({ title, onSubmit, onDone, onCancel, message: initialMessage, opener }: Props) {
  const { t } = useTranslation();
  const { digits, message, step, confirm, cellFocused } = usePinEntry(onSubmit, onDone, initialMessage);

  return (
    <Dialog focusKey="pin-dialog" title={title} initialFocusKey={cellKey(0)} onClose={onCancel} className="pin-dialog" opener={opener}>
      <p className="pin-hint">{t('household.pinHint')}</p>
      <PinCells label={title}>
        {digits.map((digit, index) => (
          <PinCell
            key={index}
            index={index}
            digit={digit}
            onStep={step}
            onConfirm={confirm}
            onFocused={cellFocused}
          />
        ))}
      </PinCells>
      <p className="pin-message" role="alert" data-testid="pin-message">
        {message}
      </p>
      <div className="dialog-actions">
        <FocusButton focusKey="pin-ok" className="btn-primary" onSelect={confirm}>
          {t('household.ok')}
        </FocusButton>
        <FocusButton focusKey="pin-cancel" onSelect={onCancel}>
          {t('common.cancel')}
        </FocusButton>
      </div>
    </Dialog>
  );
}

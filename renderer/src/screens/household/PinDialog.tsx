import { FocusContext, getCurrentFocusKey, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Result } from '../../../../shared/bridge';
import { announce } from '../../a11y/announce';
import { Dialog } from '../../components/Dialog';
import { FocusButton } from '../../components/FocusButton';
import { errorText } from '../../i18n/errorText';
import { digitForKey } from '../../input/keymap';
import { listNavigation } from '../../input/navigation';
import './PinDialog.css';

const LENGTH = 4;
const cellKey = (index: number): string => `pin-digit:${index}`;
const CELL_KEYS = Array.from({ length: LENGTH }, (_, i) => cellKey(i));

type Digits = (number | undefined)[];

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
  const { ref, focused } = useFocusable<object, HTMLDivElement>({
    focusKey: cellKey(index),
    onEnterPress: onConfirm,
    onFocus: () => onFocused(index),
    onArrowPress: (direction) => {
      if (direction !== 'up' && direction !== 'down') return true;
      onStep(index, direction === 'up' ? 1 : -1);
      return false;
    },
  });
  // The digit shows while its cell is focused (to change it), a dot once it is set elsewhere: the PIN keeps a child's
  // profile from being left, so it is not written across the screen for them to read.
  const shown = digit === undefined ? '' : focused ? String(digit) : '•';
  return (
    <div
      ref={ref}
      className={`pin-cell${focused ? ' is-focused' : ''}${digit !== undefined ? ' is-set' : ''}`}
      role="spinbutton"
      tabIndex={-1}
      aria-label={t('household.pinDigit', { index: index + 1, count: LENGTH })}
      aria-valuemin={0}
      aria-valuemax={9}
      aria-valuenow={digit}
      data-focus-key={cellKey(index)}
    >
      {shown}
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
  const [digits, setDigits] = useState<Digits>(() => Array<number | undefined>(LENGTH).fill(undefined));
  const [message, setMessage] = useState<string | undefined>(initialMessage);
  // A wrong PIN, a PIN too short: said before the digit that focus goes back to.
  useEffect(() => {
    if (message !== undefined) announce(message);
  }, [message]);
  const [busy, setBusy] = useState(false);
  const at = useRef(0);
  const latest = useRef(digits);
  useLayoutEffect(() => {
    latest.current = digits;
  });

  const put = (index: number, digit: number): void => {
    setDigits((before) => before.map((d, i) => (i === index ? digit : d)));
  };
  const step = (index: number, by: 1 | -1): void => {
    const current = latest.current[index];
    put(index, current === undefined ? (by === 1 ? 0 : 9) : (current + by + 10) % 10);
  };

  const confirm = (): void => {
    if (busy) return;
    const pin = latest.current;
    const empty = pin.findIndex((d) => d === undefined);
    if (empty >= 0) {
      setMessage(t('household.pinIncomplete'));
      void setFocus(cellKey(empty));
      return;
    }
    setBusy(true);
    onSubmit(pin.join('')).then(
      (result) => {
        setBusy(false);
        if (result.ok) return onDone();
        setMessage(errorText(t, result.error));
        setDigits(Array<number | undefined>(LENGTH).fill(undefined));
        void setFocus(cellKey(0));
      },
      (error: unknown) => {
        setBusy(false);
        setMessage(error instanceof Error ? error.message : String(error));
      },
    );
  };
  const confirmRef = useRef(confirm);
  useLayoutEffect(() => {
    confirmRef.current = confirm;
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const digit = digitForKey(event);
      if (digit === undefined) return;
      event.preventDefault();
      // On OK or Cancel, a digit goes to the first empty cell.
      const onCell = CELL_KEYS.includes(getCurrentFocusKey());
      const index = onCell ? at.current : Math.max(0, latest.current.findIndex((d) => d === undefined));
      put(index, digit);
      setMessage(undefined);
      // The next digit goes to the next cell even when it comes before the focus has moved there.
      if (index < LENGTH - 1) {
        at.current = index + 1;
        void setFocus(cellKey(index + 1));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

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
            onConfirm={() => confirmRef.current()}
            onFocused={(i) => {
              at.current = i;
            }}
          />
        ))}
      </PinCells>
      <p className="pin-message" role="alert" data-testid="pin-message">
        {message}
      </p>
      <div className="dialog-actions">
        <FocusButton focusKey="pin-ok" className="btn-primary" onSelect={() => confirmRef.current()}>
          {t('household.ok')}
        </FocusButton>
        <FocusButton focusKey="pin-cancel" onSelect={onCancel}>
          {t('common.cancel')}
        </FocusButton>
      </div>
    </Dialog>
  );
}

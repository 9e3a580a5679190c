import { getCurrentFocusKey, setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Result } from '../../../../shared/bridge';
import { announce } from '../../a11y/announce';
import { errorText } from '../../i18n/errorText';
import { digitForKey } from '../../input/keymap';

export const LENGTH = 4;
export const cellKey = (index: number): string => `pin-digit:${index}`;
export const CELL_KEYS = Array.from({ length: LENGTH }, (_, i) => cellKey(i));

type Digits = (number | undefined)[];

/** A PIN typed into four cells: number keys, Up and Down on a cell, OK to try it; what to say about it. */
export function usePinEntry(onSubmit: (pin: string) => Promise<Result<void>>, onDone: () => void, initialMessage: string | undefined) {
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

  return {
    digits,
    message,
    step,
    /** The latest render's confirm, for callbacks a focusable keeps from its first render. */
    confirm: (): void => confirmRef.current(),
    cellFocused: (index: number): void => {
      at.current = index;
    },
  };
}

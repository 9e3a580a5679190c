import type { ReactNode } from 'react';
import { useFocusableItem } from '../input/useFocusableItem';
import './FocusButton.css';

interface Props {
  focusKey: string;
  onSelect: () => void;
  children: ReactNode;
  className?: string;
  /** For choice lists: marks the current value. */
  selected?: boolean;
  onFocused?: (node: HTMLElement) => void;
  label?: string;
  /** Shown but not reachable (a choice that does not apply, with its reason beside it). */
  disabled?: boolean;
}

/** A button the remote can reach; the mouse focuses it by hovering and selects it by clicking. */
export function FocusButton({ focusKey, onSelect, children, className, selected, onFocused, label, disabled = false }: Props) {
  const classes = ['btn', selected ? 'is-selected' : '', disabled ? 'is-disabled' : '', className ?? ''].filter(Boolean).join(' ');
  const { ref, focusSelf } = useFocusableItem<HTMLButtonElement>(focusKey, classes, { onEnter: onSelect, onFocus: onFocused, focusable: !disabled });
  return (
    <button
      ref={ref}
      type="button"
      tabIndex={-1}
      className={classes}
      aria-pressed={selected}
      aria-label={label}
      disabled={disabled || undefined}
      data-focus-key={focusKey}
      onMouseEnter={() => !disabled && focusSelf()}
      onClick={onSelect}
    >
      {children}
    </button>
  );
}

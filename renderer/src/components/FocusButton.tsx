import { useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import type { ReactNode } from 'react';

interface Props {
  focusKey: string;
  onSelect: () => void;
  children: ReactNode;
  className?: string;
  /** For choice lists: marks the current value. */
  selected?: boolean;
  onFocused?: (node: HTMLElement) => void;
  label?: string;
}

/** A button the remote can reach; the mouse focuses it by hovering and selects it by clicking. */
export function FocusButton({ focusKey, onSelect, children, className, selected, onFocused, label }: Props) {
  const { ref, focused, focusSelf } = useFocusable<object, HTMLButtonElement>({
    focusKey,
    onEnterPress: onSelect,
    onFocus: (layout) => onFocused?.(layout.node),
  });
  const classes = ['btn', focused ? 'is-focused' : '', selected ? 'is-selected' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button
      ref={ref}
      type="button"
      tabIndex={-1}
      className={classes}
      aria-pressed={selected}
      aria-label={label}
      data-focus-key={focusKey}
      onMouseEnter={() => focusSelf()}
      onClick={onSelect}
    >
      {children}
    </button>
  );
}

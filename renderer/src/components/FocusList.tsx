import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useMemo, type ReactNode } from 'react';
import { listNavigation } from '../input/navigation';

interface Props {
  focusKey: string;
  axis: 'horizontal' | 'vertical';
  /** The children's focus keys in screen order. */
  keys: readonly string[];
  /** Where focus goes on entering the list for the first time; the first key by default. */
  preferred?: string | undefined;
  /** Coming back into the list lands on the child focused last. */
  rememberLast?: boolean;
  className?: string;
  /** Voice guidance says each child's place in the list ("2 of 5"), as for the track panel's actions. */
  spokenPlace?: boolean;
  children: ReactNode;
}

/**
 * Children laid out along one axis, moved through by order (listNavigation): nothing is measured on a press, and a
 * press off either end or across the axis leaves the list for its parent to place. A component of its own because a
 * focusable's parent is the FocusContext it is rendered in, not the one it provides.
 */
export function FocusList({ focusKey, axis, keys, preferred, rememberLast = false, className, spokenPlace = false, children }: Props) {
  const resolver = useMemo(() => listNavigation(axis, () => keys), [axis, keys]);
  const { ref, focusKey: ownKey } = useFocusable<object, HTMLDivElement>({
    focusKey,
    nextFocusResolver: resolver,
    measureChildrenLayout: false,
    saveLastFocusedChild: rememberLast,
    preferredChildFocusKey: preferred ?? keys[0],
    // An empty list (a hero with no buttons) is passed over rather than taking focus nobody can see.
    focusable: keys.length > 0,
  });
  return (
    <FocusContext.Provider value={ownKey}>
      <div ref={ref} className={className} data-spoken-place={spokenPlace || undefined}>
        {children}
      </div>
    </FocusContext.Provider>
  );
}

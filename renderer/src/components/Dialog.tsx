import { FocusContext, getCurrentFocusKey, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, useRef, type ReactNode } from 'react';
import { intents } from '../input/intents';
import type { Territory } from '../../../shared/territory';
import { Phrased } from './Phrased';
import './Dialog.css';

interface Props {
  focusKey: string;
  title: string;
  /** Focused when the dialog opens. */
  initialFocusKey: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  /** Asked when the dialog goes: false when it goes because the screen behind it is being left. */
  returnFocus?: () => boolean;
  /**
   * Where focus goes back to, for a dialog that follows another one: focus moves in a queue, so as it opens focus may
   * still be on the one before, which is gone by the time this one closes.
   */
  opener?: string | undefined;
  className?: string;
  /** The title's language when it is catalog text (a track's name), not the interface's. */
  titleLang?: string | undefined;
  /** The territory whose catalog the title comes from, for the voice that reads it. */
  titleCatalog?: Territory | undefined;
  /** The id of what the dialog is about (the title a phone will open): said after its title. */
  describedBy?: string | undefined;
}

/** A modal that keeps the remote inside it, closes on Back and returns focus to where it was opened from. */
export function Dialog({ focusKey, title, initialFocusKey, onClose, children, wide, returnFocus, opener: openerKey, className, titleLang, titleCatalog, describedBy }: Props) {
  const { ref, focusKey: ownKey } = useFocusable({ focusKey, isFocusBoundary: true, preferredChildFocusKey: initialFocusKey });
  const opener = useRef<string | undefined>(undefined);
  const close = useRef(onClose);
  const shouldReturn = useRef(returnFocus);
  useEffect(() => {
    close.current = onClose;
    shouldReturn.current = returnFocus;
  });

  useEffect(() => {
    opener.current = openerKey ?? getCurrentFocusKey();
    void setFocus(initialFocusKey);
    const off = intents.on('back', () => close.current());
    return () => {
      off();
      const back = opener.current;
      if (back && shouldReturn.current?.() !== false) void setFocus(back);
    };
    // The opener is read as the dialog opens, like the focus key it stands for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialFocusKey]);

  return (
    <FocusContext.Provider value={ownKey}>
      <div className="dialog-backdrop">
        <div ref={ref} className={['dialog', wide ? 'dialog-wide' : '', className ?? ''].filter(Boolean).join(' ')} role="dialog" aria-modal="true" aria-label={title} aria-describedby={describedBy}>
          <h2 className="dialog-title" lang={titleLang} data-catalog={titleCatalog}>
            {titleLang === undefined ? title : <Phrased text={title} lang={titleLang} />}
          </h2>
          {children}
        </div>
      </div>
    </FocusContext.Provider>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FocusButton } from '../../components/FocusButton';
import { UsePhoneDialog } from '../../components/UsePhoneDialog';
import { useApp } from '../../store/context';
import './UsePhoneButton.css';

/** A phone's outline, for "Use your phone". */
export function PhoneGlyph() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="phone-glyph">
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M10.5 18.2h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** Home's header button that opens "Use your phone" (when the TV offers it), with the dialog it opens. */
export function UsePhoneButton({ focusKey }: { focusKey: string }) {
  const { t } = useTranslation();
  const available = useApp((s) => s.state?.companion.available === true);
  const [open, setOpen] = useState(false);
  if (!available) return null;
  return (
    <>
      <FocusButton focusKey={focusKey} className="btn-icon" label={t('companion.usePhone')} onSelect={() => setOpen(true)}>
        <PhoneGlyph />
      </FocusButton>
      {open && <UsePhoneDialog onClose={() => setOpen(false)} opener={focusKey} />}
    </>
  );
}

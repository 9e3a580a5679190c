import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intents } from '../input/intents';
import { useApp, useTunewall } from '../store/context';
import { Dialog } from './Dialog';
import { FocusButton } from './FocusButton';
import './LeaveDialog.css';

/**
 * Back on the bottom screen (Home, or pairing before sign-in) asks before leaving;
 * a kiosk has nowhere to leave to, so there Back does nothing.
 */
export function LeaveOnBack() {
  const { t } = useTranslation();
  const { quit } = useTunewall();
  const kiosk = useApp((s) => s.state?.kiosk.enabled ?? false);
  const [open, setOpen] = useState(false);

  useEffect(
    () =>
      intents.on('back', () => {
        if (!kiosk) setOpen(true);
      }),
    [kiosk],
  );

  if (!open) return null;
  return (
    <Dialog focusKey="leave-dialog" title={t('home.leaveTitle')} initialFocusKey="leave-stay" onClose={() => setOpen(false)}>
      <div className="dialog-actions">
        <FocusButton focusKey="leave-stay" className="btn-primary" onSelect={() => setOpen(false)}>
          {t('home.stay')}
        </FocusButton>
        <FocusButton focusKey="leave-leave" onSelect={quit}>
          {t('home.leave')}
        </FocusButton>
      </div>
    </Dialog>
  );
}

/** For mouse and touch, which have no Back key: shown only once a pointer has been used. */
export function PointerBack() {
  const { t } = useTranslation();
  return (
    <button type="button" tabIndex={-1} className="pointer-back" aria-label={t('common.back')} onClick={() => intents.dispatch('back')}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M15.5 4.5 8 12l7.5 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

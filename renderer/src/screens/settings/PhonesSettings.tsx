import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GUEST_KEY, type UiError } from '../../../../shared/bridge';
import type { PhoneView } from '../../../../shared/companion';
import { announce } from '../../a11y/announce';
import { FocusButton } from '../../components/FocusButton';
import { UsePhoneDialog } from '../../components/UsePhoneDialog';
import { errorText } from '../../i18n/errorText';
import { dateFormat } from '../../i18n/formats';
import { useApp, useTunewall } from '../../store/context';
import { usePinGate } from '../household/usePinGate';
import './PhonesSettings.css';

export const USE_PHONE_KEY = 'settings-use-phone';
export const removeKey = (phone: PhoneView): string => `phone-remove:${phone.id}`;
const LAST_SEEN: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };

/** Settings' part for the phone companion: "Use your phone", and the phones paired here, each with Remove. */
export function PhonesSettings({ onFocused }: { onFocused: (node: HTMLElement) => void }) {
  const { t, i18n } = useTranslation();
  const { bridge } = useTunewall();
  const companion = useApp((s) => s.state?.companion);
  const members = useApp((s) => s.state?.household.members);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<UiError | undefined>(undefined);
  // A child's profile removes a phone only with the household's PIN (the core refuses it without).
  const gate = usePinGate(USE_PHONE_KEY);
  if (companion === undefined || !companion.available) return null;

  const memberName = (key: string): string => (key === GUEST_KEY ? t('home.guest') : (members?.find((m) => m.key === key)?.name ?? ''));
  const lastSeen = (phone: PhoneView): string => dateFormat(i18n.language, LAST_SEEN).format(phone.lastSeen);
  const remove = (phone: PhoneView): void => {
    setError(undefined);
    gate.guard(
      (pin) => bridge.companionRemovePhone(phone.id, pin),
      (result) => {
        if (!result.ok) return setError(result.error);
        // Its button is gone: focus stays in the part, on "Use your phone".
        void setFocus(USE_PHONE_KEY);
        announce(t('companion.removed'));
      },
    );
  };

  return (
    <>
      <h2 id="settings-phones">{t('companion.phones')}</h2>
      <FocusButton focusKey={USE_PHONE_KEY} onSelect={() => setOpen(true)} onFocused={onFocused}>
        {t('companion.usePhone')}
      </FocusButton>
      {companion.phones.length === 0 ? (
        <p className="muted">{t('companion.noPhones')}</p>
      ) : (
        <ul className="phone-list" aria-labelledby="settings-phones">
          {companion.phones.map((phone) => {
            const member = memberName(phone.memberKey);
            const name = member === '' ? phone.name : t('companion.phoneOf', { phone: phone.name, member });
            const time = lastSeen(phone);
            return (
              <li key={phone.id} className="phone-item" data-testid="phone-item">
                <span className="phone-name">{name}</span>
                <span className="muted">{t('companion.lastSeen', { time })}</span>
                <FocusButton focusKey={removeKey(phone)} label={t('companion.removeLabel', { name, time })} onSelect={() => remove(phone)} onFocused={onFocused}>
                  {t('companion.remove')}
                </FocusButton>
              </li>
            );
          })}
        </ul>
      )}
      {error !== undefined && <p className="row-error" role="alert">{errorText(t, error)}</p>}
      {open && <UsePhoneDialog onClose={() => setOpen(false)} opener={USE_PHONE_KEY} />}
      {gate.dialog}
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GUEST_KEY, MAX_MEMBERS, type Result, type UiError } from '../../../../shared/bridge';
import { FocusButton } from '../../components/FocusButton';
import { errorText } from '../../i18n/errorText';
import { useApp, useTunewall } from '../../store/context';
import { usePinGate } from './usePinGate';
import { PIN_KEY, PinStepDialog, type PinStep } from './PinStepDialog';

/**
 * Settings' part for the household: add a member, and for the one on screen their explicit-tracks setting, the child
 * mark (behind the PIN), the PIN itself, and whether Tunewall starts on the last member. Signing out is the Account
 * card's: it signs out the one on screen only.
 */
export function MembersSettings({ onFocused }: { onFocused: (node: HTMLElement) => void }) {
  const { t } = useTranslation();
  const { bridge } = useTunewall();
  const household = useApp((s) => s.state?.household);
  const [pinStep, setPinStep] = useState<PinStep | undefined>(undefined);
  const [error, setError] = useState<UiError | undefined>(undefined);
  const [saved, setSaved] = useState(false);
  const gate = usePinGate('settings-add-member');
  if (household === undefined || household.active === undefined) return null;
  const active = household.active;
  const child = active === GUEST_KEY ? household.guest.child : household.members.some((m) => m.key === active && m.child);

  const report = (result: Result<void>): Result<void> => {
    if (!result.ok) setError(result.error);
    return result;
  };
  const markChild = (next: boolean): void => {
    setError(undefined);
    setSaved(false);
    void bridge.setChild(active, next).then((result) => {
      if (!result.ok && result.error.messageKey === 'household.pinNeeded') setPinStep({ kind: 'child', child: next });
      else report(result);
    });
  };
  const changePin = (): void => {
    setError(undefined);
    setSaved(false);
    setPinStep(household.pinSet ? { kind: 'current' } : { kind: 'new', current: undefined });
  };

  return (
    <>
      <h2 id="settings-members">{t('household.members')}</h2>
      {household.members.length < MAX_MEMBERS && (
        <FocusButton focusKey="settings-add-member" onSelect={() => gate.guard((pin) => bridge.addMember(pin), report)} onFocused={onFocused}>
          {t('household.add')}
        </FocusButton>
      )}
      <h2 id="settings-explicit">{t('household.explicit')}</h2>
      <div className="choices" role="group" aria-labelledby="settings-explicit" aria-describedby={child ? 'settings-explicit-why' : undefined}>
        {(['show', 'hide'] as const).map((value) => (
          <FocusButton
            key={value}
            focusKey={`explicit:${value}`}
            selected={household.explicit === value}
            disabled={child}
            onSelect={() => void bridge.setExplicit(value).then(report)}
            onFocused={onFocused}
          >
            {value === 'show' ? t('household.explicitShow') : t('household.explicitHide')}
          </FocusButton>
        ))}
      </div>
      {child && <p id="settings-explicit-why" className="muted">{t('household.explicitChild')}</p>}
      <h2 id="settings-child">{t('household.childProfile')}</h2>
      <div className="choices" role="group" aria-labelledby="settings-child">
        {([false, true] as const).map((on) => (
          <FocusButton key={String(on)} focusKey={`child:${on ? 'on' : 'off'}`} selected={child === on} onSelect={() => child !== on && markChild(on)} onFocused={onFocused}>
            {on ? t('household.on') : t('household.off')}
          </FocusButton>
        ))}
      </div>
      <h2 id="settings-pin">{t('household.pin')}</h2>
      <p className="muted">{household.pinSet ? t('household.pinIsSet') : t('household.pinNotSet')}</p>
      {household.pinSet && <p className="muted">{t('household.pinForgotten')}</p>}
      <FocusButton focusKey={PIN_KEY} onSelect={changePin} onFocused={onFocused}>
        {household.pinSet ? t('household.changePin') : t('household.setPin')}
      </FocusButton>
      {saved && <p className="muted" role="status">{t('household.pinSet')}</p>}
      <h2 id="settings-start">{t('household.atStart')}</h2>
      <div className="choices" role="group" aria-labelledby="settings-start">
        {([false, true] as const).map((skip) => (
          <FocusButton
            key={String(skip)}
            focusKey={`skip-chooser:${skip ? 'on' : 'off'}`}
            selected={household.skipChooser === skip}
            onSelect={() => gate.guard((pin) => bridge.setSkipChooser(skip, pin), report)}
            onFocused={onFocused}
          >
            {skip ? t('household.startLast') : t('household.startChooser')}
          </FocusButton>
        ))}
      </div>
      {error !== undefined && <p className="row-error" role="alert">{errorText(t, error)}</p>}
      {gate.dialog}
      {pinStep !== undefined && (
        <PinStepDialog step={pinStep} active={active} onStep={setPinStep} onSaved={() => setSaved(true)} report={report} />
      )}
    </>
  );
}

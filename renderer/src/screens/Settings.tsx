import { FocusContext, doesFocusableExist, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagnosticsView, LanguageSetting, UiError } from '../../../shared/bridge';
import type { Territory } from '../../../shared/territory';
import { announce } from '../a11y/announce';
import { VoiceGuidanceSetting } from '../a11y/VoiceGuidanceSetting';
import { Dialog } from '../components/Dialog';
import { FocusButton } from '../components/FocusButton';
import { PointerBack } from '../components/LeaveDialog';
import { ConfigProblems } from '../components/GlobalBanners';
import { MembersSettings } from './household/MembersSettings';
import { DisplayChoices } from './settings/DisplayChoices';
import { reveal } from './settings/reveal';
import { usePinGate } from './household/usePinGate';
import { errorText } from '../i18n/errorText';
import { dateFormat } from '../i18n/formats';
import { columnNavigation } from '../input/columnNavigation';
import { intents } from '../input/intents';
import { useApp, useTunewall } from '../store/context';
import './Settings.css';

// Listed here rather than imported: shared/territory's runtime value brings the schema library into the bundle.
const TERRITORIES = ['TW', 'HK', 'SG', 'MY', 'JP'] as const satisfies readonly Territory[];

/** Without a label: said in the UI language. */
const LANGUAGES: { value: LanguageSetting; label: string | undefined }[] = [
  { value: 'auto', label: undefined },
  { value: 'territory', label: undefined },
  { value: 'en', label: 'English' },
  { value: 'zh-Hant', label: '繁體中文' },
  { value: 'ja', label: '日本語' },
];

/** Each card is a column: Right from the language choices reaches the Account card, Down stays in a card. */
const byColumn = columnNavigation((node) => node.closest('.settings .card'));

export function territoryFocusKey(territory: Territory): string {
  return `territory:${territory}`;
}

export function Settings() {
  const { t, i18n } = useTranslation();
  const { bridge, nav } = useTunewall();
  const state = useApp((s) => s.state);
  const [diagnostics, setDiagnostics] = useState<DiagnosticsView | 'checking' | undefined>('checking');
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const [territoryError, setTerritoryError] = useState<UiError | undefined>(undefined);
  const [signOutError, setSignOutError] = useState<UiError | undefined>(undefined);
  const signOutGate = usePinGate('settings-sign-out');
  const { ref, focusKey } = useFocusable({ focusKey: 'settings', trackChildren: true, nextFocusResolver: byColumn });

  const runDiagnostics = useCallback(() => {
    bridge.diagnostics().then(setDiagnostics, (error: unknown) => {
      console.warn('diagnostics failed', error);
      setDiagnostics(undefined);
    });
  }, [bridge]);
  const check = (): void => {
    setDiagnostics('checking');
    runDiagnostics();
  };

  useEffect(() => runDiagnostics(), [runDiagnostics]);
  useEffect(() => intents.on('back', () => nav.getState().pop()), [nav]);

  const territory = state?.territory;
  useEffect(() => {
    // Back from a screen opened here (Add a member): where the person was.
    const remembered = nav.getState().stack.at(-1)?.focusKey;
    if (remembered !== undefined && doesFocusableExist(remembered)) void setFocus(remembered);
    else if (territory !== undefined) void setFocus(territoryFocusKey(territory));
    // Only on arrival: changing the territory later keeps focus where the person is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (state === undefined) return null;
  const auth = state.auth;
  const isMember = auth.status === 'signed-in' && auth.mode === 'member';
  const member = isMember ? auth.member : undefined;
  const guest = auth.status === 'signed-in' && auth.mode === 'guest';
  const signIn = (): void => {
    nav.getState().reset();
    void bridge.startPairing();
  };
  const time = (iso: string): string =>
    dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  // The access token's hour says nothing to a viewer when it renews itself: a time only when a sign-in will be needed.
  const signInLine = (d: DiagnosticsView): string => {
    if (d.tokenValidUntil === undefined) return t('settings.tokenNone');
    // A guest's access renews unseen: there is no sign-in of theirs to speak of.
    if (guest) return t('settings.guestMode');
    if (d.signInRenews === true) return t('settings.signedInRenews');
    if (d.signInRenews === false) return t('settings.signInEnds', { time: time(d.tokenValidUntil) });
    return t('settings.signedIn');
  };

  const chooseTerritory = (value: Territory): void => {
    setTerritoryError(undefined);
    void bridge.setTerritory(value).then((result) => {
      if (result.ok) return;
      setTerritoryError(result.error);
      announce(errorText(t, result.error));
    });
  };

  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="screen settings">
        <PointerBack />
        <h1 className="settings-title">{t('settings.title')}</h1>
        <div className="settings-grid">
          <section className="card">
            <h2 id="settings-territory">{t('settings.territory')}</h2>
            <div className="choices" role="group" aria-labelledby="settings-territory">
              {TERRITORIES.map((value) => (
                <FocusButton
                  key={value}
                  focusKey={territoryFocusKey(value)}
                  selected={state.territory === value}
                  onSelect={() => chooseTerritory(value)}
                  onFocused={reveal}
                >
                  {t(`settings.territoryNames.${value}`)}
                </FocusButton>
              ))}
            </div>
            {territoryError !== undefined && <p className="row-error">{errorText(t, territoryError)}</p>}
            <h2 id="settings-language">{t('settings.language')}</h2>
            <div className="choices" role="group" aria-labelledby="settings-language">
              {LANGUAGES.map(({ value, label }) => (
                <FocusButton
                  key={value}
                  focusKey={`language:${value}`}
                  selected={state.language === value}
                  onSelect={() => void bridge.setLanguage(value)}
                  onFocused={reveal}
                >
                  <span lang={label === undefined ? undefined : value}>
                    {label ?? (value === 'territory' ? t('settings.languageTerritory') : t('settings.languageAuto'))}
                  </span>
                </FocusButton>
              ))}
            </div>
            <DisplayChoices />
            <VoiceGuidanceSetting onFocused={reveal} />
          </section>

          <section className="card">
            <h2>{t('settings.account')}</h2>
            <p>{member !== undefined ? t('settings.signedInAs', { name: member.name }) : guest ? t('settings.guestMode') : t('settings.signedIn')}</p>
            {isMember && (
              <FocusButton focusKey="settings-sign-out" onSelect={() => setConfirmSignOut(true)} onFocused={reveal}>
                {t('settings.signOut')}
              </FocusButton>
            )}
            {signOutError !== undefined && <p className="row-error" role="alert">{errorText(t, signOutError)}</p>}
            {/* A guest has nothing to sign out of: signing in pairs this TV with a member. */}
            {guest && (
              <FocusButton focusKey="settings-sign-in" onSelect={signIn} onFocused={reveal}>
                {t('settings.signIn')}
              </FocusButton>
            )}
            <MembersSettings onFocused={reveal} />
            {isMember && (
              <>
                <h2>{t('settings.security')}</h2>
                <p className={`protection protection-${state.storage.protection}`}>{t(`settings.protection.${state.storage.protection}`)}</p>
              </>
            )}
          </section>

          <section className="card">
            <h2>{t('settings.diagnostics')}</h2>
            {diagnostics === 'checking' && <p className="muted">{t('settings.checking')}</p>}
            {diagnostics !== undefined && diagnostics !== 'checking' && (
              <ul className="diagnostics">
                <li className={diagnostics.serviceReachable ? 'ok' : 'bad'}>
                  {diagnostics.serviceReachable ? t('settings.reachable') : t('settings.unreachable')}
                  {diagnostics.latencyMs !== undefined && ` · ${t('settings.latency', { ms: Math.round(diagnostics.latencyMs) })}`}
                </li>
                <li>{signInLine(diagnostics)}</li>
                <li className="muted">{diagnostics.sandbox ? t('settings.sandbox') : t('settings.service', { origin: diagnostics.apiOrigin })}</li>
              </ul>
            )}
            {/* How the sign-in is stored, in the words an installer needs (a key file, a keyring, a setting). */}
            {isMember && (
              <ul className="diagnostics diagnostics-storage">
                <li className="muted">
                  {t('settings.storage', { detail: t(`settings.storageDetail.${state.storage.protection}`, { ...state.storage.params }) })}
                </li>
                {state.storage.reason !== undefined && (
                  <li className="muted">
                    {t('settings.reason', {
                      reason: errorText(t, { message: state.storage.reason, messageKey: state.storage.reasonKey, params: state.storage.params }),
                    })}
                  </li>
                )}
              </ul>
            )}
            <FocusButton focusKey="settings-diagnostics" onSelect={check} onFocused={reveal}>
              {t('settings.runDiagnostics')}
            </FocusButton>
            <h2>{t('settings.about')}</h2>
            <p>Tunewall · {t('settings.version', { version: state.version })}</p>
          </section>
        </div>
        <ConfigProblems focusKey="settings-config-problems" onFocused={reveal} />
        {signOutGate.dialog}
        {confirmSignOut && (
          <Dialog
            focusKey="sign-out-dialog"
            title={member !== undefined && state.household.members.length > 1 ? t('household.signOutConfirm', { name: member.name }) : t('settings.signOutConfirm')}
            initialFocusKey="sign-out-cancel"
            onClose={() => setConfirmSignOut(false)}
          >
            <div className="dialog-actions">
              <FocusButton focusKey="sign-out-cancel" className="btn-primary" onSelect={() => setConfirmSignOut(false)}>
                {t('common.cancel')}
              </FocusButton>
              <FocusButton
                focusKey="sign-out-confirm"
                onSelect={() => {
                  setConfirmSignOut(false);
                  setSignOutError(undefined);
                  // Navigation starts over once the member is out, not when a child's profile is still asked for the PIN.
                  signOutGate.guard(
                    (pin) => bridge.signOut(pin),
                    (result) => (result.ok ? nav.getState().reset() : setSignOutError(result.error)),
                  );
                }}
              >
                {t('settings.signOut')}
              </FocusButton>
            </div>
          </Dialog>
        )}
      </main>
    </FocusContext.Provider>
  );
}

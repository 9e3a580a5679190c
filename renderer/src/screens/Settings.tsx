import { FocusContext, doesFocusableExist, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { VoiceGuidanceSetting } from '../a11y/VoiceGuidanceSetting';
import { PointerBack } from '../components/LeaveDialog';
import { ConfigProblems } from '../components/GlobalBanners';
import { DisplayChoices } from './settings/DisplayChoices';
import { reveal } from './settings/reveal';
import { columnNavigation } from '../input/columnNavigation';
import { useBackPops } from '../input/useBackPops';
import { useApp, useTunewall } from '../store/context';
import { AccountCard } from './settings/AccountCard';
import { DiagnosticsCard } from './settings/DiagnosticsCard';
import { LocaleChoices, territoryFocusKey } from './settings/LocaleChoices';
import { SignOutDialog } from './settings/SignOutDialog';
import { useDiagnostics } from './settings/useDiagnostics';
import { useSignOut } from './settings/useSignOut';
import './Settings.css';

export { territoryFocusKey };

/** Each card is a column: Right from the language choices reaches the Account card, Down stays in a card. */
const byColumn = columnNavigation((node) => node.closest('.settings .card'));

export function Settings() {
  const { t } = useTranslation();
  const { bridge, nav } = useTunewall();
  const state = useApp((s) => s.state);
  const signOut = useSignOut();
  const { ref, focusKey } = useFocusable({ focusKey: 'settings', trackChildren: true, nextFocusResolver: byColumn });
  const [diagnostics, check] = useDiagnostics();
  useBackPops();

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

  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="screen settings">
        <PointerBack />
        <h1 className="settings-title">{t('settings.title')}</h1>
        <div className="settings-grid">
          <section className="card">
            <LocaleChoices territory={state.territory} language={state.language} />
            <DisplayChoices />
            <VoiceGuidanceSetting onFocused={reveal} />
          </section>
          <AccountCard
            isMember={isMember}
            member={member}
            guest={guest}
            protection={state.storage.protection}
            signOutError={signOut.error}
            onSignOut={signOut.ask}
            onSignIn={signIn}
          />
          <DiagnosticsCard diagnostics={diagnostics} onCheck={check} isMember={isMember} guest={guest} storage={state.storage} version={state.version} />
        </div>
        <ConfigProblems focusKey="settings-config-problems" onFocused={reveal} />
        {signOut.pinDialog}
        {signOut.confirming && (
          <SignOutDialog
            title={member !== undefined && state.household.members.length > 1 ? t('household.signOutConfirm', { name: member.name }) : t('settings.signOutConfirm')}
            onCancel={signOut.cancel}
            onConfirm={signOut.confirm}
          />
        )}
      </main>
    </FocusContext.Provider>
  );
}

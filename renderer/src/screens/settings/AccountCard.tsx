import { useTranslation } from 'react-i18next';
import type { MemberView, StorageProtection, UiError } from '../../../../shared/bridge';
import { FocusButton } from '../../components/FocusButton';
import { errorText } from '../../i18n/errorText';
import { MembersSettings } from '../household/MembersSettings';
import { PhonesSettings } from './PhonesSettings';
import { reveal } from './reveal';

interface Props {
  /** A member (not a guest) is signed in. */
  isMember: boolean;
  /** The member on screen, when the core knows who (a guest has none). */
  member: MemberView | undefined;
  guest: boolean;
  protection: StorageProtection;
  signOutError: UiError | undefined;
  onSignOut: () => void;
  onSignIn: () => void;
}

/** Settings' Account card: who is signed in, signing out or in, the household, their phones, and how the sign-in is protected. */
export function AccountCard({ isMember, member, guest, protection, signOutError, onSignOut, onSignIn }: Props) {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h2>{t('settings.account')}</h2>
      <p>{member !== undefined ? t('settings.signedInAs', { name: member.name }) : guest ? t('settings.guestMode') : t('settings.signedIn')}</p>
      {isMember && (
        <FocusButton focusKey="settings-sign-out" onSelect={onSignOut} onFocused={reveal}>
          {t('settings.signOut')}
        </FocusButton>
      )}
      {signOutError !== undefined && <p className="row-error" role="alert">{errorText(t, signOutError)}</p>}
      {/* A guest has nothing to sign out of: signing in pairs this TV with a member. */}
      {guest && (
        <FocusButton focusKey="settings-sign-in" onSelect={onSignIn} onFocused={reveal}>
          {t('settings.signIn')}
        </FocusButton>
      )}
      <MembersSettings onFocused={reveal} />
      <PhonesSettings onFocused={reveal} />
      {isMember && (
        <>
          <h2>{t('settings.security')}</h2>
          <p className={`protection protection-${protection}`}>{t(`settings.protection.${protection}`)}</p>
        </>
      )}
    </section>
  );
}

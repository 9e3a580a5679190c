import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { FocusButton } from '../../components/FocusButton';

/** "Sign out <name>?" from the chooser's sign-out mode: what signing out keeps, and Cancel first. */
export function MemberSignOutDialog({ name, onCancel, onConfirm }: { name: string; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog focusKey="member-sign-out-dialog" title={t('household.signOutConfirm', { name })} initialFocusKey="member-sign-out-cancel" onClose={onCancel}>
      <p className="dialog-text">{t('household.signOutKeeps')}</p>
      <div className="dialog-actions">
        <FocusButton focusKey="member-sign-out-cancel" className="btn-primary" onSelect={onCancel}>
          {t('common.cancel')}
        </FocusButton>
        <FocusButton focusKey="member-sign-out-confirm" onSelect={onConfirm}>
          {t('household.signOut')}
        </FocusButton>
      </div>
    </Dialog>
  );
}

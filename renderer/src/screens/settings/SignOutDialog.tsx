import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { FocusButton } from '../../components/FocusButton';

/** "Sign out?" from Settings: Cancel first, so a stray OK signs nobody out. */
export function SignOutDialog({ title, onCancel, onConfirm }: { title: string; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog focusKey="sign-out-dialog" title={title} initialFocusKey="sign-out-cancel" onClose={onCancel}>
      <div className="dialog-actions">
        <FocusButton focusKey="sign-out-cancel" className="btn-primary" onSelect={onCancel}>
          {t('common.cancel')}
        </FocusButton>
        <FocusButton focusKey="sign-out-confirm" onSelect={onConfirm}>
          {t('settings.signOut')}
        </FocusButton>
      </div>
    </Dialog>
  );
}

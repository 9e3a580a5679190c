import { useTranslation } from 'react-i18next';
import { FocusButton } from '../../components/FocusButton';
import { useTunewall } from '../../store/context';

export const EMPTY_BACK_KEY = 'detail-empty-back';

/** What a detail with nothing in it says, with Back (so focus has somewhere to be): never an empty screen. */
export function EmptyDetail({ text, withBack = true }: { text: string; withBack?: boolean }) {
  const { t } = useTranslation();
  const { nav } = useTunewall();
  return (
    <div className="detail-message" role="status">
      <p>{text}</p>
      {withBack && (
        <FocusButton focusKey={EMPTY_BACK_KEY} onSelect={() => nav.getState().pop()}>
          {t('common.back')}
        </FocusButton>
      )}
    </div>
  );
}

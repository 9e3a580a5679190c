import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiError } from '../../../../shared/bridge';
import { useTunewall } from '../../store/context';
import { PinDialog } from './PinDialog';

/** Putting a profile on screen, with the PIN first when it leaves a child's profile; `pinDialog` renders while asked. */
export function useChooseProfile(onError: (error: UiError) => void): { choose: (key: string) => void; pinDialog: ReactNode } {
  const { t } = useTranslation();
  const { bridge } = useTunewall();
  const [pinFor, setPinFor] = useState<string | undefined>(undefined);
  const choose = (key: string): void => {
    void bridge.chooseProfile(key).then((result) => {
      if (result.ok) return;
      // Leaving a child's profile: the PIN, then the same choice again with it.
      if (result.error.messageKey === 'household.pinNeeded') setPinFor(key);
      else onError(result.error);
    });
  };
  const pinDialog =
    pinFor === undefined ? null : (
      <PinDialog
        title={t('household.pinTitle')}
        onSubmit={(pin) => bridge.chooseProfile(pinFor, pin)}
        onDone={() => setPinFor(undefined)}
        onCancel={() => setPinFor(undefined)}
      />
    );
  return { choose, pinDialog };
}

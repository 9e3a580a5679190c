import { FocusContext, getCurrentFocusKey, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddingMember } from '../../../../shared/bridge';
import { FocusButton } from '../../components/FocusButton';
import { PointerBack } from '../../components/LeaveDialog';
import { useNow } from '../../components/useNow';
import { intents } from '../../input/intents';
import { focusIsLost } from '../../input/navigation';
import { useApp, useTunewall } from '../../store/context';
import { CODE_KEY, PairingCode, PairingSteps, displayUrlOf, needsKeyPress, pairingStatus } from '../Pairing';
import './AddMember.css';

export const ADD_MEMBER_KEY = 'add-member';
const CANCEL_KEY = 'add-member-cancel';
const NEW_CODE_KEY = 'add-member-new-code';

/**
 * Add a member (or sign one in again whose sign-in ended), while everyone else stays signed in: the pairing screen's
 * own steps, code and countdown under a title of its own. Back cancels; when the phone approves, the core puts the new
 * member on screen and the app opens their Home.
 */
export function AddMember({ adding }: { adding: AddingMember }) {
  const { t } = useTranslation();
  const { bridge } = useTunewall();
  const again = useApp((s) => s.state?.household.members.find((m) => m.key === adding.again));
  const now = useNow();
  const { ref, focusKey } = useFocusable({ focusKey: ADD_MEMBER_KEY, trackChildren: true });
  const auth = adding.pairing;
  const keyPress = needsKeyPress(auth);
  const code = auth.status === 'pairing' ? auth.code : undefined;

  // A new code is asked for as the pairing was started: choosing the member again, or adding one.
  const newCode = (): void => {
    if (adding.again !== undefined) void bridge.chooseProfile(adding.again);
    else void bridge.addMember();
  };

  useEffect(() => intents.on('back', () => void bridge.cancelAddMember()), [bridge]);
  const primary = keyPress ? NEW_CODE_KEY : code !== undefined ? CODE_KEY : CANCEL_KEY;
  // Where Pairing starts: on the code once it is there. While the service is asked for one, Cancel holds focus so the
  // remote has something to press; that stand-in gives way to the code unless the viewer has moved since.
  const standIn = useRef(false);
  useEffect(() => {
    const waiting = standIn.current && getCurrentFocusKey() === CANCEL_KEY;
    if (!keyPress && !focusIsLost() && !waiting) return;
    standIn.current = primary === CANCEL_KEY;
    void setFocus(primary);
  }, [primary, keyPress]);

  const title = again !== undefined ? t('household.againTitle', { name: again.name }) : t('household.addTitle');
  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="screen pairing add-member" aria-labelledby="pairing-title">
        <PointerBack />
        <div className="pairing-text">
          <h1 id="pairing-title" className="pairing-title">{title}</h1>
          <p className="pairing-note add-member-note">{t('household.addNote')}</p>
          <PairingSteps displayUrl={displayUrlOf(code)} status={pairingStatus(t, auth, now)} />
          <div className="pairing-actions">
            {keyPress && (
              <FocusButton focusKey={NEW_CODE_KEY} className="btn-primary" onSelect={newCode}>
                {t('pairing.newCode')}
              </FocusButton>
            )}
            <FocusButton focusKey={CANCEL_KEY} onSelect={() => void bridge.cancelAddMember()}>
              {t('common.cancel')}
            </FocusButton>
          </div>
        </div>
        <PairingCode code={code} now={now} />
      </main>
    </FocusContext.Provider>
  );
}

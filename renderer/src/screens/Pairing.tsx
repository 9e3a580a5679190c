import { FocusContext, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { PairingAuthState } from '../../../shared/bridge';
import { FocusButton } from '../components/FocusButton';
import { LeaveOnBack } from '../components/LeaveDialog';
import { QrCode } from '../components/QrCode';
import { secondsUntil, timeLeftText, useNow } from '../components/useNow';
import { errorText } from '../i18n/errorText';
import { intents } from '../input/intents';
import { focusIsLost } from '../input/navigation';
import { useFocusableItem } from '../input/useFocusableItem';
import { useApp, useTunewall } from '../store/context';
import './Pairing.css';

/** "ABCDEFGH" reads as "ABCD-EFGH" from across the room; codes that already carry a separator stay as they are. */
export function formatUserCode(code: string): string {
  const clean = code.trim().toUpperCase();
  if (/[^A-Z0-9]/.test(clean) || clean.length < 6) return clean;
  const half = Math.ceil(clean.length / 2);
  return `${clean.slice(0, half)}-${clean.slice(half)}`;
}

export const CODE_KEY = 'pairing-code';

/**
 * The QR code, the user code and the short URL: a focusable group named by the code and the URL, where focus rests when
 * there is nothing to press (DOM focus never stays on the page's body).
 */
function CodeCard({ children }: { children: ReactNode }) {
  const { ref } = useFocusableItem<HTMLDivElement>(CODE_KEY, 'pairing-code-card', { onEnter: noop });
  return (
    <div
      ref={ref}
      className="pairing-code-card"
      role="group"
      tabIndex={-1}
      aria-labelledby="pairing-code-label pairing-user-code pairing-url"
      data-focus-key={CODE_KEY}
    >
      {children}
    </div>
  );
}

const noop = (): void => undefined;

type Code = Extract<PairingAuthState, { status: 'pairing' }>['code'];
type Status = { text: string; tone: 'wait' | 'ok' | 'warn' | 'bad' };

/** The line under the steps: waiting, retrying, approved, denied, expired, an error (also on Add a member). */
export function pairingStatus(t: TFunction, auth: PairingAuthState, now: number, approved = false): Status {
  if (approved) return { text: t('pairing.approved'), tone: 'ok' };
  if (auth.status === 'pairing' && auth.poll === 'retrying') {
    const seconds = secondsUntil(auth.retryAt, now);
    return { text: seconds ? t('pairing.retrying', { seconds }) : t('pairing.retryingSoon'), tone: 'warn' };
  }
  if (auth.status === 'pairing') return { text: t('pairing.waiting'), tone: 'wait' };
  if (auth.status === 'denied') return { text: errorText(t, auth) || t('pairing.denied'), tone: 'bad' };
  if (auth.status === 'expired') return { text: `${t('pairing.expired')} ${t('pairing.pressOk')}`, tone: 'warn' };
  if (auth.status === 'error') return { text: errorText(t, auth.error), tone: 'bad' };
  if (auth.status === 'requesting-code' && auth.attempt > 1) return { text: t('pairing.requestingAttempt', { attempt: auth.attempt }), tone: 'wait' };
  return { text: t('pairing.requesting'), tone: 'wait' };
}

/** A pairing state that waits for a key press (a new code) rather than for the phone. */
export function needsKeyPress(auth: PairingAuthState): boolean {
  return auth.status === 'expired' || auth.status === 'denied' || auth.status === 'error';
}

/** The short URL as shown: without its scheme. */
export function displayUrlOf(code: Code | undefined): string {
  return (code?.shortVerificationUrl ?? code?.verificationUrl ?? '').replace(/^https?:\/\//, '');
}

/** The three steps and the status line under them. */
export function PairingSteps({ displayUrl, status }: { displayUrl: string; status: Status }) {
  const { t } = useTranslation();
  return (
    <>
      <ol className="steps">
        <li><span className="step-n">1</span><span>{t('pairing.step1', { url: displayUrl || '…' })}</span></li>
        <li><span className="step-n">2</span><span>{t('pairing.step2')}</span></li>
        <li><span className="step-n">3</span><span>{t('pairing.step3')}</span></li>
      </ol>
      <p className={`pairing-status tone-${status.tone}`} role="status" aria-live="polite">
        <span className="status-dot" aria-hidden="true" />
        {status.text}
      </p>
    </>
  );
}

/** The QR code, the user code, the short URL and the countdown (a skeleton until a code has come). */
export function PairingCode({ code, now }: { code: Code | undefined; now: number }) {
  const { t } = useTranslation();
  const remaining = code !== undefined ? secondsUntil(code.expiresAt, now) : undefined;
  return (
    <CodeCard>
      {code !== undefined ? (
        <>
          {code.qrImage !== undefined ? (
            <img src={code.qrImage} alt={t('pairing.qrLabel')} className="pairing-qr qr-image" data-testid="qr-image" />
          ) : (
            <QrCode qr={code.qr} label={t('pairing.qrLabel')} className="pairing-qr" />
          )}
          <p id="pairing-code-label" className="code-label">{t('pairing.codeLabel')}</p>
          <p id="pairing-user-code" className="user-code" data-testid="user-code">{formatUserCode(code.userCode)}</p>
          <p id="pairing-url" className="verify-url">{displayUrlOf(code)}</p>
          {remaining !== undefined && (
            <p className={`expiry ${remaining < 60 ? 'is-soon' : ''}`} data-testid="countdown">
              {timeLeftText(t, remaining)}
            </p>
          )}
        </>
      ) : (
        <div className="qr-skeleton" aria-hidden="true" />
      )}
    </CodeCard>
  );
}

export function Pairing({ auth, approved = false }: { auth: PairingAuthState; approved?: boolean }) {
  const { t } = useTranslation();
  const { bridge } = useTunewall();
  const guestModeAvailable = useApp((s) => s.state?.guestModeAvailable ?? false);
  const sandbox = useApp((s) => s.state?.sandbox);
  const now = useNow();
  const { ref, focusKey } = useFocusable({ focusKey: 'pairing', trackChildren: true });

  const keyPress = needsKeyPress(auth);
  const code = auth.status === 'pairing' ? auth.code : undefined;
  // With nothing to press, focus rests on the code itself, so a screen reader starts at what the viewer needs.
  const primaryKey = keyPress ? 'pairing-new-code' : guestModeAvailable ? 'pairing-guest' : code !== undefined ? CODE_KEY : undefined;

  // A new state that needs a key press takes focus; otherwise focus only moves when it has nowhere to be.
  useEffect(() => {
    if (primaryKey !== undefined && (keyPress || focusIsLost())) void setFocus(primaryKey);
  }, [primaryKey, keyPress]);

  // "Press OK for a new code" must work even when nothing focusable is under the cursor.
  useEffect(() => {
    if (auth.status !== 'expired') return;
    return intents.intercept((intent) => {
      if (intent !== 'select' || !focusIsLost()) return false;
      void bridge.startPairing();
      return true;
    });
  }, [auth.status, bridge]);

  // Why pairing is back when nobody here signed out: said until the member signs in again.
  const notice = auth.status === 'pairing' || auth.status === 'requesting-code' ? auth.notice : undefined;

  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="screen pairing" aria-labelledby="pairing-title">
        <div className="pairing-text">
          {notice !== undefined && (
            <p className="pairing-notice" role="alert" data-testid="pairing-notice">
              <span className="notice-mark" aria-hidden="true">!</span>
              <span>{t(`pairing.notice.${notice.reason}`, { defaultValue: notice.message })}</span>
            </p>
          )}
          <h1 id="pairing-title" className="pairing-title">{t('pairing.title')}</h1>
          <PairingSteps displayUrl={displayUrlOf(code)} status={pairingStatus(t, auth, now, approved)} />
          {auth.status === 'pairing' && auth.renewals > 0 && <p className="pairing-note">{t('pairing.renewed')}</p>}
          <div className="pairing-actions">
            {keyPress && (
              <FocusButton focusKey="pairing-new-code" className="btn-primary" onSelect={() => void bridge.startPairing()}>
                {t('pairing.newCode')}
              </FocusButton>
            )}
            {guestModeAvailable && (
              <FocusButton focusKey="pairing-guest" onSelect={() => void bridge.browseAsGuest()}>
                {t('pairing.guest')}
              </FocusButton>
            )}
          </div>
          {sandbox !== undefined && <p className="pairing-sandbox">{t('pairing.sandbox', { url: sandbox.approveUrl })}</p>}
        </div>
        <PairingCode code={code} now={now} />
        <LeaveOnBack />
      </main>
    </FocusContext.Provider>
  );
}

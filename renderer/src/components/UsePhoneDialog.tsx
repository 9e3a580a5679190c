import { getCurrentFocusKey } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanionOfferView } from '../../../shared/bridge';
import { announce } from '../a11y/announce';
import { errorText } from '../i18n/errorText';
import { PinDialog } from '../screens/household/PinDialog';
import { Dialog } from './Dialog';
import { FocusButton } from './FocusButton';
import { QrCode } from './QrCode';
import { secondsUntil, timeLeftText, useNow } from './useNow';
import { usePhoneOffer } from './usePhoneOffer';
import './UsePhoneDialog.css';

/** "482913" as "482 913", as a person reads it off the screen. */
const shownCode = (code: string): string => `${code.slice(0, 3)} ${code.slice(3)}`;
/** The address without its scheme: what a person types. */
const typedAddress = (address: string): string => address.replace(/^https?:\/\//, '');

/** The offer's words: the two ways to pair, the address and the code, and the time the code has left. */
function OfferSteps({ offer, describedId, onNewCode }: { offer: CompanionOfferView; describedId: string; onNewCode: () => void }) {
  const { t } = useTranslation();
  const now = useNow();
  const left = secondsUntil(offer.expiresAt, now) ?? 0;
  const address = typedAddress(offer.address);
  return (
    <>
      <div id={describedId} className="use-phone-steps" aria-label={t('companion.spoken', { address, code: [...offer.code].join(' ') })}>
        <p>{t('companion.step1')}</p>
        <p>{t('companion.step2')}</p>
        <p className="use-phone-address" data-testid="phone-address">{address}</p>
        <p className="use-phone-code" data-testid="phone-code">{shownCode(offer.code)}</p>
      </div>
      <p className="use-phone-time" aria-live="off">{left > 0 ? timeLeftText(t, left) : t('pairing.expired')}</p>
      {left === 0 && (
        <FocusButton focusKey="use-phone-new" className="btn-primary" onSelect={onNewCode}>
          {t('pairing.newCode')}
        </FocusButton>
      )}
    </>
  );
}

/**
 * "Use your phone": a QR code that pairs a phone for the one on screen, with the address and six-digit code to type
 * instead, the time the code has left and what the phone then does. The PIN comes first where the core asks for it.
 * Closing it withdraws the code; a phone that pairs is named, and the dialog then only closes.
 */
export function UsePhoneDialog({ onClose, opener }: { onClose: () => void; opener?: string | undefined }) {
  const { t } = useTranslation();
  const { offer, request, paired } = usePhoneOffer();
  const describedId = useId();
  // Read once, as it opens: the PIN dialog before it and the offer after both return focus there.
  const [from] = useState(() => opener ?? getCurrentFocusKey());
  const pairedText = paired === undefined ? undefined : t('companion.paired', { name: paired.name });
  useEffect(() => {
    if (pairedText !== undefined) announce(pairedText);
  }, [pairedText]);

  if (offer.status === 'asking-pin') {
    return <PinDialog title={t('companion.pinTitle')} onSubmit={(pin) => request(pin)} onDone={() => undefined} onCancel={onClose} opener={from} />;
  }
  return (
    <Dialog focusKey="use-phone" title={t('companion.title')} initialFocusKey="use-phone-close" onClose={onClose} opener={from} describedBy={describedId} className="use-phone" wide>
      <div className="use-phone-body">
        {(offer.status === 'loading' || (offer.status === 'ready' && pairedText === undefined)) && (
          <div className="use-phone-qr">
            {offer.status === 'ready' ? <QrCode qr={offer.offer.qr} label={t('companion.qrLabel')} /> : <div className="qr-skeleton" aria-hidden="true" />}
          </div>
        )}
        <div className="use-phone-text">
          {offer.status === 'loading' && <p id={describedId}>{t('companion.getting')}</p>}
          {offer.status === 'failed' && <p id={describedId} className="row-error" role="alert">{errorText(t, offer.error)}</p>}
          {offer.status === 'ready' && pairedText !== undefined && <p id={describedId} className="use-phone-paired" role="status">{pairedText}</p>}
          {offer.status === 'ready' && pairedText === undefined && <OfferSteps offer={offer.offer} describedId={describedId} onNewCode={() => void request()} />}
          <p className="use-phone-hint">{t('companion.step3')}</p>
          <div className="dialog-actions">
            {offer.status === 'failed' && offer.error.retryable && (
              <FocusButton focusKey="use-phone-retry" onSelect={() => void request()}>
                {t('common.retry')}
              </FocusButton>
            )}
            <FocusButton focusKey="use-phone-close" className="btn-primary" onSelect={onClose}>
              {t('common.close')}
            </FocusButton>
          </div>
        </div>
      </div>
    </Dialog>
  );
}

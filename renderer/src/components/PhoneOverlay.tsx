import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QrMatrix, Result } from '../../../shared/bridge';
import { errorText } from '../i18n/errorText';
import { useTunewall } from '../store/context';
import { Dialog } from './Dialog';
import { FocusButton } from './FocusButton';
import { QrCode } from './QrCode';
import { useCatalogText } from '../i18n/contentLang';
import { Phrased } from './Phrased';
import './PhoneOverlay.css';

export interface PhoneTarget {
  title: string;
  url: string;
}

/** A QR code of a page of the service, to open it (and play it) on a phone. */
export function PhoneOverlay({ target, onClose }: { target: PhoneTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const catalog = useCatalogText();
  const { bridge } = useTunewall();
  const [qr, setQr] = useState<Result<QrMatrix> | undefined>(undefined);
  const targetId = useId();
  useEffect(() => {
    let live = true;
    bridge.qrCode(target.url).then(
      (result) => live && setQr(result),
      (error: unknown) => live && setQr({ ok: false, error: { kind: 'unknown', message: String(error), retryable: true } }),
    );
    return () => {
      live = false;
    };
  }, [bridge, target.url]);
  return (
    <Dialog focusKey="phone-dialog" title={t('detail.phoneTitle')} describedBy={targetId} initialFocusKey="phone-close" onClose={onClose} wide>
      <div className="phone">
        <div className="phone-qr">
          {qr?.ok === true && <QrCode qr={qr.value} label={t('detail.phoneTitle')} />}
          {qr?.ok === false && <p className="row-error">{errorText(t, qr.error)}</p>}
          {qr === undefined && <div className="qr-skeleton" aria-hidden="true" />}
        </div>
        <div className="phone-text">
          <p id={targetId} className="phone-target" {...catalog}>
            <Phrased text={target.title} />
          </p>
          <p className="phone-hint">{t('detail.phoneHint')}</p>
          <FocusButton focusKey="phone-close" className="btn-primary" onSelect={onClose}>
            {t('common.close')}
          </FocusButton>
        </div>
      </div>
    </Dialog>
  );
}

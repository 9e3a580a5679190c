import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FocusButton } from '../../components/FocusButton';
import type { PhoneTarget } from '../../components/PhoneOverlay';
import { useCatalogText } from '../../i18n/contentLang';
import { Phrased } from '../../components/Phrased';
import './DetailTop.css';

interface Props {
  /** A picture before the words, if the page has one. */
  art?: ReactNode;
  kind: string;
  title: string;
  meta: string | undefined;
  /** "Open on your phone" for the page, when the service gives it one. */
  phone: PhoneTarget | undefined;
  openPhone: (target: PhoneTarget) => void;
}

/** The header of a detail screen whose content spreads across the screen below it (a grid, rows). */
export function DetailTop({ art, kind, title, meta, phone, openPhone }: Props) {
  const { t } = useTranslation();
  const catalog = useCatalogText();
  return (
    <header className="detail-top">
      {art}
      <div className="detail-top-words">
        <p className="detail-kind">{kind}</p>
        <h1 className="detail-title" {...catalog}>
          <Phrased text={title} />
        </h1>
        {meta !== undefined && meta !== '' && <p className="detail-meta">{meta}</p>}
      </div>
      {phone !== undefined && (
        <FocusButton focusKey="detail-phone" onSelect={() => openPhone(phone)}>
          {t('detail.openOnPhone')}
        </FocusButton>
      )}
    </header>
  );
}

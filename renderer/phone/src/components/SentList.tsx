/** What the TV sent to this phone ("Send to my phone"), newest first, each a link to the service's page for it. */
import { useTranslation } from 'react-i18next';
import type { SentItem } from '../../../../shared/companion';
import { catalogLang } from '../text';
import { usePhone } from './context';
import './SentList.css';

export function SentList({ sent }: { sent: ReadonlyArray<{ item: SentItem; sentAt: number }> }) {
  const { t } = useTranslation();
  const { language } = usePhone();
  return (
    <section className="sent" aria-labelledby="sent-heading">
      <h2 id="sent-heading">{t('sent.heading')}</h2>
      {sent.length === 0 ? <p className="quiet">{t('sent.empty')}</p> : null}
      <ul>
        {sent.map(({ item, sentAt }, i) => (
          <li key={`${sentAt}-${i}`}>
            <a href={item.url} target="_blank" rel="noopener noreferrer">
              <span lang={catalogLang(item.title, language)}>{item.title}</span>
              <span className="visually-hidden"> {t('sent.newTab')}</span>
            </a>
            {item.subtitle !== undefined && item.subtitle !== '' ? (
              <span className="sent-subtitle" lang={catalogLang(item.subtitle, language)}>
                {item.subtitle}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

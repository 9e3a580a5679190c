import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/errorText';
import { useApp } from '../store/context';
import { secondsUntil, useNow } from './useNow';

export function OfflineBanner() {
  const { t } = useTranslation();
  const network = useApp((s) => s.state?.network);
  const now = useNow();
  if (network === undefined || network.online) return null;
  const seconds = secondsUntil(network.retryAt, now);
  return (
    <div className="banner banner-offline" role="status">
      <span className="banner-dot" aria-hidden="true" />
      {seconds !== undefined && seconds > 0 ? t('global.offline', { seconds }) : t('global.offlineSoon')}
    </div>
  );
}

export function ConfigProblems() {
  const { t } = useTranslation();
  const problems = useApp((s) => s.state?.configProblems);
  if (problems === undefined || problems.length === 0) return null;
  return (
    <section className="config-problems" role="alert" aria-label={t('global.configTitle')}>
      <h2>{t('global.configTitle')}</h2>
      <ul>
        {problems.map((p) => (
          <li key={p.key}>
            <code>{p.key}</code> {errorText(t, { message: p.message, messageKey: p.messageKey, params: p.params })}{' '}
            <span className="config-fix">
              {t('global.configFix', { fix: errorText(t, { message: p.fix, messageKey: p.fixKey, params: p.params }) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

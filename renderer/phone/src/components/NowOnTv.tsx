/** "Now on the TV: …": the detail's title when the TV says it, else the kind of screen, in the page's words. */
import { useTranslation } from 'react-i18next';
import type { CompanionScreen } from '../../../../shared/companion';
import { catalogLang } from '../text';
import { usePhone } from './context';

export function NowOnTv({ screen }: { screen: CompanionScreen | undefined }) {
  const { t } = useTranslation();
  const { language } = usePhone();
  if (screen === undefined) return null;
  const title = screen.title;
  return (
    <p className="now-on-tv">
      <span className="label">{t('live.nowOnTvLabel')}</span>{' '}
      {title !== undefined && title !== '' ? (
        <span className="title" lang={catalogLang(title, language)}>
          {title}
        </span>
      ) : (
        <span className="title">{screen.scope === 'member' && screen.kind !== 'home' ? t('live.private') : t(`live.screens.${screen.kind}`)}</span>
      )}
    </p>
  );
}

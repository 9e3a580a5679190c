import { useTranslation } from 'react-i18next';
import type { AppState, DiagnosticsView } from '../../../../shared/bridge';
import { FocusButton } from '../../components/FocusButton';
import { errorText } from '../../i18n/errorText';
import { dateFormat } from '../../i18n/formats';
import { reveal } from './reveal';

interface Props {
  /** The last check's answer; `checking` while one runs, undefined when it failed. */
  diagnostics: DiagnosticsView | 'checking' | undefined;
  onCheck: () => void;
  isMember: boolean;
  guest: boolean;
  storage: AppState['storage'];
  version: string;
}

/** Settings' Diagnostics card: the service, the sign-in, how it is stored, a new check, and the version. */
export function DiagnosticsCard({ diagnostics, onCheck, isMember, guest, storage, version }: Props) {
  const { t, i18n } = useTranslation();
  const time = (iso: string): string =>
    dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  // The access token's hour says nothing to a viewer when it renews itself: a time only when a sign-in will be needed.
  const signInLine = (d: DiagnosticsView): string => {
    if (d.tokenValidUntil === undefined) return t('settings.tokenNone');
    // A guest's access renews unseen: there is no sign-in of theirs to speak of.
    if (guest) return t('settings.guestMode');
    if (d.signInRenews === true) return t('settings.signedInRenews');
    if (d.signInRenews === false) return t('settings.signInEnds', { time: time(d.tokenValidUntil) });
    return t('settings.signedIn');
  };
  return (
    <section className="card">
      <h2>{t('settings.diagnostics')}</h2>
      {diagnostics === 'checking' && <p className="muted">{t('settings.checking')}</p>}
      {diagnostics !== undefined && diagnostics !== 'checking' && (
        <ul className="diagnostics">
          <li className={diagnostics.serviceReachable ? 'ok' : 'bad'}>
            {diagnostics.serviceReachable ? t('settings.reachable') : t('settings.unreachable')}
            {diagnostics.latencyMs !== undefined && ` · ${t('settings.latency', { ms: Math.round(diagnostics.latencyMs) })}`}
          </li>
          <li>{signInLine(diagnostics)}</li>
          <li className="muted">{diagnostics.sandbox ? t('settings.sandbox') : t('settings.service', { origin: diagnostics.apiOrigin })}</li>
        </ul>
      )}
      {/* How the sign-in is stored, in the words an installer needs (a key file, a keyring, a setting). */}
      {isMember && (
        <ul className="diagnostics diagnostics-storage">
          <li className="muted">
            {t('settings.storage', { detail: t(`settings.storageDetail.${storage.protection}`, { ...storage.params }) })}
          </li>
          {storage.reason !== undefined && (
            <li className="muted">
              {t('settings.reason', {
                reason: errorText(t, { message: storage.reason, messageKey: storage.reasonKey, params: storage.params }),
              })}
            </li>
          )}
        </ul>
      )}
      <FocusButton focusKey="settings-diagnostics" onSelect={onCheck} onFocused={reveal}>
        {t('settings.runDiagnostics')}
      </FocusButton>
      <h2>{t('settings.about')}</h2>
      <p>Tunewall · {t('settings.version', { version })}</p>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { ConfigProblem } from '../../../shared/bridge';
import { errorText } from '../i18n/errorText';
import { useFocusableItem } from '../input/useFocusableItem';
import { shellConnection } from '../transport/connection';
import { useApp, useNav } from '../store/context';
import { secondsUntil, useNow } from './useNow';
import './GlobalBanners.css';

/**
 * Where the offline notice goes: once signed in, one look on every screen (Home, a detail, Settings), a strip of its own
 * below the screen as the kiosk shell's notice, so it covers nothing; Pairing keeps the middle of its top edge free for
 * it.
 */
export function useOfflinePlacement(): 'header' | 'strip' {
  const screen = useNav((s) => s.stack[s.stack.length - 1]?.screen.name);
  const signedIn = useApp((s) => s.state?.auth.status === 'signed-in');
  return !signedIn || screen === undefined ? 'header' : 'strip';
}

export function OfflineBanner({ placement }: { placement: 'header' | 'strip' }) {
  const { t } = useTranslation();
  const network = useApp((s) => s.state?.network);
  const shellLost = useStore(shellConnection, (s) => s.lost);
  const now = useNow();
  // The shell gone, the network state it sent last says nothing (ShellNotice says what is true).
  if (shellLost || network === undefined || network.online) return null;
  const seconds = secondsUntil(network.retryAt, now);
  return (
    <div className={placement === 'header' ? 'banner banner-offline' : 'offline-notice banner-offline'} role="status">
      <span className="banner-dot" aria-hidden="true" />
      {seconds !== undefined && seconds > 0 ? t('global.offline', { seconds }) : t('global.offlineSoon')}
    </div>
  );
}

function ProblemText({ problem }: { problem: ConfigProblem }) {
  const { t } = useTranslation();
  const words = { messageKey: problem.messageKey, params: problem.params };
  return (
    <>
      <code>{problem.key}</code> {errorText(t, { ...words, message: problem.message })}{' '}
      <span className="config-fix">{t('global.configFix', { fix: errorText(t, { ...words, message: problem.fix, messageKey: problem.fixKey }) })}</span>
    </>
  );
}

/** The kiosk shell's process stopped: said below the screen, in its own space, on every screen until it is back. */
export function ShellNotice() {
  const { t } = useTranslation();
  const lost = useStore(shellConnection, (s) => s.lost);
  if (!lost) return null;
  return (
    <div className="shell-notice" role="status">
      <span className="banner-dot" aria-hidden="true" />
      {t('global.shellStopped')}
    </div>
  );
}

/**
 * Every configuration problem, in the flow of the page (Settings): the remote can move focus onto the list, so a long
 * page scrolls to it.
 */
export function ConfigProblems({ focusKey, onFocused }: { focusKey: string; onFocused: (node: HTMLElement) => void }) {
  const problems = useApp((s) => s.state?.configProblems);
  if (problems === undefined || problems.length === 0) return null;
  return <ConfigProblemList problems={problems} focusKey={focusKey} onFocused={onFocused} />;
}

function ConfigProblemList({ problems, focusKey, onFocused }: { problems: ConfigProblem[]; focusKey: string; onFocused: (node: HTMLElement) => void }) {
  const { t } = useTranslation();
  const { ref } = useFocusableItem<HTMLElement>(focusKey, 'config-problems', { onEnter: () => undefined, onFocus: onFocused });
  return (
    <section ref={ref} className="config-problems" role="alert" aria-label={t('global.configTitle')} data-focus-key={focusKey}>
      <h2>{t('global.configTitle')}</h2>
      <ul>
        {problems.map((p) => (
          <li key={p.key}>
            <ProblemText problem={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The first configuration problem and how many more, as a strip below the screen (App gives it its own space, so it
 * covers nothing). `more`: where the rest are listed, when the viewer can get there.
 */
export function ConfigNotice({ more }: { more: 'settings' | 'count' }) {
  const { t } = useTranslation();
  const problems = useApp((s) => s.state?.configProblems);
  const first = problems?.[0];
  if (problems === undefined || first === undefined) return null;
  const rest = problems.length - 1;
  return (
    // On Home one line, whatever the language: a second one cut the captions of the rows above it (Settings says it all).
    <aside className={more === 'settings' ? 'config-notice config-notice-one-line' : 'config-notice'} role="alert" aria-label={t('global.configTitle')}>
      <span className="config-notice-title">{t('global.configTitle')}</span>
      <span className="config-notice-problem">
        <ProblemText problem={first} />
      </span>
      {rest > 0 && <span className="config-more"> {t(more === 'settings' ? 'global.configMoreInSettings' : 'global.configMore', { count: rest })}</span>}
    </aside>
  );
}

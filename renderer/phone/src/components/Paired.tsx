/**
 * A paired phone's page: what the TV shows now and whether it can be reached (header), three sections (Browse, the
 * remote pad, what was sent to the phone) and one polite status line for the results of what the phone asked.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GUEST_KEY } from '../../../../shared/bridge';
import type { PhoneApi } from '../api/client';
import type { PhoneEnv } from './App';
import { Browse } from './Browse';
import { PhoneContext, type PhoneContextValue } from './context';
import { NowOnTv } from './NowOnTv';
import './Paired.css';
import { RemotePad } from './RemotePad';
import { SentList } from './SentList';
import { useLive } from './useLive';

type Section = 'browse' | 'remote' | 'sent';
const SECTIONS: readonly Section[] = ['browse', 'remote', 'sent'];
const SAID_FOR_MS = 5_000;

/** Whether this phone's member has favorites: the TV's /api/me names the member; a guest has none. */
function useCanFavorite(api: PhoneApi): boolean {
  const [can, setCan] = useState(false);
  useEffect(() => {
    let current = true;
    void api.me().then((me) => current && setCan(me.ok && me.value.memberKey !== GUEST_KEY));
    return () => {
      current = false;
    };
  }, [api]);
  return can;
}

export function Paired({ api, env, unpaired }: { api: PhoneApi; env: PhoneEnv; unpaired: () => void }) {
  const { t } = useTranslation();
  const live = useLive(env, unpaired);
  const canFavorite = useCanFavorite(api);
  const [section, setSection] = useState<Section>('browse');
  const [said, setSaid] = useState({ text: '', n: 0 });
  const say = useCallback((text: string) => setSaid((s) => ({ text, n: s.n + 1 })), []);
  // A result stays on screen a few seconds, then the line goes (a screen reader has said it by then).
  useEffect(() => {
    if (said.text === '') return;
    const timer = setTimeout(() => setSaid((s) => ({ ...s, text: '' })), SAID_FOR_MS);
    return () => clearTimeout(timer);
  }, [said]);
  const context = useMemo<PhoneContextValue>(() => ({ api, language: env.language, say, canFavorite }), [api, env.language, say, canFavorite]);

  return (
    <PhoneContext.Provider value={context}>
      <header className="top">
        <h1 className="brand">{t('app.name')}</h1>
        <NowOnTv screen={live.screen} />
        <p className={`link-state link-${live.status}`} role="status">
          {t(live.status === 'live' ? 'live.connected' : live.status === 'retrying' ? 'live.retrying' : 'live.connecting')}
        </p>
      </header>
      <nav className="sections" aria-label={t('nav.label')}>
        {SECTIONS.map((s) => (
          <button key={s} type="button" aria-current={section === s ? 'page' : undefined} onClick={() => setSection(s)}>
            {t(`nav.${s}`)}
            {s === 'sent' && live.sent.length > 0 ? <span className="count"> ({live.sent.length})</span> : null}
          </button>
        ))}
      </nav>
      <main className="page">
        <div hidden={section !== 'browse'}>
          <Browse />
        </div>
        <div hidden={section !== 'remote'}>
          <RemotePad />
        </div>
        <div hidden={section !== 'sent'}>
          <SentList sent={live.sent} />
        </div>
      </main>
      <p className="said" role="status">
        {/* The same words twice in a row are still said: every other time with a trailing no-break space. */}
        {said.text + (said.n % 2 === 1 ? '\u00a0' : '')}
      </p>
    </PhoneContext.Provider>
  );
}

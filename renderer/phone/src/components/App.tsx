/**
 * The phone page: pairing until the TV knows this phone, then the paired page. A TV that stops knowing the phone (a
 * 401 to any call or to the live stream) brings the pairing form back, saying why.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createPhoneApi } from '../api/client';
import type { Credentials } from '../api/credentials';
import type { PairingState } from '../api/pairing';
import type { PhoneLanguage } from '../i18n/language';
import './App.css';
import { PairForm } from './PairForm';
import { Paired } from './Paired';

export interface PhoneEnv {
  fetch: typeof fetch;
  credentials: Credentials;
  language: PhoneLanguage;
  random?: () => number;
}

export function App({ env, first }: { env: PhoneEnv; first: Promise<PairingState> }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PairingState | undefined>(undefined);
  const unpaired = useCallback(() => {
    env.credentials.clear();
    setState({ paired: false, refusal: { key: 'disconnected' } });
  }, [env]);
  const [api] = useState(() => createPhoneApi({ fetch: env.fetch, credentials: env.credentials, unpaired }));

  useEffect(() => {
    let current = true;
    void first.then((s) => current && setState(s));
    return () => {
      current = false;
    };
  }, [first]);

  if (state === undefined) {
    return (
      <main className="page">
        <h1 className="brand">{t('app.name')}</h1>
        <p role="status">{t('app.starting')}</p>
      </main>
    );
  }
  if (!state.paired) return <PairForm api={api} credentials={env.credentials} refusal={state.refusal} paired={() => setState({ paired: true })} />;
  return <Paired api={api} env={env} unpaired={unpaired} />;
}

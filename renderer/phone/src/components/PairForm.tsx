/** Pairing by hand: the six-digit code the TV shows, and why the last try did not pair, with the way forward. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhoneApi } from '../api/client';
import type { Credentials } from '../api/credentials';
import { pairWithCode, type PairRefusal } from '../api/pairing';
import './PairForm.css';

interface Props {
  api: Pick<PhoneApi, 'pair'>;
  credentials: Credentials;
  refusal: PairRefusal | undefined;
  paired(): void;
}

function useRefusalText(refusal: PairRefusal | undefined): string | undefined {
  const { t } = useTranslation();
  if (refusal === undefined) return undefined;
  if (refusal.key === 'tooMany') return t('pair.tooMany', { seconds: refusal.seconds });
  if (refusal.key === 'failed') return t('pair.failed', { reason: refusal.reason });
  return t(`pair.${refusal.key}`);
}

export function PairForm({ api, credentials, refusal: initial, paired }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState(initial);
  const said = useRefusalText(refusal);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const state = await pairWithCode(code, api, credentials);
    setBusy(false);
    if (state.paired) paired();
    else {
      setRefusal(state.refusal);
      input.current?.focus();
    }
  }

  return (
    <main className="page pair">
      <h1 className="brand">{t('app.name')}</h1>
      <h2>{t('pair.heading')}</h2>
      <p>{t('pair.intro')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="pair-code">{t('pair.codeLabel')}</label>
        <p id="pair-code-hint" className="hint">
          {t('pair.codeHint')}
        </p>
        <input
          ref={input}
          id="pair-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          value={code}
          aria-describedby={said === undefined ? 'pair-code-hint' : 'pair-code-hint pair-refusal'}
          aria-invalid={said === undefined ? undefined : true}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('pair.pairing') : t('pair.submit')}
        </button>
      </form>
      <p id="pair-refusal" className="refusal" role="alert">
        {said}
      </p>
    </main>
  );
}

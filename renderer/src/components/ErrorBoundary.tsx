import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { intents } from '../input/intents';
import './ErrorBoundary.css';

interface State {
  error: Error | undefined;
}

/** Whatever breaks below, the screen offers a way back instead of going blank. */
export class ErrorBoundary extends Component<{ children: ReactNode; onReload?: () => void }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Tunewall renderer crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error !== undefined) {
      return <CrashScreen onReload={this.props.onReload ?? (() => window.location.reload())} />;
    }
    return this.props.children;
  }
}

function CrashScreen({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  // The spatial tree may be gone with the crash, so OK reloads directly.
  useEffect(() => intents.intercept((intent) => {
    if (intent === 'select') onReload();
    return true;
  }), [onReload]);
  return (
    <main className="screen crash" role="alert">
      <h1>{t('global.crashTitle')}</h1>
      <p>{t('global.crashBody')}</p>
      <button type="button" className="btn is-focused" autoFocus onClick={onReload}>
        {t('global.reload')}
      </button>
    </main>
  );
}

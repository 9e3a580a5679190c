import { useCallback, useEffect, useState } from 'react';
import type { DiagnosticsView } from '../../../../shared/bridge';
import { useTunewall } from '../../store/context';

/** The service and sign-in checked on arrival, and again on `check`; `checking` while a check runs. */
export function useDiagnostics(): [DiagnosticsView | 'checking' | undefined, () => void] {
  const { bridge } = useTunewall();
  const [diagnostics, setDiagnostics] = useState<DiagnosticsView | 'checking' | undefined>('checking');
  const runDiagnostics = useCallback(() => {
    bridge.diagnostics().then(setDiagnostics, (error: unknown) => {
      console.warn('diagnostics failed', error);
      setDiagnostics(undefined);
    });
  }, [bridge]);
  const check = (): void => {
    setDiagnostics('checking');
    runDiagnostics();
  };
  useEffect(() => runDiagnostics(), [runDiagnostics]);
  return [diagnostics, check];
}

/** A call that failed, in words, with "Try again" when asking again can help. */
import { useTranslation } from 'react-i18next';
import type { Problem } from '../api/client';

export function problemText(problem: Problem, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (problem.kind === 'unreachable') return t('errors.unreachable');
  if (problem.kind === 'refused') return t('errors.refused', { reason: problem.error });
  if (problem.kind === 'unpaired') return t('pair.disconnected');
  return t('errors.view');
}

export function Failure({ problem, retry }: { problem: Problem; retry: () => void }) {
  const { t } = useTranslation();
  const canRetry = problem.kind === 'unreachable' || (problem.kind === 'view' && problem.retryable) || (problem.kind === 'refused' && problem.status === 409);
  return (
    <div className="failure">
      <p>{problemText(problem, t)}</p>
      {canRetry ? (
        <button type="button" onClick={retry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}

import { FocusContext, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailRef, UiError } from '../../../../shared/bridge';
import { announce } from '../../a11y/announce';
import { FocusButton } from '../../components/FocusButton';
import { PointerBack } from '../../components/LeaveDialog';
import { errorText } from '../../i18n/errorText';
import { useTunewall } from '../../store/context';
import { DetailHero } from './DetailHero';
import { TrackSkeleton, useTrackRowHeight } from './TrackList';

interface Props {
  detailRef: DetailRef;
  /** The title of the tile or link that opened the screen, shown while the detail itself loads. */
  title: string;
  /** Undefined while loading. */
  error: UiError | undefined;
  onRetry: () => void;
}

/**
 * A detail screen before its content: the title it was opened with over placeholders while it loads; what went wrong,
 * with Try again when trying again can help and Back always, when it did not load. Never a blank screen.
 */
export function DetailStatus({ detailRef, title, error, onRetry }: Props) {
  const { t } = useTranslation();
  const { nav } = useTunewall();
  const { ref, focusKey } = useFocusable({ focusKey: 'detail', trackChildren: true });
  const rowHeight = useTrackRowHeight();
  const retryable = error?.retryable === true;

  useEffect(() => {
    if (error !== undefined) void setFocus(retryable ? 'detail-retry' : 'detail-back');
  }, [error, retryable]);

  // A place that is not in this territory is said as such, not as an error.
  const message = error === undefined ? undefined : errorText(t, error) || t('detail.error');
  // Voice guidance says what went wrong before the Try again or Back that focus lands on.
  useEffect(() => {
    if (message !== undefined) announce(message);
  }, [message]);
  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="screen detail" aria-busy={error === undefined}>
        <PointerBack />
        <DetailHero detailRef={detailRef} title={title} images={[]} />
        <section className="detail-list">
          {error === undefined ? (
            <TrackSkeleton rowHeight={rowHeight} />
          ) : (
            <div className={`detail-message ${error.kind === 'territory' ? 'is-unavailable' : 'row-error'}`} role="alert">
              <p>{message}</p>
              <div className="detail-actions">
                {retryable && (
                  <FocusButton focusKey="detail-retry" className="btn-primary" onSelect={onRetry}>
                    {t('common.retry')}
                  </FocusButton>
                )}
                <FocusButton focusKey="detail-back" onSelect={() => nav.getState().pop()}>
                  {t('common.back')}
                </FocusButton>
              </div>
            </div>
          )}
        </section>
      </main>
    </FocusContext.Provider>
  );
}

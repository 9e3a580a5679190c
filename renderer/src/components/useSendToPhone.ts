/**
 * The track panel's "Send to my phone": offered when the TV has the companion; with a phone paired for the one on
 * screen it sends the track there and says so, without one it leads to "Use your phone" (the caller's `pairFirst`) and
 * sends the track as soon as a phone has paired: the person asked for it once.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailRef, TrackView, UiError } from '../../../shared/bridge';
import type { SentItem } from '../../../shared/companion';
import { errorText } from '../i18n/errorText';
import { useApp, useTunewall } from '../store/context';

type Sending = { status: 'sending' } | { status: 'sent'; reached: number } | { status: 'failed'; error: UiError };

export function sentItemOf(track: TrackView, here: DetailRef | undefined): SentItem {
  return { kind: 'track', title: track.name, subtitle: track.artist === '' ? undefined : track.artist, url: track.url, trackId: track.id, ref: here, images: [] };
}

export function useSendToPhone(
  track: TrackView,
  here: DetailRef | undefined,
  pairFirst: () => void,
): { offered: boolean; send: () => void; status: { text: string; tone: 'ok' | 'bad' } | undefined } {
  const { t } = useTranslation();
  const { bridge } = useTunewall();
  const offered = useApp((s) => s.state?.companion.available === true);
  const paired = useApp((s) => s.state !== undefined && s.state.companion.phones.some((p) => p.memberKey === s.state?.household.active));
  const [sending, setSending] = useState<Sending | undefined>(undefined);
  // "Send" was pressed with no phone paired: it goes once one is.
  const waiting = useRef(false);

  const deliver = (): void => {
    if (sending?.status === 'sending') return;
    setSending({ status: 'sending' });
    bridge.sendToPhone(sentItemOf(track, here)).then(
      (result) => setSending(result.ok ? { status: 'sent', reached: result.value } : { status: 'failed', error: result.error }),
      (error: unknown) => setSending({ status: 'failed', error: { kind: 'unknown', message: String(error), retryable: true } }),
    );
  };
  const send = (): void => {
    if (paired) return deliver();
    waiting.current = true;
    pairFirst();
  };
  const latest = useRef(deliver);
  useEffect(() => {
    latest.current = deliver;
  });
  useEffect(() => {
    if (!paired || !waiting.current) return;
    waiting.current = false;
    latest.current();
  }, [paired]);

  let status: { text: string; tone: 'ok' | 'bad' } | undefined;
  if (sending?.status === 'sending') status = { text: t('companion.sending'), tone: 'ok' };
  if (sending?.status === 'sent') status = { text: sending.reached > 0 ? t('companion.sent') : t('companion.sentNotConnected'), tone: 'ok' };
  if (sending?.status === 'failed') status = { text: t('companion.sendFailed', { reason: errorText(t, sending.error) }), tone: 'bad' };
  return { offered, send, status };
}

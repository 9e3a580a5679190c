import { FocusContext, getCurrentFocusKey, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailRef, QrMatrix, Result, TrackView, TracksDetailView, UiError } from '../../../shared/bridge';
import { Artwork } from '../components/Artwork';
import { Dialog } from '../components/Dialog';
import { FocusButton } from '../components/FocusButton';
import { PointerBack } from '../components/LeaveDialog';
import { QrCode } from '../components/QrCode';
import { formatDuration } from '../components/useNow';
import { errorText } from '../i18n/errorText';
import { intents } from '../input/intents';
import { beforeNextFrame, focusIsLost, listNavigation } from '../input/navigation';
import { useFocusableItem } from '../input/useFocusableItem';
import { useTunewall } from '../store/context';

export const PAGE_SIZE = 100;
/** Start fetching the next page this many rows before focus reaches it. */
const PREFETCH_AHEAD = 30;
const ROW_REM = 4.75;

export function trackFocusKey(index: number): string {
  return `track:${index}`;
}

function remPx(): number {
  const size = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(size) && size > 0 ? size : 16;
}

interface TrackRowProps {
  index: number;
  track: TrackView | undefined;
  top: number;
  height: number;
  onFocused: (index: number) => void;
  onSelect: (track: TrackView) => void;
}

/**
 * Memoised: the list renders again on every scroll, and only the rows whose track changed need to; focus is a class
 * (useFocusableItem), so a press renders no row.
 */
const TrackRow = memo(function TrackRow({ index, track, top, height, onFocused, onSelect }: TrackRowProps) {
  const { t } = useTranslation();
  const className = track ? 'track' : 'track is-pending';
  const { ref, focusSelf } = useFocusableItem<HTMLDivElement>(trackFocusKey(index), className, {
    onEnter: () => {
      if (track) onSelect(track);
    },
    onFocus: () => onFocused(index),
  });
  return (
    <div
      ref={ref}
      role="row"
      tabIndex={-1}
      className={className}
      style={{ transform: `translateY(${top}px)`, height }}
      data-focus-key={trackFocusKey(index)}
      onMouseEnter={() => focusSelf()}
      onClick={() => track && onSelect(track)}
    >
      <span className="track-n">{index + 1}</span>
      {track ? (
        <>
          <span className="track-name">
            {track.name}
            {track.explicit && (
              <abbr className="explicit" title={t('detail.explicit')}>E</abbr>
            )}
          </span>
          <span className="track-artist">{track.artist}</span>
          <span className="track-album">{track.album}</span>
          <span className="track-time">{formatDuration(track.durationMs)}</span>
        </>
      ) : (
        <span className="track-skeleton" aria-label={t('detail.loadingTracks')} />
      )}
    </div>
  );
});

/**
 * The track list as one focusable: up and down go to the neighbouring track by number, without measuring the rows
 * (see listNavigation); left leaves the list for the buttons beside it, and coming back lands on the track focused
 * last, else the first one in view.
 */
function TrackListFocus({ keys, firstInView, children }: { keys: readonly string[]; firstInView: string | undefined; children: ReactNode }) {
  const resolver = useMemo(() => listNavigation('vertical', () => keys), [keys]);
  const { ref, focusKey } = useFocusable<object, HTMLDivElement>({
    focusKey: 'detail-tracks',
    saveLastFocusedChild: true,
    nextFocusResolver: resolver,
    measureChildrenLayout: false,
    preferredChildFocusKey: firstInView,
  });
  return (
    <FocusContext.Provider value={focusKey}>
      <div ref={ref} className="track-focus">
        {children}
      </div>
    </FocusContext.Provider>
  );
}

interface TrackListProps {
  tracks: readonly (TrackView | undefined)[];
  rowHeight: number;
  ensureLoaded: (index: number) => void;
  onSelect: (track: TrackView) => void;
}

/**
 * The virtualised track list. A component of its own, so the virtualizer, which renders again on every scroll, renders
 * only the list and not the whole screen (bench: remote press → focus painted in a long chart).
 */
const TrackList = memo(function TrackList({ tracks, rowHeight, ensureLoaded, onSelect }: TrackListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders through its own subscription
  const virtualizer = useVirtualizer({
    count: tracks.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    initialRect: { width: 1200, height: rowHeight * 12 },
  });
  const items = virtualizer.getVirtualItems();
  const keys = useMemo(() => items.map((item) => trackFocusKey(item.index)), [items]);
  const scrolled = virtualizer.scrollOffset ?? 0;
  const firstInView = items.find((item) => item.start >= scrolled)?.index;

  // Rows that scroll into view without focus (mouse wheel, page jumps) still get their tracks.
  const firstMissing = items.find((item) => tracks[item.index] === undefined)?.index;
  useEffect(() => {
    if (firstMissing !== undefined) ensureLoaded(firstMissing);
  }, [firstMissing, ensureLoaded]);

  const count = tracks.length;
  const onTrackFocused = useCallback(
    (index: number) => {
      // Centred by hand, from the fixed row height: the virtualizer's scrollToIndex reads the list's scroll height
      // while rendering and again in an animation frame, a forced layout or two on every press. In the frame that
      // draws the new focus, where the list's layout is computed anyway (beforeNextFrame).
      beforeNextFrame('reveal', () => {
        const list = listRef.current;
        if (list === null) return;
        const viewport = virtualizer.scrollRect?.height ?? list.clientHeight;
        const max = Math.max(0, count * rowHeight - viewport);
        const target = Math.min(max, Math.max(0, index * rowHeight + rowHeight / 2 - viewport / 2));
        if (Math.abs(list.scrollTop - target) >= 1) list.scrollTop = target;
      });
      ensureLoaded(index);
      ensureLoaded(Math.min(index + PREFETCH_AHEAD, count - 1));
    },
    [virtualizer, ensureLoaded, count, rowHeight],
  );

  return (
    <div ref={listRef} className="track-list" role="table">
      <TrackListFocus keys={keys} firstInView={firstInView === undefined ? undefined : trackFocusKey(firstInView)}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => (
            <TrackRow
              key={item.key}
              index={item.index}
              track={tracks[item.index]}
              top={item.start}
              height={item.size}
              onFocused={onTrackFocused}
              onSelect={onSelect}
            />
          ))}
        </div>
      </TrackListFocus>
    </div>
  );
});

interface PhoneTarget {
  title: string;
  url: string;
}

function PhoneOverlay({ target, onClose }: { target: PhoneTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const { bridge } = useTunewall();
  const [qr, setQr] = useState<Result<QrMatrix> | undefined>(undefined);
  useEffect(() => {
    let live = true;
    bridge.qrCode(target.url).then(
      (result) => live && setQr(result),
      (error: unknown) => live && setQr({ ok: false, error: { kind: 'unknown', message: String(error), retryable: true } }),
    );
    return () => {
      live = false;
    };
  }, [bridge, target.url]);
  return (
    <Dialog focusKey="phone-dialog" title={t('detail.phoneTitle')} initialFocusKey="phone-close" onClose={onClose} wide>
      <div className="phone">
        <div className="phone-qr">
          {qr?.ok === true && <QrCode qr={qr.value} label={t('detail.phoneTitle')} />}
          {qr?.ok === false && <p className="row-error">{errorText(t, qr.error)}</p>}
          {qr === undefined && <div className="qr-skeleton" aria-hidden="true" />}
        </div>
        <div className="phone-text">
          <p className="phone-target">{target.title}</p>
          <p className="phone-hint">{t('detail.phoneHint')}</p>
          <FocusButton focusKey="phone-close" className="btn-primary" onSelect={onClose}>
            {t('common.close')}
          </FocusButton>
        </div>
      </div>
    </Dialog>
  );
}

type Loaded = { status: 'loading' } | { status: 'error'; error: UiError } | { status: 'ready'; detail: TracksDetailView };

export function Detail({ detailRef, title }: { detailRef: DetailRef; title: string }) {
  const { t, i18n } = useTranslation();
  const { bridge, nav } = useTunewall();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [tracks, setTracks] = useState<(TrackView | undefined)[]>([]);
  const [phone, setPhone] = useState<PhoneTarget | undefined>(undefined);
  const [generation, setGeneration] = useState(0);
  const pending = useRef(new Set<number>());
  // Pages asked for before "Shuffle again" belong to the old order and are dropped.
  const generationRef = useRef(0);
  const { ref, focusKey } = useFocusable({ focusKey: 'detail', trackChildren: true });

  useEffect(() => {
    let live = true;
    pending.current = new Set();
    bridge.getDetail(detailRef).then(
      (result) => {
        if (!live) return;
        if (!result.ok) {
          setLoaded({ status: 'error', error: result.error });
          return;
        }
        if (result.value.layout !== 'tracks') {
          setLoaded({ status: 'error', error: { kind: 'unknown', message: t('detail.error'), retryable: false } });
          return;
        }
        const all: (TrackView | undefined)[] = new Array<TrackView | undefined>(result.value.totalTracks).fill(undefined);
        result.value.tracks.forEach((track, i) => (all[i] = track));
        setTracks(all);
        setLoaded({ status: 'ready', detail: result.value });
      },
      (error: unknown) => live && setLoaded({ status: 'error', error: { kind: 'unknown', message: String(error), retryable: true } }),
    );
    return () => {
      live = false;
    };
  }, [bridge, detailRef, generation, t]);

  useEffect(() => intents.on('back', () => nav.getState().pop()), [nav]);

  const ensureLoaded = useCallback(
    (index: number) => {
      if (index < 0 || index >= tracks.length || tracks[index] !== undefined) return;
      let offset = Math.floor(index / PAGE_SIZE) * PAGE_SIZE;
      while (offset < index && tracks[offset] !== undefined) offset++;
      if ([...pending.current].some((p) => p <= index && index < p + PAGE_SIZE)) return;
      pending.current.add(offset);
      const wanted = generationRef.current;
      void bridge.getTracks(detailRef, offset, PAGE_SIZE).then((result) => {
        if (wanted !== generationRef.current) return;
        pending.current.delete(offset);
        if (!result.ok) return;
        setTracks((before) => {
          const next = before.slice();
          result.value.tracks.forEach((track, i) => {
            if (result.value.offset + i < next.length) next[result.value.offset + i] = track;
          });
          return next;
        });
      });
    },
    [bridge, detailRef, tracks],
  );

  const rowHeight = useMemo(() => Math.round(remPx() * ROW_REM), []);

  const detail = loaded.status === 'ready' ? loaded.detail : undefined;
  const focusedTrack = useCallback((): TrackView | undefined => {
    const key = getCurrentFocusKey();
    const match = /^track:(\d+)$/.exec(key);
    return match ? tracks[Number(match[1])] : undefined;
  }, [tracks]);

  const openPhone = useCallback(
    (track?: TrackView) => {
      if (track !== undefined) setPhone({ title: `${track.name} — ${track.artist}`, url: track.url });
      else if (detail?.url !== undefined) setPhone({ title: detail.title, url: detail.url });
    },
    [detail],
  );

  useEffect(() => intents.on('play-pause', () => openPhone(focusedTrack())), [openPhone, focusedTrack]);

  // Focus the first track once the list is there; after an error, the retry button.
  useEffect(() => {
    if (loaded.status === 'loading') return;
    if (loaded.status === 'error') void setFocus('detail-retry');
    else if (focusIsLost() || getCurrentFocusKey() === 'detail-retry') void setFocus(tracks.length > 0 ? trackFocusKey(0) : 'detail-phone');
  }, [loaded, tracks.length]);

  const shuffleAgain = (): void => {
    setLoaded({ status: 'loading' });
    setTracks([]);
    generationRef.current += 1;
    setGeneration((g) => g + 1);
    void setFocus('detail-shuffle');
  };

  const updated = detail?.updatedAt !== undefined && !Number.isNaN(Date.parse(detail.updatedAt))
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(detail.updatedAt))
    : undefined;

  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="screen detail">
        <PointerBack />
        <aside className="detail-hero">
          <Artwork images={detail?.images ?? []} title={detail?.title ?? title} className="hero-art" />
          <h1 className="detail-title">{detail?.title ?? title}</h1>
          {detail !== undefined && (
            <>
              {detail.description && <p className="detail-description">{detail.description}</p>}
              <p className="detail-meta">
                {[
                  detail.owner !== undefined ? t('detail.by', { owner: detail.owner }) : undefined,
                  t('detail.tracks', { count: detail.totalTracks }),
                  updated !== undefined ? t('detail.updated', { date: updated }) : undefined,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {detail.shuffled && <p className="detail-shuffled">{t('detail.shuffledNote')}</p>}
            </>
          )}
          {detail !== undefined && detail.url === undefined && detail.tracks.length > 0 && (
            <p className="detail-phone-hint">{t('detail.trackOnPhoneHint')}</p>
          )}
          <div className="detail-actions">
            {detail?.url !== undefined && (
              <FocusButton focusKey="detail-phone" className="btn-primary" onSelect={() => openPhone()}>
                {t('detail.openOnPhone')}
              </FocusButton>
            )}
            {detail?.shuffled === true && (
              <FocusButton focusKey="detail-shuffle" onSelect={shuffleAgain}>
                {t('detail.shuffleAgain')}
              </FocusButton>
            )}
          </div>
        </aside>
        <section className="detail-list" aria-label={t('detail.tracks', { count: detail?.totalTracks ?? 0 })}>
          <div className="track track-head" aria-hidden="true">
            <span className="track-n">{t('detail.colNumber')}</span>
            <span className="track-name">{t('detail.colTitle')}</span>
            <span className="track-artist">{t('detail.colArtist')}</span>
            <span className="track-album">{t('detail.colAlbum')}</span>
            <span className="track-time">{t('detail.colDuration')}</span>
          </div>
          {loaded.status === 'error' && (
            <div className="row-message row-error" role="alert">
              <span>{errorText(t, loaded.error) || t('detail.error')}</span>
              <FocusButton focusKey="detail-retry" onSelect={() => setGeneration((g) => g + 1)}>
                {t('common.retry')}
              </FocusButton>
            </div>
          )}
          {loaded.status === 'loading' && (
            <div className="track-list">
              {Array.from({ length: 8 }, (_, i) => (
                <div key={i} className="track is-pending" style={{ height: rowHeight }}>
                  <span className="track-skeleton" />
                </div>
              ))}
            </div>
          )}
          {loaded.status === 'ready' && (
            <TrackList tracks={tracks} rowHeight={rowHeight} ensureLoaded={ensureLoaded} onSelect={openPhone} />
          )}
        </section>
        {phone !== undefined && <PhoneOverlay target={phone} onClose={() => setPhone(undefined)} />}
      </main>
    </FocusContext.Provider>
  );
}

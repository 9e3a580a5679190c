import { getCurrentFocusKey } from '@noriginmedia/norigin-spatial-navigation';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { DetailRef, TrackView } from '../../../shared/bridge';
import { intents } from '../input/intents';
import { useTunewall } from '../store/context';
import { PhoneOverlay, type PhoneTarget } from './PhoneOverlay';
import { TrackPanel } from './TrackPanel';
import { UsePhoneDialog } from './UsePhoneDialog';

export interface TrackActions {
  /** Opens the track's panel; `origin` is the focus key of what it was opened from, where Back comes back to. */
  openPanel: (track: TrackView, origin: string) => void;
  /** Straight to the QR code (the remote's play/pause key). */
  openPhone: (target: PhoneTarget) => void;
  /** The panel and the QR overlay, when open: render it in the screen. */
  overlays: ReactNode;
}

export function phoneTargetOf(track: TrackView): PhoneTarget {
  return { title: track.artist === '' ? track.name : `${track.name} — ${track.artist}`, url: track.url };
}

/** The track panel of a screen (`here`: the detail it shows, if any) and the QR overlay it leads to. */
export function useTrackActions(here: DetailRef | undefined): TrackActions {
  const { nav } = useTunewall();
  const [panel, setPanel] = useState<{ track: TrackView; origin: string } | undefined>(undefined);
  const [phone, setPhone] = useState<PhoneTarget | undefined>(undefined);
  const [pairing, setPairing] = useState(false);
  const leaving = useRef(false);

  const openPanel = useCallback((track: TrackView, origin: string) => {
    leaving.current = false;
    setPanel({ track, origin });
  }, []);
  const openPhone = useCallback((target: PhoneTarget) => setPhone(target), []);
  const returnFocus = useCallback(() => !leaving.current, []);

  const go = (ref: DetailRef, title: string): void => {
    if (panel === undefined) return;
    leaving.current = true;
    setPanel(undefined);
    // An album opened from one of its tracks shows that track, not the album's first.
    const focusTrackId = ref.kind === 'album' ? panel.track.id : undefined;
    nav.getState().push({ name: 'detail', ref, title, focusTrackId }, panel.origin);
  };

  const overlays = (
    <>
      {panel !== undefined && (
        <TrackPanel
          track={panel.track}
          here={here}
          onPhone={() => setPhone(phoneTargetOf(panel.track))}
          onPairPhone={() => setPairing(true)}
          onGo={go}
          onClose={() => setPanel(undefined)}
          returnFocus={returnFocus}
          opener={panel.origin}
        />
      )}
      {phone !== undefined && <PhoneOverlay target={phone} onClose={() => setPhone(undefined)} />}
      {pairing && <UsePhoneDialog onClose={() => setPairing(false)} opener="panel-send" />}
    </>
  );
  return { openPanel, openPhone, overlays };
}

/**
 * The remote's play/pause key: the focused track straight to the phone (`trackAt` says which track a focus key is,
 * if any), else `whole`, the page itself, when it has one.
 */
export function usePlayPause(
  trackAt: (focusKey: string) => TrackView | undefined,
  openPhone: (target: PhoneTarget) => void,
  whole: PhoneTarget | undefined,
): void {
  const latest = useRef({ trackAt, openPhone, whole });
  useEffect(() => {
    latest.current = { trackAt, openPhone, whole };
  });
  useEffect(
    () =>
      intents.on('play-pause', () => {
        const { trackAt: find, openPhone: open, whole: page } = latest.current;
        const track = find(getCurrentFocusKey());
        if (track !== undefined) open(phoneTargetOf(track));
        else if (page !== undefined) open(page);
      }),
    [],
  );
}

/** `trackAt` for a track list, whose tracks are focused as `track:N`. */
export function trackInList(tracks: readonly (TrackView | undefined)[]): (focusKey: string) => TrackView | undefined {
  return (focusKey) => {
    const match = /^track:(\d+)$/.exec(focusKey);
    return match ? tracks[Number(match[1])] : undefined;
  };
}

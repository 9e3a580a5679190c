/**
 * Tells the core what the TV shows, each time it changes, for the paired phones: the kind of screen and, on a detail,
 * which one. While a member is on screen, Home, Settings and a playlist are theirs (other members' phones learn only the
 * kind of screen); the catalog's charts, stations, albums and artists are told to every phone.
 */
import { useEffect } from 'react';
import { GUEST_KEY, type AppState } from '../../../shared/bridge';
import type { CompanionScreen } from '../../../shared/companion';
import type { Screen } from '../store/navStore';
import { scheduleIdle } from '../input/idle';
import { useApp, useNav, useTunewall } from '../store/context';

/** The phones hear of a new screen within this long of its painting, however busy the TV is. */
const REPORT_WITHIN_MS = 150;

export function companionScreenOf(state: AppState | undefined, top: Screen | undefined): CompanionScreen | undefined {
  if (state === undefined || !state.companion.available) return undefined;
  const { auth, household } = state;
  if (auth.status === 'choosing') return { kind: 'chooser', scope: 'public' };
  if (auth.status !== 'signed-in' || household.adding !== undefined) return { kind: 'pairing', scope: 'public' };
  const scope = household.active === undefined || household.active === GUEST_KEY ? 'public' : 'member';
  switch (top?.name) {
    case undefined:
    case 'home':
      return { kind: 'home', scope };
    case 'settings':
      return { kind: 'settings', scope };
    case 'chooser':
      return { kind: 'chooser', scope: 'public' };
    case 'detail':
      // The catalog's details are everyone's; a playlist may be the member's own collection.
      return { kind: 'detail', ref: top.ref, title: top.title === '' ? undefined : top.title, scope: top.ref.kind === 'playlist' ? scope : 'public' };
  }
}

export function useScreenReport(): void {
  const { bridge } = useTunewall();
  const top = useNav((s) => s.stack[s.stack.length - 1]?.screen);
  const state = useApp((s) => s.state);
  // Compared as text: a new state with the same screen is not a change.
  const report = JSON.stringify(companionScreenOf(state, top) ?? null);
  // Once the new screen is painted: the phones are not what the viewer waits for, and a request started inside the
  // commit that draws the screen (the bridge's fetch) delayed its first frame (CPU 4×: 16 ms of "Show on TV").
  useEffect(() => {
    const parsed = JSON.parse(report) as CompanionScreen | null;
    if (parsed === null) return undefined;
    let current = true;
    scheduleIdle(() => {
      if (current) bridge.companionScreen(parsed).catch((error: unknown) => console.warn('the screen was not told to the phones', error));
    }, REPORT_WITHIN_MS);
    return () => {
      current = false;
    };
  }, [bridge, report]);
}

/** useScreenReport as an element of the app. */
export function ScreenReport(): null {
  useScreenReport();
  return null;
}

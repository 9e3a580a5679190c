/**
 * A phone's "Show on TV", as the remote would have done it: the detail opened on top of the screen (Back returns where
 * the person was), a track in the detail it was found in, focused there with its panel open.
 */
import { getCurrentFocusKey } from '@noriginmedia/norigin-spatial-navigation';
import type { AppState } from '../../../shared/bridge';
import type { ShowOnTvTarget } from '../../../shared/companion';
import type { NavStore } from '../store/navStore';

/**
 * Whether `target` was opened: only over a member's or the guest's screens, and a track only within a detail. `title`
 * (the one the phone showed) is the heading until the detail arrives, as a tile's is for the remote.
 */
export function showOnTv(
  nav: NavStore,
  state: AppState | undefined,
  target: ShowOnTvTarget,
  title = '',
  focusKey: string = getCurrentFocusKey(),
): boolean {
  if (state?.auth.status !== 'signed-in' || state.household.adding !== undefined) return false;
  const ref = target.kind === 'detail' ? target.ref : target.in;
  if (ref === undefined) return false;
  const track = target.kind === 'track' ? { focusTrackId: target.trackId, panelTrackId: target.trackId } : {};
  nav.getState().push({ name: 'detail', ref, title, ...track }, focusKey);
  return true;
}

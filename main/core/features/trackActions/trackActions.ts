/** What a viewer can do with a track beyond playing it on their phone: favourites. */
import type { BridgeHandlers } from '../../../../shared/bridge';
import { CoreError } from '../../errors';
import { failure } from '../results';

export interface TrackActions {
  handlers: Pick<BridgeHandlers, 'favoriteState' | 'addFavorite'>;
}

/** What the bridge contract names but this core does not serve yet: a plain failure, never a crash. */
function notYetShown(): CoreError {
  return new CoreError({ kind: 'invalid-response', message: 'Tunewall cannot show this yet.', retryable: false });
}

export function createTrackActions(): TrackActions {
  return {
    handlers: {
      favoriteState: async () => failure(notYetShown()),
      addFavorite: async () => failure(notYetShown()),
    },
  };
}

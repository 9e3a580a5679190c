/** Pictures for genre station tiles, which the service gives none. */
import type { BridgeHandlers } from '../../../../shared/bridge';
import { CoreError } from '../../errors';
import { failure } from '../results';

export interface StationArt {
  handlers: Pick<BridgeHandlers, 'stationArt'>;
}

/** What the bridge contract names but this core does not serve yet: a plain failure, never a crash. */
function notYetShown(): CoreError {
  return new CoreError({ kind: 'invalid-response', message: 'Tunewall cannot show this yet.', retryable: false });
}

export function createStationArt(): StationArt {
  return { handlers: { stationArt: async () => failure(notYetShown()) } };
}

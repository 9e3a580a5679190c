/** The live stream as React state: whether the TV is reachable, what it shows, and what it sent to this phone. */
import { useEffect, useState } from 'react';
import type { CompanionScreen, SentItem } from '../../../../shared/companion';
import { startLive, type LiveStatus } from '../live/live';
import type { PhoneEnv } from './App';

/** Items sent to the phone kept on the page (newest first). */
const KEPT_SENT = 50;

export interface Live {
  status: LiveStatus;
  screen: CompanionScreen | undefined;
  sent: Array<{ item: SentItem; sentAt: number }>;
}

export function useLive(env: PhoneEnv, unpaired: () => void): Live {
  const [live, setLive] = useState<Live>({ status: 'connecting', screen: undefined, sent: [] });
  useEffect(() => {
    const stream = startLive({
      fetch: env.fetch,
      credential: () => env.credentials.get(),
      random: env.random,
      onStatus: (status) => setLive((l) => ({ ...l, status })),
      onUnpaired: unpaired,
      onEvent(event) {
        if (event.type === 'screen') setLive((l) => ({ ...l, screen: event.screen }));
        else setLive((l) => ({ ...l, sent: [{ item: event.item, sentAt: event.sentAt }, ...l.sent].slice(0, KEPT_SENT) }));
      },
    });
    return () => stream.stop();
  }, [env, unpaired]);
  return live;
}

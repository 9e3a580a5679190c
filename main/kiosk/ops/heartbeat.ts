/**
 * The page's heartbeat (`POST /api/heartbeat`, kiosk shell only): what it shows and whether it shows a problem, sent
 * from an animation frame, so a beat also says the page still paints. The answer sets the pace of the next beat and,
 * when recovery decided so, asks the page to reload itself.
 */
import { z } from 'zod';
import { PROBLEMS, SCREENS, type Heartbeat } from './status';

const MAX_PRESSES = 200;

export const HeartbeatSchema = z.object({
  screen: z.enum(SCREENS),
  problem: z.enum(PROBLEMS),
  presses: z.array(z.number().finite().nonnegative().max(60_000)).max(MAX_PRESSES).optional(),
});

export interface HeartbeatAnswer {
  /** When to send the next beat. */
  intervalMs: number;
  /** Reload the page now (an error or blank screen has lasted too long while the service answers). */
  reload: boolean;
}

export interface HeartbeatReceiver {
  /** undefined: the body is not a heartbeat (answered 400). */
  receive(body: unknown): HeartbeatAnswer | undefined;
}

export function createHeartbeatReceiver(options: {
  intervalMs: number;
  note: (beat: Heartbeat) => void;
  /** Whether the page should reload now; asked once per beat. */
  takeReload: () => boolean;
}): HeartbeatReceiver {
  return {
    receive(body) {
      const parsed = HeartbeatSchema.safeParse(body);
      if (!parsed.success) return undefined;
      options.note(parsed.data);
      return { intervalMs: options.intervalMs, reload: options.takeReload() };
    },
  };
}

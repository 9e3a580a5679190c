import type { ImageView, TunewallBridge } from '../../../shared/bridge';
import type { Territory } from '../../../shared/territory';
import { scheduleIdle } from '../input/idle';

/** Stations whose art is asked for at once; the rest wait their turn, so a screen of tiles is not one burst. */
const AT_ONCE = 3;

/**
 * Pictures for genre stations' tiles (the contract gives them none; the core composes them from the album art of
 * each station's first tracks). Asked for in idle time, a few at a time, never in the task of a remote press; kept
 * for the session, per territory (stations differ by territory).
 */
export class StationArtLoader {
  private readonly known = new Map<string, ImageView[]>();
  private readonly inFlight = new Map<string, Promise<ImageView[] | undefined>>();
  private readonly queue: (() => void)[] = [];
  private running = 0;

  constructor(private readonly bridge: TunewallBridge) {}

  cached(territory: Territory | undefined, stationId: string): ImageView[] | undefined {
    return this.known.get(`${territory ?? ''}:${stationId}`);
  }

  /** The station's pictures (none when it has no art); undefined when they did not load (asked for again next time). */
  load(territory: Territory | undefined, stationId: string): Promise<ImageView[] | undefined> {
    const key = `${territory ?? ''}:${stationId}`;
    const known = this.known.get(key);
    if (known !== undefined) return Promise.resolve(known);
    const waiting = this.inFlight.get(key);
    if (waiting !== undefined) return waiting;
    const promise = new Promise<ImageView[] | undefined>((resolve) => {
      this.queue.push(() => {
        this.bridge.stationArt(stationId).then(
          (result) => {
            if (result.ok) this.known.set(key, result.value);
            else console.warn('station art did not load', result.error.message);
            resolve(result.ok ? result.value : undefined);
          },
          (error: unknown) => {
            console.warn('station art did not load', error);
            resolve(undefined);
          },
        ).finally(() => {
          this.inFlight.delete(key);
          this.running--;
          this.next();
        });
      });
    });
    this.inFlight.set(key, promise);
    this.next();
    return promise;
  }

  private next(): void {
    if (this.running >= AT_ONCE) return;
    const job = this.queue.shift();
    if (job === undefined) return;
    this.running++;
    scheduleIdle(job);
  }
}

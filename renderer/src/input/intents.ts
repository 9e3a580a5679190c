import { HELD_KEY_INTERVAL_MS, RepeatThrottle, intentForKey, type UiIntent } from './keymap';

export type NavKey = 'left' | 'right' | 'up' | 'down' | 'enter';

/** Where arrow and select intents go: Norigin's key handlers, handed over by the layout adapter. */
export interface NavSink {
  keyDown(key: NavKey, event: Event): void;
  keyUp(key: NavKey): void;
}

/** Returns true when it consumed the intent (for instance, waking from kiosk idle). */
export type IntentInterceptor = (intent: UiIntent) => boolean;
export type IntentHandler = () => void;
/** The intents a screen or a dialog answers itself, innermost first. */
type HandledIntent = 'back' | 'play-pause' | 'info';

const NAV_KEYS: Partial<Record<UiIntent, NavKey>> = {
  up: 'up',
  down: 'down',
  left: 'left',
  right: 'right',
  select: 'enter',
};

/**
 * The one place intents flow through: keyboard and remote keys, the bridge's `intent` events, tests.
 * Back and play-pause go to the innermost handler (a dialog before its screen), so each layer only says what it does.
 */
export class IntentHub {
  private sink: NavSink | undefined;
  private interceptors: IntentInterceptor[] = [];
  private handlers: Record<HandledIntent, IntentHandler[]> = { back: [], 'play-pause': [], info: [] };
  private beforeNav: (() => void) | undefined;

  setSink(sink: NavSink | undefined): void {
    this.sink = sink;
  }

  /** Runs before every arrow or select so focus can be put back somewhere visible if its element went away. */
  setBeforeNavigate(fn: (() => void) | undefined): void {
    this.beforeNav = fn;
  }

  intercept(fn: IntentInterceptor): () => void {
    this.interceptors.push(fn);
    return () => {
      this.interceptors = this.interceptors.filter((f) => f !== fn);
    };
  }

  /** The latest registered handler wins until it unregisters. */
  on(intent: HandledIntent, fn: IntentHandler): () => void {
    this.handlers[intent].push(fn);
    return () => {
      this.handlers[intent] = this.handlers[intent].filter((f) => f !== fn);
    };
  }

  dispatch(intent: UiIntent, event: Event = new Event('intent')): void {
    for (const interceptor of this.interceptors) {
      if (interceptor(intent)) return;
    }
    const navKey = NAV_KEYS[intent];
    if (navKey !== undefined) {
      this.beforeNav?.();
      this.sink?.keyDown(navKey, event);
      if (event.type !== 'keydown') this.sink?.keyUp(navKey);
      return;
    }
    if (intent === 'back' || intent === 'play-pause' || intent === 'info') {
      const list = this.handlers[intent];
      list[list.length - 1]?.();
    }
  }

  release(intent: UiIntent): void {
    const navKey = NAV_KEYS[intent];
    if (navKey !== undefined) this.sink?.keyUp(navKey);
  }
}

export const intents = new IntentHub();

/** Listens to a window's keys, turns them into intents and throttles held keys. Returns the detach function. */
export function attachKeyboard(
  target: Window,
  hub: IntentHub,
  now: () => number = () => performance.now(),
  minRepeatMs: number = HELD_KEY_INTERVAL_MS,
): () => void {
  const throttle = new RepeatThrottle(minRepeatMs);
  const down = (event: KeyboardEvent): void => {
    const intent = intentForKey(event);
    if (intent === undefined) return;
    event.preventDefault();
    if (!throttle.accept(intent, event.repeat, now())) return;
    hub.dispatch(intent, event);
  };
  const up = (event: KeyboardEvent): void => {
    const intent = intentForKey(event);
    if (intent === undefined) return;
    throttle.release(intent);
    hub.release(intent);
  };
  const attach = (): void => {
    target.addEventListener('keydown', down);
    target.addEventListener('keyup', up);
  };
  // Presses made while the page was painted but not running yet (a first screen the kiosk shell drew) are played in
  // order, each in a turn of the event loop of its own, as they came: Norigin settles a focus asynchronously (it
  // measures through promises), both the first one the screens ask for as they mount and the one each press moves to.
  // Until the last is played, the early script keeps any further press, in order.
  const early = target.tunewallEarlyKeys;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const play = (): void => {
    const event = early?.next();
    if (event === undefined) {
      timer = undefined;
      early?.stop();
      attach();
      return;
    }
    if (event.type === 'keydown') down(event);
    else up(event);
    timer = setTimeout(play, 0);
  };
  if (early === undefined) {
    attach();
  } else {
    target.tunewallEarlyKeys = undefined;
    timer = setTimeout(play, 0);
  }
  return () => {
    if (timer !== undefined) {
      clearTimeout(timer);
      early?.stop();
    }
    target.removeEventListener('keydown', down);
    target.removeEventListener('keyup', up);
  };
}

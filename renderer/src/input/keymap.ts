/**
 * One table for every remote: key names and legacy key codes (Tizen, webOS, set-top boxes) become a few intents.
 * Screens only ever see intents.
 */
/** `info`: the remote's Info key, which has voice guidance say where you are again. */
export type UiIntent = 'up' | 'down' | 'left' | 'right' | 'select' | 'back' | 'play-pause' | 'info';

const BY_KEY: Readonly<Record<string, UiIntent>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Up: 'up',
  Down: 'down',
  Left: 'left',
  Right: 'right',
  Enter: 'select',
  NumpadEnter: 'select',
  Select: 'select',
  Accept: 'select',
  Escape: 'back',
  Esc: 'back',
  Backspace: 'back',
  BrowserBack: 'back',
  GoBack: 'back',
  MediaPlayPause: 'play-pause',
  MediaPlay: 'play-pause',
  MediaPause: 'play-pause',
  Play: 'play-pause',
  Pause: 'play-pause',
  Info: 'info',
  F1: 'info',
};

const BY_CODE: Readonly<Record<number, UiIntent>> = {
  37: 'left',
  38: 'up',
  39: 'right',
  40: 'down',
  13: 'select',
  8: 'back',
  27: 'back',
  10009: 'back', // Tizen Return
  461: 'back', // webOS Back
  166: 'back', // BrowserBack on some boxes
  415: 'play-pause', // Play
  19: 'play-pause', // Pause
  179: 'play-pause', // MediaPlayPause
  10252: 'play-pause', // Tizen MediaPlayPause
  457: 'info', // Info on Tizen, webOS and HbbTV remotes
};

export interface KeyLike {
  key?: string;
  code?: string;
  keyCode?: number;
  target?: EventTarget | null;
}

/** Typing in a field must keep Backspace as a delete key, not a way out of the screen. */
export function isTextField(target: EventTarget | null | undefined): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(target.type);
  }
  return false;
}

export function intentForKey(event: KeyLike): UiIntent | undefined {
  const byName = (event.key !== undefined && BY_KEY[event.key]) || (event.code !== undefined && BY_KEY[event.code]);
  const intent = byName || (event.keyCode !== undefined ? BY_CODE[event.keyCode] : undefined);
  if (intent === undefined) return undefined;
  if (intent === 'back' && isBackspace(event) && isTextField(event.target)) return undefined;
  if (intent !== 'back' && intent !== 'play-pause' && intent !== 'info' && isTextField(event.target) && intent !== 'select') {
    // Arrows inside a text field move the caret.
    return intent === 'up' || intent === 'down' ? intent : undefined;
  }
  return intent;
}

/**
 * A digit key (the remote's number keys, the keyboard's row and keypad) as its digit; undefined for any other key.
 * Digits are not intents: only a field that takes them (the PIN) listens for them.
 */
export function digitForKey(event: KeyLike): number | undefined {
  if (event.key !== undefined && /^[0-9]$/.test(event.key)) return Number(event.key);
  const code = event.code !== undefined ? /^(?:Digit|Numpad)([0-9])$/.exec(event.code)?.[1] : undefined;
  if (code !== undefined) return Number(code);
  const keyCode = event.keyCode;
  if (keyCode !== undefined && keyCode >= 48 && keyCode <= 57) return keyCode - 48;
  if (keyCode !== undefined && keyCode >= 96 && keyCode <= 105) return keyCode - 96;
  return undefined;
}

function isBackspace(event: KeyLike): boolean {
  return event.key === 'Backspace' || event.code === 'Backspace' || event.keyCode === 8;
}

/**
 * Lets a held key repeat at most once per `minIntervalMs`; a fresh press always passes.
 * Time comes from the caller so the rule is testable without waiting.
 */
export class RepeatThrottle {
  private last = new Map<UiIntent, number>();
  constructor(private readonly minIntervalMs: number) {}

  accept(intent: UiIntent, repeat: boolean, now: number): boolean {
    const previous = this.last.get(intent);
    if (repeat && previous !== undefined && now - previous < this.minIntervalMs) return false;
    this.last.set(intent, now);
    return true;
  }

  release(intent: UiIntent): void {
    this.last.delete(intent);
  }
}

export const HELD_KEY_INTERVAL_MS = 80;

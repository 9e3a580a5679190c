/**
 * Voice guidance's timing: what is said when, from the focus and key presses the page already has. Focus that comes to
 * rest is said as soon as it has been drawn, and every press cuts off what was being said; while a key repeats (held
 * down) nothing is said until it comes up, where focus stopped. A screen's name (or a dialog's title) goes before the
 * first item focused in it, and a list's description (aria-describedby) before the first item focused in the list.
 * Statuses wait their turn.
 *
 * Inside a press it only takes note (a counter, a flag, one animation frame asked for): cutting off the speech, finding
 * the focused item and working out its name all wait for the task after the frame that draws the new focus, so voice
 * guidance adds nothing to the time a press takes to show (bench: remote press → focus painted, voice guidance on).
 */
import type { Language } from '../../../shared/bridge';
import { intentForKey } from '../input/keymap';
import { focusedElement, spokenDescription, spokenName } from './focusedName';
import type { Speech, SpeechRequest } from './speech';

export interface Phrase {
  text: string;
  rate?: SpeechRequest['rate'];
}

export interface AnnouncerDeps {
  win: Window;
  speech: Speech;
  language: () => Language;
  /** Tells `listener` each time the navigation moves focus (navigation.ts onFocusMoved); returns the way to stop. */
  onFocusMoved: (listener: () => void) => () => void;
  /** A key down for longer than this without coming up (a remote that sends no key-up): focus is said anyway. */
  keyUpTimeoutMs?: number;
  /** How long a new screen's name waits for its first focus before it is said on its own. */
  screenFocusWaitMs?: number;
}

const DIALOG = '[role="dialog"], [role="alertdialog"]';
/** A list or row with a description of its own (aria-describedby): said once, as focus comes into it. */
const DESCRIBED = '[aria-describedby]';

export class Announcer {
  private readonly doc: Document;
  /** Keys repeating now (held down): what focus passes over is not said. */
  private readonly held = new Set<string>();
  private focus: HTMLElement | undefined;
  private dialog: Element | undefined;
  private described: Element | undefined;
  private unsaid = false;
  /** A press came: what is being said is cut off after its frame, unless something new is said first. */
  private cutOff = false;
  private screenPhrases: Phrase[] = [];
  private pendingScreen: Phrase[] | undefined;
  private pendingLead: Phrase[] = [];
  private screenTimer: ReturnType<typeof setTimeout> | undefined;
  private keyTimer: ReturnType<typeof setTimeout> | undefined;
  private sawKeyUp = false;
  /** The task after the next frame is asked for: further notes in the same frame add nothing. */
  private frameQueued = false;
  /** One channel for every "after the frame" task: a press allocates nothing for it (see start for its two hops). */
  private readonly afterFrame = new MessageChannel();
  private detach: (() => void) | undefined;

  constructor(private readonly deps: AnnouncerDeps) {
    this.doc = deps.win.document;
  }

  start(): void {
    const { win } = this.deps;
    const down = (event: KeyboardEvent): void => {
      if (intentForKey(event) === undefined) return;
      this.cutOff = true;
      this.queueAfterFrame();
      if (!event.repeat) return;
      this.held.add(event.code || event.key);
      if (this.keyTimer !== undefined) clearTimeout(this.keyTimer);
      // Only on a device whose keys have never come up: elsewhere a slow moment between two repeats is no release.
      if (!this.sawKeyUp) this.keyTimer = setTimeout(() => this.release(undefined), this.deps.keyUpTimeoutMs ?? 600);
    };
    const up = (event: KeyboardEvent): void => {
      this.sawKeyUp = true;
      this.release(event.code || event.key);
    };
    const blur = (): void => this.release(undefined);
    const moved = (): void => this.queueAfterFrame();
    // Two hops after the frame: the first lets every task queued while the frame was drawn (whatever else waits for a
    // frame's end) run before, the second does the work. Speech is the last thing a press needs.
    let hop = 0;
    this.afterFrame.port1.onmessage = () => {
      hop += 1;
      if (hop % 2 === 1) this.afterFrame.port2.postMessage(null);
      else this.afterFrameWork();
    };
    win.addEventListener('keydown', down, true);
    win.addEventListener('keyup', up, true);
    win.addEventListener('blur', blur);
    // DOM focus moved by the page itself (not by the navigation): a dialog's first button, a text field.
    this.doc.addEventListener('focusin', moved);
    const offMoved = this.deps.onFocusMoved(moved);
    this.detach = () => {
      win.removeEventListener('keydown', down, true);
      win.removeEventListener('keyup', up, true);
      win.removeEventListener('blur', blur);
      this.doc.removeEventListener('focusin', moved);
      offMoved();
      this.afterFrame.port1.onmessage = null;
      this.afterFrame.port1.close();
    };
    this.focus = focusedElement(this.doc);
  }

  dispose(): void {
    this.detach?.();
    clearTimeout(this.screenTimer);
    clearTimeout(this.keyTimer);
    this.deps.speech.cancel();
  }

  /**
   * A screen opened: its name (and what it says first, Pairing's instructions) goes before its first focus. `lead`:
   * what happened on the way ("Signed out"), said first; kept when the screen is replaced before it was said.
   */
  screen(phrases: Phrase[], lead: Phrase[] = []): void {
    this.screenPhrases = phrases;
    this.pendingLead = this.pendingScreen === undefined ? lead : [...this.pendingLead, ...lead];
    this.pendingScreen = phrases;
    this.dialog = undefined;
    clearTimeout(this.screenTimer);
    // The screen's focus lands a moment after it draws; a screen with nothing to focus is said on its own.
    this.screenTimer = setTimeout(() => this.sayFocus(true), this.deps.screenFocusWaitMs ?? 400);
    this.queueAfterFrame();
  }

  /** A status: said once, after what is being said, without moving focus. */
  status(text: string): void {
    this.say([{ text }], 'queue');
  }

  /** Says `phrases` at once, cutting off what was being said (the pairing code again, on OK). */
  now(phrases: Phrase[]): void {
    this.say(phrases, 'interrupt');
  }

  /** The repeat key: where you are, again. */
  repeat(): void {
    const element = focusedElement(this.doc);
    const dialog = element?.closest(DIALOG);
    const phrases = [...this.screenPhrases];
    if (dialog) phrases.push({ text: spokenName(dialog) });
    const described = element?.closest(DESCRIBED);
    if (described) phrases.push({ text: spokenDescription(described) });
    if (element !== undefined) phrases.push({ text: spokenName(element) });
    this.say(phrases, 'interrupt');
  }

  private release(key: string | undefined): void {
    if (key === undefined) this.held.clear();
    else this.held.delete(key);
    if (this.held.size > 0 || this.frameQueued) return;
    clearTimeout(this.keyTimer);
    this.keyTimer = undefined;
    if (this.unsaid) this.sayFocus(false);
  }

  /** Asks for the task after the next frame (at once where the page draws no frames: tests). */
  private queueAfterFrame(): void {
    if (this.frameQueued) return;
    this.frameQueued = true;
    if (typeof requestAnimationFrame !== 'function') {
      setTimeout(() => this.afterFrameWork(), 0);
      return;
    }
    requestAnimationFrame(() => this.afterFrame.port2.postMessage(null));
  }

  /**
   * After the frame that drew the presses and focus moves since the last one: the focus where it is now said (unless a
   * key is held), else what was being said cut off.
   */
  private afterFrameWork(): void {
    this.frameQueued = false;
    const element = focusedElement(this.doc);
    if (element !== undefined && element !== this.focus) {
      this.focus = element;
      this.unsaid = true;
    }
    if (this.unsaid && this.held.size === 0) this.sayFocus(false);
    else if (this.cutOff) {
      this.cutOff = false;
      this.deps.speech.cancel();
    }
  }

  private sayFocus(screenAlone: boolean): void {
    const element = focusedElement(this.doc);
    const phrases: Phrase[] = [];
    if (this.pendingScreen !== undefined) {
      phrases.push(...this.pendingLead, ...this.pendingScreen);
      this.pendingScreen = undefined;
      this.pendingLead = [];
      clearTimeout(this.screenTimer);
    } else if (screenAlone) {
      return;
    }
    this.unsaid = false;
    // What is said now is not said again when the frame's check finds it.
    if (element !== undefined) this.focus = element;
    if (element !== undefined && element.isConnected) {
      const dialog = element.closest(DIALOG) ?? undefined;
      if (dialog !== this.dialog && dialog !== undefined) phrases.push({ text: spokenName(dialog) });
      this.dialog = dialog;
      const described = element.closest(DESCRIBED) ?? undefined;
      if (described !== this.described && described !== undefined) phrases.push({ text: spokenDescription(described) });
      this.described = described;
      const name = spokenName(element);
      if (name !== '') phrases.push({ text: name });
    }
    this.say(phrases, 'interrupt');
  }

  private say(phrases: Phrase[], mode: SpeechRequest['mode']): void {
    // A press's cut comes first, whatever is said next: what was being said when the key went down is not heard on.
    if (this.cutOff) {
      this.cutOff = false;
      this.deps.speech.cancel();
    }
    const language = this.deps.language();
    phrases
      .filter((phrase) => phrase.text !== '')
      .forEach((phrase, i) =>
        this.deps.speech.speak({ text: phrase.text, language, rate: phrase.rate ?? 'normal', mode: i === 0 ? mode : 'queue' }),
      );
  }
}

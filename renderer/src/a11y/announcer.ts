/**
 * Voice guidance's timing: what is said when, from the focus and key presses the page already has. Focus that comes to
 * rest is said as soon as it has been drawn, and every press cuts off what was being said; while a key repeats (held
 * down) nothing is said until it comes up, where focus stopped. A screen's name (or a dialog's title) goes before the
 * first item focused in it, and a list's description (aria-describedby) before the first item focused in the list.
 * Statuses wait their turn.
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
  /** Counts presses: a focus said after its frame is not said if another press came meanwhile. */
  private presses = 0;
  private focus: HTMLElement | undefined;
  private dialog: Element | undefined;
  private described: Element | undefined;
  private unsaid = false;
  private screenPhrases: Phrase[] = [];
  private pendingScreen: Phrase[] | undefined;
  private pendingLead: Phrase[] = [];
  private screenTimer: ReturnType<typeof setTimeout> | undefined;
  private keyTimer: ReturnType<typeof setTimeout> | undefined;
  private checkQueued = false;
  private sawKeyUp = false;
  private scheduled = false;
  private observer: MutationObserver | undefined;
  private detach: (() => void) | undefined;

  constructor(private readonly deps: AnnouncerDeps) {
    this.doc = deps.win.document;
  }

  start(): void {
    const { win } = this.deps;
    // Capture: before the key map turns the press into a move, so what was being said stops first.
    const down = (event: KeyboardEvent): void => {
      if (intentForKey(event) === undefined) return;
      this.presses += 1;
      this.deps.speech.cancel();
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
    const focusIn = (): void => this.queueCheck();
    win.addEventListener('keydown', down, true);
    win.addEventListener('keyup', up, true);
    win.addEventListener('blur', () => this.release(undefined));
    this.doc.addEventListener('focusin', focusIn);
    // Focus is drawn as a class the navigation moves; watching that attribute is how the page learns of a move.
    const observer = new MutationObserver(() => this.queueCheck());
    this.observer = observer;
    observer.observe(this.doc.body, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
    this.detach = () => {
      win.removeEventListener('keydown', down, true);
      win.removeEventListener('keyup', up, true);
      this.doc.removeEventListener('focusin', focusIn);
    };
    this.focus = focusedElement(this.doc);
  }

  dispose(): void {
    this.detach?.();
    this.observer?.disconnect();
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
    this.queueCheck();
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
    if (this.held.size > 0 || this.scheduled) return;
    clearTimeout(this.keyTimer);
    this.keyTimer = undefined;
    if (this.unsaid) this.sayFocus(false);
  }

  private queueCheck(): void {
    if (this.checkQueued) return;
    this.checkQueued = true;
    queueMicrotask(() => {
      this.checkQueued = false;
      const element = focusedElement(this.doc);
      if (element === this.focus || element === undefined) return;
      this.focus = element;
      this.unsaid = true;
      if (this.held.size === 0) this.sayAfterPaint();
    });
  }

  /**
   * Once the frame showing the new focus has been drawn: working out the name reads styles, which inside the press
   * would delay the very frame that shows it. Not said if another press came meanwhile (it says its own).
   */
  private sayAfterPaint(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const press = this.presses;
    const run = (): void => {
      this.scheduled = false;
      if (press === this.presses && this.held.size === 0 && this.unsaid) this.sayFocus(false);
    };
    if (typeof requestAnimationFrame !== 'function') {
      setTimeout(run, 0);
      return;
    }
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = run;
      channel.port2.postMessage(null);
    });
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
    const language = this.deps.language();
    phrases
      .filter((phrase) => phrase.text !== '')
      .forEach((phrase, i) =>
        this.deps.speech.speak({ text: phrase.text, language, rate: phrase.rate ?? 'normal', mode: i === 0 ? mode : 'queue' }),
      );
  }
}

/**
 * Voice guidance's timing: what is said when, from the focus and key presses the page already has. Focus that comes to
 * rest is said as soon as it has been drawn, and every press cuts off what was being said; while a key repeats (held
 * down) nothing is said until it comes up, where focus stopped. A screen's name (or a dialog's title) goes before the
 * first item focused in it, and a list's description (aria-describedby) before the first item focused in the list.
 * Statuses wait their turn.
 *
 * Inside a press it only takes note (a counter, a flag, one animation frame asked for): cutting off the speech, finding
 * the focused item and working out its name all wait for a task right after the frame that draws the new focus, so
 * voice guidance adds nothing to the time a press takes to show (bench: remote press → focus painted, voice guidance
 * on). That task goes ahead of the others waiting then (soonAhead): behind them, as the second of two messages after
 * the frame, the first word came 81 ms after the key at the 95th percentile at CPU 4× (an idle render of Home, the next
 * frame's work ahead of it), and 37 ms ahead of them; done inside the frame itself it came in 20 ms, but every press
 * took 3.5 ms longer to show (bench:ab --voice, Home, 320 presses each).
 */
import type { SpeechRun } from '../../../shared/bridge';
import { splitRuns, tidyRuns, type TextLanguage } from '../../../shared/speechRuns';
import { soonAhead } from '../input/idle';
import { intentForKey } from '../input/keymap';
import { DIALOG, FOCUS_ITEM, focusedElement, spokenDescription, spokenName, spokenRuns } from './focusedName';
import { RunsAhead, type IdleScheduler, type Move } from './runsAhead';
import type { Speech, SpeechRequest } from './speech';

/** One thing to say: UI text (split into runs as UI text when said), or runs already made (an item's name). */
export interface Phrase {
  text: string;
  runs?: SpeechRun[];
  rate?: SpeechRequest['rate'];
}

export interface ItemWords {
  selected: string;
  position: (index: number, count: number) => string;
}

/** A choice in a group of choices (Settings' territory, text size…): a toggle button or radio with its state. */
const CHOICE = '[aria-pressed], [role="radio"]';
const CHOICE_GROUP = '[role="group"], [role="radiogroup"]';
/** A list whose items are said with their place in it (the track panel's actions, Home's header). */
const PLACED = '[data-spoken-place]';

/** A screen's phrases, made again when they are said again (the repeat key hears the countdown as it stands). */
export type ScreenPhrases = Phrase[] | (() => Phrase[]);

/** About how long a run takes to say, to keep a status from being cut by what follows it (a syllable a hanzi or kana). */
export function sayingMs(runs: readonly SpeechRun[]): number {
  let ms = 0;
  for (const run of runs) for (const char of run.text) ms += /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u.test(char) ? 220 : 70;
  return ms;
}

export interface AnnouncerDeps {
  win: Window;
  speech: Speech;
  /** How UI text is read now: the UI language, and the territory for the hanzi of a name in it. */
  uiText: () => TextLanguage;
  /** The words said around a choice's name: "selected", and its place ("2 of 5"). */
  words: () => ItemWords;
  /** The page's clock (performance.now), for how long a status is still being said. */
  now?: () => number;
  /** Tells `listener` each time the navigation moves focus (navigation.ts onFocusMoved); returns the way to stop. */
  onFocusMoved: (listener: () => void) => () => void;
  /** A key down for longer than this without coming up (a remote that sends no key-up): focus is said anyway. */
  keyUpTimeoutMs?: number;
  /** How long a new screen's name waits for its first focus before it is said on its own. */
  screenFocusWaitMs?: number;
  /** Work for when the page is idle (requestIdleCallback; the window's own when not given): names made ready ahead. */
  idle?: IdleScheduler;
}

/** A list or row with a description of its own (aria-describedby): said once, as focus comes into it. */
const DESCRIBED = '[aria-describedby]';

/** The elements `element`'s aria-describedby names. */
function describedBy(element: Element): Element[] {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id !== '');
  return ids.map((id) => element.ownerDocument.getElementById(id)).filter((el): el is HTMLElement => el !== null);
}

export class Announcer {
  private readonly doc: Document;
  /** Keys repeating now (held down): what focus passes over is not said. */
  private readonly held = new Set<string>();
  private focus: HTMLElement | undefined;
  /** The item last said: what a screen that follows may find still marked. */
  private saidFocus: HTMLElement | undefined;
  private dialog: Element | undefined;
  private described: Element | undefined;
  private unsaid = false;
  /** A press came: what is being said is cut off after its frame, unless something new is said first. */
  private cutOff = false;
  private screenPhrases: ScreenPhrases = [];
  private choiceObserver: MutationObserver | undefined;
  /** The focus the screen before this one left behind: never said as this screen's. */
  private leftBehind: HTMLElement | undefined;
  /** Where a focus belongs to a screen that has gone, though it is still drawn (the approved Pairing under Home). */
  private staleIn: string | undefined;
  /** The screen's own first focus has not been said yet (its name may have been, alone). */
  private firstFocusDue = false;
  /** Until then a status is being said, and nothing but the viewer's next press cuts it off. */
  private statusUntil = 0;
  /** About when everything asked for so far has been said: a status queued behind it starts only then. */
  private speakingUntil = 0;
  private pendingScreen: Phrase[] | undefined;
  private pendingLead: Phrase[] = [];
  private screenTimer: ReturnType<typeof setTimeout> | undefined;
  private keyTimer: ReturnType<typeof setTimeout> | undefined;
  private sawKeyUp = false;
  /** The task after the next frame is asked for: further notes in the same frame add nothing. */
  private frameQueued = false;
  private detach: (() => void) | undefined;
  /** Disposed: a frame's task still on its way does nothing. */
  private disposed = false;

  /** The runs of the item the viewer's next press likely lands on, made while the page is idle. */
  private readonly ahead: RunsAhead;
  /** Where the last press moved focus: the way the viewer is going. */
  private lastMove: Move | undefined;

  constructor(private readonly deps: AnnouncerDeps) {
    this.doc = deps.win.document;
    const { win } = deps;
    const idle = deps.idle ?? (typeof win.requestIdleCallback === 'function' ? (work) => win.requestIdleCallback(work) : undefined);
    this.ahead = new RunsAhead(idle, () => this.deps.uiText());
  }

  start(): void {
    const { win } = this.deps;
    const down = (event: KeyboardEvent): void => {
      const intent = intentForKey(event);
      if (intent === undefined) return;
      this.cutOff = true;
      // Nothing more is made ahead until this press's focus has been said.
      this.ahead.stop();
      this.lastMove = intent === 'up' || intent === 'down' || intent === 'left' || intent === 'right' ? intent : undefined;
      // Where the viewer goes is said, parked or not.
      this.firstFocusDue = false;
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
    };
    this.focus = focusedElement(this.doc);
  }

  dispose(): void {
    this.disposed = true;
    this.ahead.stop();
    this.detach?.();
    this.choiceObserver?.disconnect();
    clearTimeout(this.screenTimer);
    clearTimeout(this.keyTimer);
    this.deps.speech.cancel();
  }

  /**
   * A screen opened: its name (and what it says first, Pairing's instructions) goes before its first focus. `lead`:
   * what happened on the way ("Signed out"), said first; kept when the screen is replaced before it was said.
   */
  screen(phrases: ScreenPhrases, lead: Phrase[] = [], staleIn?: string): void {
    this.screenPhrases = phrases;
    this.staleIn = staleIn;
    this.firstFocusDue = true;
    this.pendingLead = this.pendingScreen === undefined ? lead : [...this.pendingLead, ...lead];
    this.pendingScreen = typeof phrases === 'function' ? phrases() : phrases;
    this.dialog = undefined;
    this.described = undefined;
    // The old screen's focus may still be marked for a moment after this one draws (Pairing's code card after sign-in);
    // a focus the new screen has already set is its own.
    this.leftBehind = this.saidFocus;
    clearTimeout(this.screenTimer);
    // The screen's focus lands a moment after it draws; a screen with nothing to focus is said on its own.
    this.screenTimer = setTimeout(() => this.sayFocus(true), this.deps.screenFocusWaitMs ?? 400);
    this.queueAfterFrame();
  }

  /** A status: said once, after what is being said, without moving focus; only the viewer's next press cuts it off. */
  status(text: string, about?: Phrase): void {
    this.say(about === undefined ? [{ text }] : [about, { text }], 'queue', true);
  }

  /** Says `phrases` at once, cutting off what was being said (the pairing code again, on OK). */
  now(phrases: Phrase[]): void {
    this.say(phrases, 'interrupt');
  }

  /** The repeat key: where you are, again. */
  repeat(): void {
    // The viewer's own press: it may cut off a status.
    this.statusUntil = 0;
    const element = focusedElement(this.doc);
    const dialog = element?.closest(DIALOG);
    const phrases = typeof this.screenPhrases === 'function' ? this.screenPhrases() : [...this.screenPhrases];
    if (dialog) phrases.push(...this.dialogPhrases(dialog));
    const described = element?.closest(DESCRIBED);
    if (described && described !== dialog) phrases.push({ text: spokenDescription(described) });
    if (element !== undefined && element !== this.leftBehind) phrases.push(this.itemPhrase(element));
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
    // Posted from the frame's callbacks, it runs once the frame has been drawn.
    requestAnimationFrame(() => soonAhead(() => this.afterFrameWork()));
  }

  /**
   * After the frame that drew the presses and focus moves since the last one: the focus where it is now said (unless a
   * key is held), else what was being said cut off.
   */
  private afterFrameWork(): void {
    this.frameQueued = false;
    if (this.disposed) return;
    const element = this.currentFocus();
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

  /** The focused item, unless it is the one the screen before left behind. */
  private currentFocus(): HTMLElement | undefined {
    const element = focusedElement(this.doc);
    if (element === undefined || !element.isConnected) return undefined;
    if (element === this.leftBehind) return undefined;
    if (this.staleIn !== undefined && element.closest(this.staleIn) !== null) return undefined;
    // A new screen's focus waiting for what it is meant to land on (Home's gear until the first tile comes).
    if (this.firstFocusDue && element.hasAttribute('data-parked')) return undefined;
    this.leftBehind = undefined;
    return element;
  }

  /** A dialog's title and what it is about (aria-describedby: what the phone will open). */
  private dialogPhrases(dialog: Element): Phrase[] {
    const ui = this.deps.uiText();
    const phrases: Phrase[] = [{ text: spokenName(dialog), runs: spokenRuns(dialog, ui) }];
    for (const about of describedBy(dialog)) {
      const text = spokenName(about);
      if (text !== '') phrases.push({ text, runs: spokenRuns(about, ui, text) });
    }
    return phrases;
  }

  /**
   * What is said for an item: its name, and for a choice in a group whether it is the one chosen, the group's name and
   * its place in it ("Hong Kong, selected, Territory, 2 of 5"), as a screen reader says a radio button.
   */
  private itemPhrase(element: Element): Phrase {
    const ui = this.deps.uiText();
    const name = spokenName(element);
    const runs = this.ahead.runs(element, name, ui);
    // The words around a name are looked up only for an item that has them (a tile's name already says its place).
    const group = element.matches(CHOICE) ? element.parentElement?.closest(CHOICE_GROUP) : undefined;
    if (group === undefined || group === null) {
      const list = element.parentElement?.closest(PLACED);
      const items = list === null || list === undefined ? [] : [...list.querySelectorAll(FOCUS_ITEM)];
      if (items.length < 2 || !items.includes(element)) return { text: name, runs };
      const place = this.deps.words().position(items.indexOf(element) + 1, items.length);
      return { text: `${name}, ${place}`, runs: tidyRuns([...runs, ...splitRuns(`, ${place}`, ui)]) };
    }
    const words = this.deps.words();
    const choices = [...group.querySelectorAll(CHOICE)];
    const chosen = element.getAttribute('aria-pressed') === 'true' || element.getAttribute('aria-checked') === 'true';
    const rest = [chosen ? words.selected : '', spokenName(group), words.position(choices.indexOf(element) + 1, choices.length)]
      .filter((part) => part !== '')
      .join(', ');
    return { text: `${name}, ${rest}`, runs: tidyRuns([...runs, ...splitRuns(`, ${rest}`, ui)]) };
  }

  /** A choice made with OK keeps focus where it is: its new state is said when it comes (after the bridge answers). */
  private watchChoice(element: HTMLElement | undefined): void {
    this.choiceObserver?.disconnect();
    if (element === undefined || !element.matches(CHOICE)) return;
    if (this.choiceObserver === undefined) {
      this.choiceObserver = new MutationObserver(() => {
        const focus = this.focus;
        if (focus === undefined || !focus.isConnected || focus.getAttribute('aria-pressed') === 'false') return;
        if (focus.getAttribute('aria-checked') === 'false') return;
        this.say([this.itemPhrase(focus)], 'interrupt');
      });
    }
    this.choiceObserver.observe(element, { attributes: true, attributeFilter: ['aria-pressed', 'aria-checked'] });
  }

  private sayFocus(screenAlone: boolean): void {
    const element = this.currentFocus();
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
    if (element !== undefined) {
      this.focus = element;
      this.saidFocus = element;
    }
    this.watchChoice(element);
    if (element !== undefined) {
      const dialog = element.closest(DIALOG) ?? undefined;
      if (dialog !== this.dialog && dialog !== undefined) phrases.push(...this.dialogPhrases(dialog));
      this.dialog = dialog;
      const described = element.closest(DESCRIBED) ?? undefined;
      if (described !== this.described && described !== undefined && described !== dialog) phrases.push({ text: spokenDescription(described) });
      this.described = described;
      phrases.push(this.itemPhrase(element));
      this.firstFocusDue = false;
    }
    // A screen said on its own (its focus has not landed yet) is heard to its end, as a status is.
    this.say(phrases, 'interrupt', screenAlone);
    // Where the same press again would take focus is made ready while the page waits for it.
    if (element !== undefined && this.lastMove !== undefined) this.ahead.prepareToward(element, this.lastMove);
  }

  private say(phrases: Phrase[], mode: SpeechRequest['mode'], isStatus = false): void {
    const now = this.deps.now ?? (() => performance.now());
    // A press cuts off what was being said when the key went down, whatever is said next.
    const cut = this.cutOff;
    if (cut) {
      this.cutOff = false;
      this.statusUntil = 0;
      this.speakingUntil = 0;
    }
    // A status still being said is heard to its end: what comes without a press (a screen's title) waits for it.
    const first = mode === 'interrupt' && now() < this.statusUntil ? 'queue' : mode;
    const ui = this.deps.uiText();
    const spoken = phrases
      .map((phrase) => ({ rate: phrase.rate ?? 'normal', runs: phrase.runs ?? splitRuns(phrase.text, ui) }))
      .filter((phrase) => phrase.runs.length > 0);
    // An interruption cuts off by itself. A cancel sent ahead of it would be a second request to the shell for every
    // press, on a connection of its own: it could reach the shell after the speech it was meant to precede, and cut it.
    if (cut && (first !== 'interrupt' || spoken.length === 0)) this.deps.speech.cancel();
    let ms = 0;
    spoken.forEach((phrase, i) => {
      ms += sayingMs(phrase.runs) * (phrase.rate === 'slow' ? 1.7 : 1);
      this.deps.speech.speak({ runs: phrase.runs, rate: phrase.rate, mode: i === 0 ? first : 'queue' });
    });
    // Queued speech starts when what is ahead of it ends; an interruption starts now.
    const start = first === 'queue' ? Math.max(this.speakingUntil, now()) : now();
    this.speakingUntil = start + ms;
    if (isStatus) this.statusUntil = Math.max(this.statusUntil, this.speakingUntil);
  }
}
